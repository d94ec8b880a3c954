import { QueryBuilder } from "objection";
import { currentActor } from "./context.js";
import { diff, writeAudit } from "./record.js";
import { withRetries } from "../db/errors.js";
import { cascadesOfDelete, withCascades } from "./cascades.js";
const BEFORE = /* @__PURE__ */ Symbol("audit.before");
const CASCADES = /* @__PURE__ */ Symbol("audit.cascades");
const MAX_ROWS = 200;
const isTransaction = (knex) => Boolean(knex?.isTransaction);
const plain = (row) => Object.fromEntries(Object.entries(row).filter(([, v]) => v !== void 0));
class AuditedQueryBuilder extends QueryBuilder {
  async execute() {
    const model = this.modelClass();
    if (!model.audited || this.isFind() || !currentActor() || isTransaction(this.unsafeKnex())) return super.execute();
    return withRetries(() => model.knex().transaction((trx) => QueryBuilder.prototype.execute.call(this.clone().transacting(trx))));
  }
}
const contextOf = (args) => args.context;
async function rememberBefore(model, args, action = "update") {
  if (!model.audited || !currentActor()) return;
  const rows = (await args.asFindQuery().select(`${model.tableName}.*`).limit(MAX_ROWS + 1)).map(plain);
  contextOf(args)[BEFORE] = rows;
  if (action === "delete" && rows.length <= MAX_ROWS) contextOf(args)[CASCADES] = await cascadesOfDelete(args.transaction, model.tableName, rows);
}
function secretsOf(model, row) {
  return /* @__PURE__ */ new Set([...model.hiddenColumns, ...model.auditSecretColumns(row)]);
}
async function recordChange(model, args, action) {
  const actor = currentActor();
  if (!model.audited || !actor) return;
  const entity = model.tableName;
  let entries;
  if (action === "create") {
    entries = args.result.filter((r) => r && typeof r === "object").map((r) => {
      const row = plain(r);
      return { companyId: model.auditCompanyOf(row, actor.companyId), action, entity, entityId: row.id, changes: diff({}, row, secretsOf(model, row)) };
    });
  } else {
    const before = contextOf(args)[BEFORE] ?? [];
    const cascades = contextOf(args)[CASCADES] ?? /* @__PURE__ */ new Map();
    delete contextOf(args)[BEFORE];
    delete contextOf(args)[CASCADES];
    if (before.length > MAX_ROWS) {
      entries = [{ companyId: model.auditCompanyOf(before[0], actor.companyId), action, entity, entityId: null, changes: { rows: { after: `more than ${MAX_ROWS}` } } }];
    } else {
      const input = action === "update" ? plain(args.inputItems[0] ?? {}) : {};
      entries = withCascades(before.map((row) => ({
        companyId: model.auditCompanyOf(row, actor.companyId),
        action,
        entity,
        entityId: row.id,
        changes: diff(row, action === "update" ? input : {}, secretsOf(model, { ...row, ...input }))
      })), cascades);
    }
  }
  await writeAudit(args.transaction, entries, actor);
}
export {
  AuditedQueryBuilder,
  recordChange,
  rememberBefore
};
