import type { Knex } from 'knex';
import { isMysql } from '../db/connection.js';

/**
 * What a delete takes with it. The rows of other tables that go with a deleted row by ON DELETE CASCADE (a queue's
 * options, a contact list's items, a tag's ticket links, a user's quick messages and sessions…) leave no entry of
 * their own: the database removes them. So the deleted row's entry names them, read in the delete's transaction just
 * before it runs: per table, how many rows and which (their ids, or for a link table without ids the other row each
 * linked to). The keys are read from the schema itself (core's and plugins' tables alike), so a new cascading
 * foreign key is covered without a list to keep.
 */

interface CascadeKey { table: string; column: string; parent: string; parentColumn: string }

/** What went from one table: the count, and the ids (or the linked rows) when there are few enough to name. */
export type CascadedRows = { count: number } & Record<string, number | Array<number | string>>;
export type Cascaded = Record<string, CascadedRows>;

/** Rows named per table; past it, the count alone. */
const NAMED = 20;
/** Rows of one table read as ids to look further down with; past it, the table is named by a subquery. */
const MATERIALISED = 1000;

type Db = Knex | Knex.Transaction;
type Where = (q: Knex.QueryBuilder) => void;

const keysByDatabase = new WeakMap<object, Promise<CascadeKey[]>>();

async function readCascadeKeys(db: Db): Promise<CascadeKey[]> {
  const rows: Array<{ t: string; c: string; p: string; pc: string | null }> = isMysql(db)
    ? (await db.raw(`SELECT k.TABLE_NAME AS t, k.COLUMN_NAME AS c, k.REFERENCED_TABLE_NAME AS p, k.REFERENCED_COLUMN_NAME AS pc
        FROM information_schema.REFERENTIAL_CONSTRAINTS r JOIN information_schema.KEY_COLUMN_USAGE k
          ON k.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = r.CONSTRAINT_NAME AND k.TABLE_NAME = r.TABLE_NAME
        WHERE r.CONSTRAINT_SCHEMA = DATABASE() AND r.DELETE_RULE = 'CASCADE'`))[0]
    : await db.raw(`SELECT m.name AS t, f."from" AS c, f."table" AS p, f."to" AS pc
        FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f.on_delete = 'CASCADE'`);
  return rows.map((r) => ({ table: r.t, column: r.c, parent: r.p, parentColumn: r.pc ?? 'id' }));
}

/** The schema's cascading keys, read once per database (the schema is migrated before the app serves). */
export function cascadeKeys(db: Db): Promise<CascadeKey[]> {
  const key = db.client.config as object;
  let keys = keysByDatabase.get(key);
  if (!keys) {
    keys = readCascadeKeys(db).catch((err) => { keysByDatabase.delete(key); throw err; });
    keysByDatabase.set(key, keys);
  }
  return keys;
}

/** The tables a delete of `root` reaches, each after every reached table it hangs from (self-references aside). */
function reachedInOrder(keys: CascadeKey[], root: string): string[] {
  const reached = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const k of keys) if (reached.has(k.parent) && !reached.has(k.table)) { reached.add(k.table); grew = true; }
  }
  const order = [root];
  const pending = [...reached].filter((t) => t !== root);
  while (pending.length > 0) {
    const ready = pending.findIndex((t) => keys.every((k) => k.table !== t || k.parent === t || !reached.has(k.parent) || order.includes(k.parent)));
    order.push(...pending.splice(Math.max(ready, 0), 1)); // a cycle (none in the schema today) is broken anywhere
  }
  return order;
}

/** How a row of `table` is named: its id, or (a link table) the row it links to besides the ones being deleted. */
function nameOf(row: Record<string, unknown>, table: string, keys: CascadeKey[], reached: Set<string>): [string, number | string] | undefined {
  if (row.id !== undefined && row.id !== null) return ['ids', row.id as number];
  const own = new Set(keys.filter((k) => k.table === table && reached.has(k.parent)).map((k) => k.column));
  const other = Object.keys(row).find((col) => /Id$/.test(col) && col !== 'companyId' && !own.has(col) && row[col] !== null);
  return other ? [other, row[other] as number | string] : undefined;
}

/**
 * The rows that deleting the rows `ids` of `table` takes with it, by table (the root table's own rows too when they
 * hang from the deleted ones, as a queue option's sub-options); undefined when nothing cascades. Read through `db`,
 * the delete's transaction, before the delete.
 */
export async function cascadedBy(db: Db, table: string, ids: Array<number | string>): Promise<Cascaded | undefined> {
  const keys = await cascadeKeys(db);
  if (ids.length === 0 || !keys.some((k) => k.parent === table)) return undefined;
  const order = reachedInOrder(keys, table);
  const reached = new Set(order);
  // Each reached table's deleted rows, as a condition on the table (its ids once read, when few enough).
  const rowsOf = new Map<string, Where>([[table, (q) => q.whereIn(`${table}.id`, ids)]]);
  const select = (t: string, where: Where) => db(t).where(where);
  const out: Cascaded = {};

  for (const t of order) {
    const parents = keys.filter((k) => k.table === t && k.parent !== t && rowsOf.has(k.parent));
    // A tenant table hangs from its company by companyId: deleting a company, that key alone names every row.
    const viaCompany = table === 'companies' ? parents.filter((k) => k.parent === 'companies' && k.column === 'companyId') : [];
    const via = viaCompany.length > 0 ? viaCompany : parents;
    let where: Where = t === table ? rowsOf.get(t)!
      : (q) => q.where((w) => { for (const k of via) w.orWhereIn(`${t}.${k.column}`, select(k.parent, rowsOf.get(k.parent)!).select(`${k.parent}.${k.parentColumn}`)); });
    // Rows hanging from rows of their own table (sub-options) go too, level by level while they can be listed.
    const selfKeys = keys.filter((k) => k.table === t && k.parent === t);
    const seen: Array<number | string> = t === table ? [...ids] : [];
    let rows: Record<string, unknown>[] = t === table ? [] : await select(t, where).select(`${t}.*`).limit(MATERIALISED + 1);
    let open = rows.length <= MATERIALISED;
    if (open) seen.push(...rows.map((r) => r.id as number | string).filter((id) => id !== undefined && id !== null));
    if (selfKeys.length > 0 && open && rows.every((r) => r.id !== undefined)) {
      for (let level = seen; level.length > 0 && open;) {
        const from = level;
        const next = await db(t).where((w) => { for (const k of selfKeys) w.orWhereIn(k.column, from); }).whereNotIn('id', seen).select(`${t}.*`).limit(MATERIALISED + 1);
        rows = [...rows, ...next];
        seen.push(...next.map((r: Record<string, unknown>) => r.id as number | string));
        open = rows.length <= MATERIALISED;
        level = next.map((r: Record<string, unknown>) => r.id as number | string);
      }
    }
    if (open && seen.length > 0 && rows.every((r) => r.id !== undefined)) where = (q) => q.whereIn(`${t}.id`, seen);
    rowsOf.set(t, where);
    if (t === table && rows.length === 0) continue;
    const count = open ? rows.length : Number((await select(t, where).count('* as n'))[0].n);
    if (count === 0) continue;
    const entry: CascadedRows = { count };
    if (count <= NAMED) {
      for (const row of rows) {
        const named = nameOf(row, t, keys, reached);
        if (named) entry[named[0]] = [...((entry[named[0]] as Array<number | string> | undefined) ?? []), named[1]];
      }
      for (const [key, value] of Object.entries(entry)) if (Array.isArray(value)) entry[key] = value.sort((a, b) => Number(a) - Number(b));
    }
    out[t] = entry;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Deleted rows whose cascades are read one by one; more rows in one statement are read together. */
const ONE_BY_ONE = 10;

/** The cascades of a statement's deleted rows: each row's by its id, or all of them together under 'all'. */
export async function cascadesOfDelete(db: Db, table: string, rows: Array<Record<string, unknown>>): Promise<Map<unknown, Cascaded>> {
  const out = new Map<unknown, Cascaded>();
  const ids = rows.map((r) => r.id as number | string).filter((id) => id !== undefined && id !== null);
  if (ids.length === 0 || !(await cascadeKeys(db)).some((k) => k.parent === table)) return out;
  if (ids.length > ONE_BY_ONE) {
    const all = await cascadedBy(db, table, ids);
    if (all) out.set('all', all);
    return out;
  }
  for (const id of ids) {
    const one = await cascadedBy(db, table, [id]);
    if (one) out.set(String(id), one);
  }
  return out;
}

interface Entry { companyId: number; action: string; entity: string; entityId?: string | number | null; changes?: Record<string, { before?: unknown; after?: unknown }> | null }

/**
 * The delete entries with what went with each row (`changes.cascaded.before`: table → count and ids); rows read
 * together get one more entry, without an id, naming what went with them all.
 */
export function withCascades<E extends Entry>(entries: E[], cascades: Map<unknown, Cascaded>): E[] {
  if (cascades.size === 0) return entries;
  const out = entries.map((e) => {
    const cascaded = cascades.get(String(e.entityId));
    return cascaded ? { ...e, changes: { ...(e.changes ?? {}), cascaded: { before: cascaded } } } : e;
  });
  const all = cascades.get('all');
  if (all && entries[0]) out.push({ ...entries[0], entityId: null, changes: { cascaded: { before: all } } });
  return out;
}
