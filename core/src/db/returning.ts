import type { Knex } from 'knex';
import { isMysql } from './connection.js';

type Row = Record<string, unknown>;

/** Per database: whether INSERT … RETURNING works (SQLite 3.35+, MariaDB 10.5+; MySQL has none). */
const returningSupport = new WeakMap<object, Promise<boolean>>();

function supportsReturning(knex: Knex | Knex.Transaction): Promise<boolean> {
  if (!isMysql(knex)) return Promise.resolve(true);
  const key = knex.client.config as object;
  let known = returningSupport.get(key);
  if (!known) {
    known = knex.raw('SELECT VERSION() AS v').then(([rows]: [Array<{ v: string }>]) => {
      const match = /^(\d+)\.(\d+).*mariadb/i.exec(String(rows[0]?.v ?? ''));
      return !!match && (Number(match[1]) > 10 || (Number(match[1]) === 10 && Number(match[2]) >= 5));
    });
    returningSupport.set(key, known);
  }
  return known;
}

/**
 * Inserts rows and returns them as stored (ids and column defaults included) in the same statement, in no
 * promised order; null where the database cannot (MySQL): the caller then reads them back. knex gives SQLite its
 * RETURNING, and ignores it for the mysql2 client, so MariaDB's is appended to the statement knex builds.
 */
export async function insertReturning(knex: Knex | Knex.Transaction, table: string, rows: Row[]): Promise<Row[] | null> {
  if (!(await supportsReturning(knex))) return null;
  if (!isMysql(knex)) return await knex(table).insert(rows).returning('*') as Row[];
  const { sql, bindings } = knex(table).insert(rows).toSQL().toNative();
  const [stored] = await knex.raw(`${sql} RETURNING *`, bindings as Knex.ValueDict[]) as unknown as [Row[]];
  return stored;
}

/** Per database: a table's column names, read once (the schema changes only by migrations, before the server starts). */
const columnLists = new WeakMap<object, Map<string, Promise<string[]>>>();

export function columnsOf(knex: Knex | Knex.Transaction, table: string): Promise<string[]> {
  const key = knex.client.config as object;
  let tables = columnLists.get(key);
  if (!tables) columnLists.set(key, tables = new Map());
  let columns = tables.get(table);
  if (!columns) {
    columns = knex(table).columnInfo().then((info) => Object.keys(info));
    columns.catch(() => tables!.delete(table));
    tables.set(table, columns);
  }
  return columns;
}

/**
 * A JSON array of objects, one per row of a (correlated) subquery, as text: `json_group_array` on SQLite,
 * `JSON_ARRAYAGG` on MariaDB/MySQL, which gives NULL rather than '[]' over no rows (parseJsonArray reads both).
 */
export function jsonArrayOf(knex: Knex | Knex.Transaction, fields: Record<string, string>): string {
  const pairs = Object.entries(fields).map(([name, column]) => `'${name}', ${column}`).join(', ');
  return isMysql(knex) ? `JSON_ARRAYAGG(JSON_OBJECT(${pairs}))` : `json_group_array(json_object(${pairs}))`;
}

export function parseJsonArray<T>(value: unknown): T[] {
  if (value === null || value === undefined || value === '') return [];
  return (typeof value === 'string' ? JSON.parse(value) : value) as T[];
}
