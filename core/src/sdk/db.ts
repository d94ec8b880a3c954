import type { Knex } from 'knex';
import * as models from '../db/models/index.js';
import { TenantScopeError } from '../db/model.js';
import { auditedWrite } from '../audit/plugin-writes.js';

/**
 * `sdk.db`: a plugin's only way to its data. It reaches the tables the plugin's manifest declares
 * (`backend.tables`, created by its own migrations) and nothing else: the core's tables are reached
 * through `sdk.services`, another plugin's not at all. Every query says whose rows it touches:
 *
 *   sdk.db.table('campaigns', companyId).where({ id })            // WHERE campaigns.companyId = ? AND id = ?
 *   sdk.db.table('campaigns', companyId).insert({ name })         // companyId stamped on every row
 *   sdk.db.transaction(async (tx) => { await tx.table('chats', companyId).update(…); })
 *
 * `unscoped(table)` is the exit for the plugin's own tables declared under `backend.unscopedTables`
 * (a link table without companyId, reached through a parent row loaded with the company's scope; a
 * lookup by an unguessable token before the company is known, on a table also in `backend.tables`).
 * Each use in plugins/<id>/src is listed, with why it is safe, in core/test/tenancy/raw-queries.test.ts.
 */
export interface PluginDb {
  /** A query builder on one of the plugin's tables, filtered by `<table>.companyId`; inserts stamp companyId. Throws without a company. */
  table<TRecord extends object = any>(name: string, companyId: number): Knex.QueryBuilder<TRecord, any>;
  /** A query builder on one of the plugin's `backend.unscopedTables`, with no company filter (see above). */
  unscoped<TRecord extends object = any>(name: string): Knex.QueryBuilder<TRecord, any>;
  /** Runs `fn` in one transaction; `tx` is this same helper bound to it (commit when fn resolves, rollback when it throws). */
  transaction<T>(fn: (tx: PluginDb) => Promise<T>): Promise<T>;
}

/** What a plugin's manifest declares it owns. */
export interface PluginTables { tables?: string[]; unscopedTables?: string[]; derivedTables?: string[] }

export class PluginTableError extends Error {
  constructor(plugin: string, table: string, why: string) {
    super(`Plugin "${plugin}" may not query table "${table}": ${why}`);
    this.name = 'PluginTableError';
  }
}

/** The core's own tables (its models'), which no plugin may declare: the core's data goes through sdk.services. */
const coreTables = new Set<string>([
  ...Object.values(models).flatMap((m) => (typeof m === 'function' && typeof (m as { tableName?: unknown }).tableName === 'string' ? [(m as { tableName: string }).tableName] : [])),
  // link and internal tables without a model of their own
  'ticketTags', 'userQueues', 'whatsappQueues', 'messages_fts', 'jobs', 'parkedJobs', 'knex_migrations',
]);

/** Refuses a manifest claiming a core table or one table twice (also across plugins: `claimed`). */
export function assertOwnTables(plugin: string, declared: PluginTables, claimed: Map<string, string> = new Map()) {
  // A table may be in both lists: company-scoped as a rule, unscoped for one lookup (a webhook's token).
  for (const table of new Set([...(declared.tables ?? []), ...(declared.unscopedTables ?? [])])) {
    if (coreTables.has(table)) throw new PluginTableError(plugin, table, 'it is a core table (use sdk.services)');
    const owner = claimed.get(table);
    if (owner) throw new PluginTableError(plugin, table, owner === plugin ? 'the plugin is registered twice' : `it belongs to plugin "${owner}"`);
    claimed.set(table, plugin);
  }
}

const validCompany = (companyId: unknown): companyId is number => typeof companyId === 'number' && Number.isInteger(companyId) && companyId > 0;

/** Sets companyId on each row; a row naming another company is refused. */
function stamp(table: string, companyId: number, rows: unknown) {
  const one = (row: Record<string, unknown>) => {
    if (row.companyId !== undefined && Number(row.companyId) !== companyId) throw new TenantScopeError(table, 'insert into another company');
    return { ...row, companyId };
  };
  return Array.isArray(rows) ? rows.map(one) : one(rows as Record<string, unknown>);
}

/** Builder methods that name a table: on a plugin's builder they must name one of its own tables. */
const TABLE_METHODS = ['join', 'innerJoin', 'leftJoin', 'leftOuterJoin', 'rightJoin', 'rightOuterJoin', 'fullOuterJoin', 'crossJoin', 'from', 'into', 'table'] as const;

/** Keeps a builder on the plugin's tables: a join or from naming another table throws. */
function guardTables(query: Knex.QueryBuilder, allowed: (name: string) => boolean, refuse: (name: string) => Error) {
  for (const method of TABLE_METHODS) {
    const original = (query as unknown as Record<string, (...args: unknown[]) => unknown>)[method].bind(query);
    Object.assign(query, {
      [method]: (table: unknown, ...rest: unknown[]) => {
        if (typeof table === 'string') {
          const name = table.split(/\s+as\s+/i)[0].trim();
          if (!allowed(name)) throw refuse(name);
        }
        return original(table, ...rest);
      },
    });
  }
  return query;
}

/** Every method of a builder, its prototypes included. */
function methodNames(query: object): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(query); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  }
  return [...names];
}

/**
 * Keeps the company filter binding: knex joins top-level conditions with AND/OR in order, so
 * `.where(company).orWhere(x)` would read `company AND … OR x`, every company's rows with x. A top-level
 * or-condition throws (group it: `.where((q) => q.where(a).orWhere(b))`), and so does clearing the wheres.
 */
function guardCompanyFilter(query: Knex.QueryBuilder, table: string) {
  const refuse = (what: string) => () => { throw new TenantScopeError(table, `${what} on sdk.db.table (it would drop the company filter; group or-conditions inside .where((q) => …))`); };
  const overrides: Record<string, unknown> = { clearWhere: refuse('clearWhere()') };
  for (const name of methodNames(query)) if (/^orWhere/.test(name)) overrides[name] = refuse(`a top-level ${name}()`);
  const clear = (query as unknown as { clear: (what: string) => unknown }).clear.bind(query);
  overrides.clear = (what: string) => (what === 'where' ? refuse("clear('where')")() : clear(what));
  return Object.assign(query, overrides);
}

export function createPluginDb(knex: Knex | Knex.Transaction, plugin: string, declared: PluginTables): PluginDb {
  const scoped = new Set(declared.tables ?? []);
  const unscoped = new Set(declared.unscopedTables ?? []);
  const own = (name: string) => scoped.has(name) || unscoped.has(name);
  // A derived table (a search index) is rewritten with the audited row it comes from: its own writes are not audited.
  const derived = new Set((declared.derivedTables ?? []).filter((name) => scoped.has(name)));
  const refuse = (name: string, kind: string) => new PluginTableError(plugin, name, `it is not among the plugin's ${kind} in plugin.json`);
  return {
    table(name, companyId) {
      if (!validCompany(companyId)) throw new TenantScopeError(name, `query (bad companyId ${String(companyId)})`);
      if (!scoped.has(name)) throw refuse(name, 'backend.tables');
      const query = guardCompanyFilter(guardTables(knex(name), own, (other) => refuse(other, 'tables')).where(`${name}.companyId`, companyId), name);
      const update = query.update.bind(query) as (...args: unknown[]) => Knex.QueryBuilder;
      const del = query.delete.bind(query) as (...args: unknown[]) => Knex.QueryBuilder;
      // Writes in a staff request are audited in their own transaction (audit/plugin-writes.ts).
      const audited = <B extends Knex.QueryBuilder>(action: 'create' | 'update' | 'delete', builder: B, values?: unknown) =>
        (derived.has(name) ? builder : auditedWrite(knex, name, companyId, action, builder, values));
      const remove = (...args: unknown[]) => audited('delete', del(...args));
      Object.assign(query, {
        delete: remove,
        del: remove,
        // On a builder of its own: the company filter would become the upsert's WHERE (`onConflict().merge()`),
        // which MySQL refuses; the stamped rows are what keeps an insert in the company.
        insert: (rows: unknown, ...rest: unknown[]) => {
          const fresh = guardTables(knex(name), own, (other) => refuse(other, 'tables')) as unknown as { insert(...args: unknown[]): Knex.QueryBuilder };
          const stamped = stamp(name, companyId, rows);
          return audited('create', fresh.insert(stamped, ...rest), stamped);
        },
        update: (values: unknown, ...rest: unknown[]) => {
          if (values && typeof values === 'object' && 'companyId' in values && Number((values as { companyId: unknown }).companyId) !== companyId) {
            throw new TenantScopeError(name, 'update moving rows to another company');
          }
          return audited('update', update(values, ...rest), values);
        },
      });
      return query;
    },
    unscoped(name) {
      if (!unscoped.has(name)) throw refuse(name, 'backend.unscopedTables');
      return guardTables(knex(name), own, (other) => refuse(other, 'tables'));
    },
    transaction(fn) {
      // Inside a transaction this nests as a savepoint.
      return knex.transaction((trx) => fn(createPluginDb(trx, plugin, declared)));
    },
  };
}
