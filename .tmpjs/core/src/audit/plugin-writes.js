import { currentActor } from "./context.js";
import { diff, writeAudit } from "./record.js";
import { withRetries } from "../db/errors.js";
import { cascadesOfDelete, withCascades } from "./cascades.js";
const MAX_ROWS = 200;
function auditedWrite(knex, table, companyId, action, builder, values) {
  const actor = currentActor();
  if (!actor) return builder;
  const run = Object.getPrototypeOf(builder).then;
  const execute = async () => {
    const go = async (trx) => {
      let before = [];
      let cascades = /* @__PURE__ */ new Map();
      if (action !== "create") {
        const probe = trx(table).select("*").limit(MAX_ROWS + 1);
        const own = probe;
        own._statements = [...own._statements, ...builder._statements.filter((s) => s.grouping === "where")];
        before = await probe;
        if (action === "delete" && before.length <= MAX_ROWS) cascades = await cascadesOfDelete(trx, table, before);
      }
      if (trx !== knex) builder.transacting(trx);
      const result = await run.call(builder);
      let entries;
      if (action === "create") {
        const rows = [values].flat().filter((r) => Boolean(r) && typeof r === "object");
        const first = Array.isArray(result) ? result[0] : void 0;
        const firstId = typeof first === "number" ? first : first?.id;
        entries = rows.map((row, i) => ({ companyId, action, entity: table, entityId: rows.length === 1 ? firstId ?? null : row.id ?? (i === 0 ? firstId ?? null : null), changes: diff({}, row, /* @__PURE__ */ new Set()) }));
      } else if (before.length > MAX_ROWS) {
        entries = [{ companyId, action, entity: table, entityId: null, changes: { rows: { after: `more than ${MAX_ROWS}` } } }];
      } else {
        const after = action === "update" && values && typeof values === "object" ? values : {};
        entries = withCascades(before.map((row) => ({ companyId, action, entity: table, entityId: row.id, changes: diff(row, after, /* @__PURE__ */ new Set()) })), cascades);
      }
      await writeAudit(trx, entries, actor);
      return result;
    };
    return knex.isTransaction ? go(knex) : withRetries(() => knex.transaction(go));
  };
  return Object.assign(builder, {
    then: (onFulfilled, onRejected) => execute().then(onFulfilled, onRejected)
  });
}
export {
  auditedWrite
};
