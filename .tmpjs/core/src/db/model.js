import { Model } from "objection";
import { isMysql } from "./connection.js";
import { forgetDisplayNames } from "./display-names.js";
import { dbNow, fromDbTime, toDbTime } from "./time.js";
import { AuditedQueryBuilder, recordChange, rememberBefore } from "../audit/model-hooks.js";
class BaseModel extends Model {
  id;
  createdAt;
  updatedAt;
  /** Columns holding times (besides createdAt/updatedAt when `timestamps` is on). */
  static dateColumns = [];
  static booleanColumns = [];
  /** Columns never shown to a client (`toJSON()` and `jsonFromDatabaseRow` leave them out). */
  static hiddenColumns = [];
  static timestamps = true;
  /** Writes in a staff request get their own transaction when they have none (audit/model-hooks.ts). */
  static QueryBuilder = AuditedQueryBuilder;
  /** Whether the model's writes are staff changes the audit log records (audit/model-hooks.ts). */
  static audited = true;
  /** Columns of this row holding secrets, masked in the audit log (hidden columns and sealed values always are). */
  static auditSecretColumns(row) {
    void row;
    return [];
  }
  /** The company whose data a row is: the actor's for platform rows (plans, helps); tenant rows say their own. */
  static auditCompanyOf(row, actorCompanyId) {
    void row;
    return actorCompanyId;
  }
  static async beforeUpdate(args) {
    await rememberBefore(this, args);
  }
  static async beforeDelete(args) {
    await rememberBefore(this, args, "delete");
  }
  static async afterInsert(args) {
    await recordChange(this, args, "create");
  }
  static async afterUpdate(args) {
    await recordChange(this, args, "update");
  }
  static async afterDelete(args) {
    await recordChange(this, args, "delete");
  }
  /** Computed once per model class (read for every row parsed or formatted). */
  static get allDateColumns() {
    if (!Object.prototype.hasOwnProperty.call(this, "dateColumnsCache")) {
      Object.defineProperty(this, "dateColumnsCache", { value: this.timestamps ? ["createdAt", "updatedAt", ...this.dateColumns] : this.dateColumns });
    }
    return this.dateColumnsCache;
  }
  /** How each converted column of a row is read, computed once per model class. */
  static get columnKinds() {
    if (!Object.prototype.hasOwnProperty.call(this, "columnKindsCache")) {
      const kinds = /* @__PURE__ */ new Map();
      if (this.prototype.$parseDatabaseJson !== BaseModel.prototype.$parseDatabaseJson) throw new Error(`${this.name} parses rows its own way: read it as models`);
      for (const col of this.getJsonAttributes()) kinds.set(col, "json");
      for (const col of this.allDateColumns) kinds.set(col, "date");
      for (const col of this.booleanColumns) kinds.set(col, "boolean");
      for (const col of this.hiddenColumns) kinds.set(col, "hidden");
      Object.defineProperty(this, "columnKindsCache", { value: kinds });
    }
    return this.columnKindsCache;
  }
  /**
   * A database row as `toJSON()` of its model shows it (booleans, ISO times, parsed JSON, hidden columns
   * left out), without building the model: for hot reads of many rows (core/test/db/plain-rows.test.ts
   * holds the two equal).
   */
  static jsonFromDatabaseRow(row) {
    const kinds = this.columnKinds;
    const out = {};
    for (const key in row) {
      const kind = kinds.get(key);
      if (kind === void 0) out[key] = row[key];
      else if (kind !== "hidden") out[key] = jsonOfColumn(kind, row[key]);
    }
    return out;
  }
  /** Rows read as arrays (SQLite's `arrayRows`), each as `jsonFromDatabaseRow` shows the same row. */
  static jsonFromArrayRows({ columns, rows }) {
    const kinds = columns.map((col) => this.columnKinds.get(col));
    return rows.map((row) => {
      const out = {};
      for (let i = 0; i < columns.length; i++) {
        const kind = kinds[i];
        if (kind === void 0) out[columns[i]] = row[i];
        else if (kind !== "hidden") out[columns[i]] = jsonOfColumn(kind, row[i]);
      }
      return out;
    });
  }
  $beforeInsert(context) {
    void context;
    const ctor = this.constructor;
    if (ctor.timestamps) {
      const now = dbNow();
      this.createdAt ??= now;
      this.updatedAt ??= now;
    }
  }
  $beforeUpdate(opt, context) {
    void opt;
    void context;
    const ctor = this.constructor;
    if (ctor.timestamps) this.updatedAt = dbNow();
  }
  $parseDatabaseJson(json) {
    const parsed = super.$parseDatabaseJson(json);
    const ctor = this.constructor;
    for (const col of ctor.booleanColumns) {
      if (col in parsed && parsed[col] !== null) parsed[col] = Boolean(Number(parsed[col]));
    }
    for (const col of ctor.allDateColumns) {
      if (col in parsed) parsed[col] = fromDbTime(parsed[col]);
    }
    return parsed;
  }
  $formatDatabaseJson(json) {
    const formatted = super.$formatDatabaseJson(json);
    const ctor = this.constructor;
    for (const col of ctor.allDateColumns) {
      const value = formatted[col];
      if (value !== void 0 && value !== null && value !== "") formatted[col] = toDbTime(value);
    }
    for (const col of ctor.booleanColumns) {
      if (typeof formatted[col] === "boolean") formatted[col] = formatted[col] ? 1 : 0;
    }
    return formatted;
  }
  $formatJson(json) {
    const out = super.$formatJson(json);
    const ctor = this.constructor;
    for (const col of ctor.hiddenColumns) delete out[col];
    for (const col of ctor.allDateColumns) {
      if (col in out) out[col] = fromDbTime(out[col]);
    }
    for (const col of ctor.booleanColumns) {
      if (col in out && out[col] !== null && typeof out[col] !== "boolean") out[col] = Boolean(Number(out[col]));
    }
    return out;
  }
}
function jsonOfColumn(kind, value) {
  if (kind === "date") return fromDbTime(value);
  if (value === null || value === void 0) return value;
  if (kind === "boolean") return Boolean(Number(value));
  return typeof value === "string" ? parseJsonColumn(value) : value;
}
function parseJsonColumn(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
class TenantScopeError extends Error {
  constructor(table, what) {
    super(`Unscoped ${what} on tenant table "${table}": use Model.scoped(companyId) (or Model.unscoped(reason) on purpose)`);
    this.name = "TenantScopeError";
  }
}
class TenantModel extends BaseModel {
  companyId;
  static scoped(companyId) {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new TenantScopeError(this.tableName, `query (bad companyId ${companyId})`);
    return this.query().context({ companyId }).where(`${this.tableName}.companyId`, companyId);
  }
  /**
   * The rows of a `scoped(companyId)` query as plain JSON (`jsonFromDatabaseRow`), run without objection's
   * models and hooks: ~0.1 ms of CPU less per query on the ticket list's reads (docs/performance.md).
   * The company filter is the one `scoped` put in the query; a query without it is refused as the hooks would.
   */
  static async plainRows(query) {
    if (typeof query.context().companyId !== "number") throw new TenantScopeError(this.tableName, "plain read");
    const knexQuery = query.toKnexQuery();
    if (isMysql(knexQuery)) return (await knexQuery).map((row) => this.jsonFromDatabaseRow(row));
    return this.jsonFromArrayRows(await knexQuery.options({ arrayRows: true }));
  }
  static unscoped(reason) {
    return this.query().context({ companyId: "any", unscopedReason: reason });
  }
  /**
   * An instance query runs in the row's own company. Objection hides the instance from static hooks for
   * some operations (`$query().patchAndFetch()`), so the scope is carried in the context instead.
   */
  $query(trxOrKnex) {
    const query = super.$query(trxOrKnex);
    return typeof this.companyId === "number" ? query.context({ companyId: this.companyId }) : query;
  }
  static assertScoped(args, what) {
    const context = args.context;
    if (context.companyId !== void 0) return;
    if (args.relation || args.items && args.items.length > 0) return;
    throw new TenantScopeError(this.tableName, what);
  }
  /**
   * Columns other rows' views show through the cached display names (display-names.ts): an update that
   * sets one forgets the company's cached names.
   */
  static displayColumns = [];
  static async afterUpdate(args) {
    const company = this.companyOfChange(args, this.displayColumns);
    if (company !== void 0) forgetDisplayNames(company);
    await super.afterUpdate(args);
  }
  static auditCompanyOf(row, actorCompanyId) {
    const own = Number(row.companyId);
    return Number.isInteger(own) && own > 0 ? own : actorCompanyId;
  }
  /**
   * The company whose rows a write touched ('any' when the write was not scoped to one), or undefined when
   * an update set none of `columns` (`columns` undefined: any write counts, e.g. a delete).
   */
  static companyOfChange(args, columns) {
    if (columns) {
      const inputs = args.inputItems ?? [];
      if (!inputs.some((item) => columns.some((col) => item[col] !== void 0))) return void 0;
    }
    const scope = args.context.companyId;
    const rowCompany = args.items?.length === 1 ? Number(args.items[0].companyId) : NaN;
    return typeof scope === "number" ? scope : Number.isInteger(rowCompany) ? rowCompany : "any";
  }
  static async beforeFind(args) {
    this.assertScoped(args, "read");
  }
  static async beforeUpdate(args) {
    this.assertScoped(args, "update");
    await super.beforeUpdate(args);
  }
  static async beforeDelete(args) {
    this.assertScoped(args, "delete");
    await super.beforeDelete(args);
  }
  static async beforeInsert(args) {
    const context = args.context;
    const inputs = args.inputItems ?? [];
    if (typeof context.companyId === "number") {
      for (const item of inputs) {
        if (item.companyId === void 0) item.companyId = context.companyId;
        else if (Number(item.companyId) !== context.companyId) throw new TenantScopeError(this.tableName, "insert into another company");
      }
      return;
    }
    if (context.companyId === "any" || args.relation) return;
    throw new TenantScopeError(this.tableName, "insert");
  }
}
export {
  BaseModel,
  TenantModel,
  TenantScopeError
};
