import { Model, type ModelOptions, type Pojo, type QueryContext, type StaticHookArguments, type TransactionOrKnex } from 'objection';
import type { Knex } from 'knex';
import { isMysql, type ArrayRows } from './connection.js';
import { forgetDisplayNames } from './display-names.js';
import { dbNow, fromDbTime, toDbTime } from './time.js';
import { AuditedQueryBuilder, recordChange, rememberBefore } from '../audit/model-hooks.js';

/**
 * Base of every model: timestamps kept as UTC text in the database and ISO 8601 in JSON,
 * booleans as true/false whatever the database returns, JSON columns parsed.
 */
export class BaseModel extends Model {
  id!: number;
  createdAt?: string;
  updatedAt?: string;

  /** Columns holding times (besides createdAt/updatedAt when `timestamps` is on). */
  static dateColumns: string[] = [];
  static booleanColumns: string[] = [];
  /** Columns never shown to a client (`toJSON()` and `jsonFromDatabaseRow` leave them out). */
  static hiddenColumns: string[] = [];
  static timestamps = true;

  /** Writes in a staff request get their own transaction when they have none (audit/model-hooks.ts). */
  static QueryBuilder = AuditedQueryBuilder;
  /** Whether the model's writes are staff changes the audit log records (audit/model-hooks.ts). */
  static audited = true;
  /** Columns of this row holding secrets, masked in the audit log (hidden columns and sealed values always are). */
  static auditSecretColumns(row: Pojo): string[] { void row; return []; }
  /** The company whose data a row is: the actor's for platform rows (plans, helps); tenant rows say their own. */
  static auditCompanyOf(row: Pojo, actorCompanyId: number): number { void row; return actorCompanyId; }

  static async beforeUpdate(args: StaticHookArguments<BaseModel>) { await rememberBefore(this, args); }
  static async beforeDelete(args: StaticHookArguments<BaseModel>) { await rememberBefore(this, args, 'delete'); }
  static async afterInsert(args: StaticHookArguments<BaseModel>) { await recordChange(this, args, 'create'); }
  static async afterUpdate(args: StaticHookArguments<BaseModel>) { await recordChange(this, args, 'update'); }
  static async afterDelete(args: StaticHookArguments<BaseModel>) { await recordChange(this, args, 'delete'); }

  /** Computed once per model class (read for every row parsed or formatted). */
  static get allDateColumns(): string[] {
    if (!Object.prototype.hasOwnProperty.call(this, 'dateColumnsCache')) {
      Object.defineProperty(this, 'dateColumnsCache', { value: this.timestamps ? ['createdAt', 'updatedAt', ...this.dateColumns] : this.dateColumns });
    }
    return (this as unknown as { dateColumnsCache: string[] }).dateColumnsCache;
  }

  /** How each converted column of a row is read, computed once per model class. */
  private static get columnKinds(): Map<string, 'boolean' | 'date' | 'json' | 'hidden'> {
    if (!Object.prototype.hasOwnProperty.call(this, 'columnKindsCache')) {
      const kinds = new Map<string, 'boolean' | 'date' | 'json' | 'hidden'>();
      // A model that reads rows its own way ($parseDatabaseJson of its own) is read through objection.
      if (this.prototype.$parseDatabaseJson !== BaseModel.prototype.$parseDatabaseJson) throw new Error(`${this.name} parses rows its own way: read it as models`);
      // objection's own list (jsonAttributes, or the object columns of a jsonSchema); untyped in its .d.ts.
      for (const col of (this as unknown as { getJsonAttributes(): string[] }).getJsonAttributes()) kinds.set(col, 'json');
      for (const col of this.allDateColumns) kinds.set(col, 'date');
      for (const col of this.booleanColumns) kinds.set(col, 'boolean');
      for (const col of this.hiddenColumns) kinds.set(col, 'hidden');
      Object.defineProperty(this, 'columnKindsCache', { value: kinds });
    }
    return (this as unknown as { columnKindsCache: Map<string, 'boolean' | 'date' | 'json' | 'hidden'> }).columnKindsCache;
  }

  /**
   * A database row as `toJSON()` of its model shows it (booleans, ISO times, parsed JSON, hidden columns
   * left out), without building the model: for hot reads of many rows (core/test/db/plain-rows.test.ts
   * holds the two equal).
   */
  static jsonFromDatabaseRow(row: Pojo): Pojo {
    const kinds = this.columnKinds;
    const out: Pojo = {};
    for (const key in row) {
      const kind = kinds.get(key);
      if (kind === undefined) out[key] = row[key];
      else if (kind !== 'hidden') out[key] = jsonOfColumn(kind, row[key]);
    }
    return out;
  }

  /** Rows read as arrays (SQLite's `arrayRows`), each as `jsonFromDatabaseRow` shows the same row. */
  static jsonFromArrayRows({ columns, rows }: ArrayRows): Pojo[] {
    const kinds = columns.map((col) => this.columnKinds.get(col));
    return rows.map((row) => {
      const out: Pojo = {};
      for (let i = 0; i < columns.length; i++) {
        const kind = kinds[i];
        if (kind === undefined) out[columns[i]] = row[i];
        else if (kind !== 'hidden') out[columns[i]] = jsonOfColumn(kind, row[i]);
      }
      return out;
    });
  }

  $beforeInsert(context: QueryContext) {
    void context;
    const ctor = this.constructor as typeof BaseModel;
    if (ctor.timestamps) {
      const now = dbNow();
      this.createdAt ??= now;
      this.updatedAt ??= now;
    }
  }

  $beforeUpdate(opt: ModelOptions, context: QueryContext) {
    void opt; void context;
    const ctor = this.constructor as typeof BaseModel;
    if (ctor.timestamps) this.updatedAt = dbNow();
  }

  $parseDatabaseJson(json: Pojo): Pojo {
    const parsed = super.$parseDatabaseJson(json);
    const ctor = this.constructor as typeof BaseModel;
    for (const col of ctor.booleanColumns) {
      if (col in parsed && parsed[col] !== null) parsed[col] = Boolean(Number(parsed[col]));
    }
    for (const col of ctor.allDateColumns) {
      if (col in parsed) parsed[col] = fromDbTime(parsed[col]);
    }
    return parsed;
  }

  $formatDatabaseJson(json: Pojo): Pojo {
    const formatted = super.$formatDatabaseJson(json);
    const ctor = this.constructor as typeof BaseModel;
    for (const col of ctor.allDateColumns) {
      const value = formatted[col];
      if (value !== undefined && value !== null && value !== '') formatted[col] = toDbTime(value);
    }
    for (const col of ctor.booleanColumns) {
      if (typeof formatted[col] === 'boolean') formatted[col] = formatted[col] ? 1 : 0;
    }
    return formatted;
  }

  $formatJson(json: Pojo): Pojo {
    const out = super.$formatJson(json);
    const ctor = this.constructor as typeof BaseModel;
    for (const col of ctor.hiddenColumns) delete out[col];
    for (const col of ctor.allDateColumns) {
      if (col in out) out[col] = fromDbTime(out[col]);
    }
    for (const col of ctor.booleanColumns) {
      if (col in out && out[col] !== null && typeof out[col] !== 'boolean') out[col] = Boolean(Number(out[col]));
    }
    return out;
  }
}

/** A converted column's value as `toJSON()` shows it. */
function jsonOfColumn(kind: 'boolean' | 'date' | 'json', value: unknown): unknown {
  if (kind === 'date') return fromDbTime(value);
  if (value === null || value === undefined) return value;
  if (kind === 'boolean') return Boolean(Number(value));
  return typeof value === 'string' ? parseJsonColumn(value) : value;
}

/** A JSON column's text parsed as objection parses it: text that is not JSON stays text. */
function parseJsonColumn(text: string): unknown {
  try { return JSON.parse(text); } catch { return text; }
}

export class TenantScopeError extends Error {
  constructor(table: string, what: string) {
    super(`Unscoped ${what} on tenant table "${table}": use Model.scoped(companyId) (or Model.unscoped(reason) on purpose)`);
    this.name = 'TenantScopeError';
  }
}

type TenantContext = { companyId?: number | 'any'; unscopedReason?: string };

/**
 * A row owned by a company. Every query must say whose rows it reads or writes:
 * `Ticket.scoped(companyId)` adds the company filter and stamps inserts; `Ticket.unscoped('why')`
 * is the explicit, greppable exit for cross-company work (super user, the inbound pipeline's
 * lookup of a connection by provider id). A plain `Ticket.query()` throws before it reaches the database.
 * Instance queries (`ticket.$query()`) and relation queries from a loaded row are allowed: the row
 * itself was read under a scope.
 */
export class TenantModel extends BaseModel {
  companyId!: number;

  static scoped<M extends Model>(this: { new (): M } & typeof TenantModel, companyId: number) {
    if (!Number.isInteger(companyId) || companyId <= 0) throw new TenantScopeError(this.tableName, `query (bad companyId ${companyId})`);
    return this.query()
      .context({ companyId } satisfies TenantContext)
      .where(`${this.tableName}.companyId`, companyId) as unknown as ReturnType<typeof Model.query<M>>;
  }

  /**
   * The rows of a `scoped(companyId)` query as plain JSON (`jsonFromDatabaseRow`), run without objection's
   * models and hooks: ~0.1 ms of CPU less per query on the ticket list's reads (docs/performance.md).
   * The company filter is the one `scoped` put in the query; a query without it is refused as the hooks would.
   */
  static async plainRows<T = Pojo>(query: { context(): object; toKnexQuery(): PromiseLike<unknown> }): Promise<T[]> {
    if (typeof (query.context() as TenantContext).companyId !== 'number') throw new TenantScopeError(this.tableName, 'plain read');
    const knexQuery = query.toKnexQuery() as Knex.QueryBuilder;
    if (isMysql(knexQuery)) return ((await knexQuery) as Pojo[]).map((row) => this.jsonFromDatabaseRow(row) as T);
    return this.jsonFromArrayRows(await knexQuery.options({ arrayRows: true }) as unknown as ArrayRows) as T[];
  }

  static unscoped<M extends Model>(this: { new (): M } & typeof TenantModel, reason: string) {
    return this.query().context({ companyId: 'any', unscopedReason: reason } satisfies TenantContext) as unknown as ReturnType<typeof Model.query<M>>;
  }

  /**
   * An instance query runs in the row's own company. Objection hides the instance from static hooks for
   * some operations (`$query().patchAndFetch()`), so the scope is carried in the context instead.
   */
  $query(trxOrKnex?: TransactionOrKnex) {
    const query = super.$query(trxOrKnex);
    return typeof this.companyId === 'number' ? query.context({ companyId: this.companyId } satisfies TenantContext) : query;
  }

  private static assertScoped(args: StaticHookArguments<TenantModel>, what: string) {
    const context = args.context as TenantContext;
    if (context.companyId !== undefined) return;
    // Instance and relation queries start from a row that was itself read under a scope.
    if (args.relation || (args.items && args.items.length > 0)) return;
    throw new TenantScopeError(this.tableName, what);
  }

  /**
   * Columns other rows' views show through the cached display names (display-names.ts): an update that
   * sets one forgets the company's cached names.
   */
  static displayColumns: string[] = [];

  static async afterUpdate(args: StaticHookArguments<TenantModel>) {
    const company = this.companyOfChange(args, this.displayColumns);
    if (company !== undefined) forgetDisplayNames(company);
    await super.afterUpdate(args);
  }

  static auditCompanyOf(row: Pojo, actorCompanyId: number): number {
    const own = Number(row.companyId);
    return Number.isInteger(own) && own > 0 ? own : actorCompanyId;
  }

  /**
   * The company whose rows a write touched ('any' when the write was not scoped to one), or undefined when
   * an update set none of `columns` (`columns` undefined: any write counts, e.g. a delete).
   */
  protected static companyOfChange(args: StaticHookArguments<TenantModel>, columns?: string[]): number | 'any' | undefined {
    if (columns) {
      const inputs = (args.inputItems ?? []) as unknown as Pojo[];
      if (!inputs.some((item) => columns.some((col) => item[col] !== undefined))) return undefined;
    }
    const scope = (args.context as TenantContext).companyId;
    const rowCompany = args.items?.length === 1 ? Number((args.items[0] as TenantModel).companyId) : NaN;
    return typeof scope === 'number' ? scope : Number.isInteger(rowCompany) ? rowCompany : 'any';
  }

  static async beforeFind(args: StaticHookArguments<TenantModel>) { this.assertScoped(args, 'read'); }
  static async beforeUpdate(args: StaticHookArguments<TenantModel>) { this.assertScoped(args, 'update'); await super.beforeUpdate(args); }
  static async beforeDelete(args: StaticHookArguments<TenantModel>) { this.assertScoped(args, 'delete'); await super.beforeDelete(args); }

  static async beforeInsert(args: StaticHookArguments<TenantModel>) {
    const context = args.context as TenantContext;
    const inputs = (args.inputItems ?? []) as TenantModel[];
    if (typeof context.companyId === 'number') {
      for (const item of inputs) {
        if (item.companyId === undefined) item.companyId = context.companyId;
        else if (Number(item.companyId) !== context.companyId) throw new TenantScopeError(this.tableName, 'insert into another company');
      }
      return;
    }
    if (context.companyId === 'any' || args.relation) return;
    throw new TenantScopeError(this.tableName, 'insert');
  }
}
