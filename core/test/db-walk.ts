import type { Knex } from 'knex';
import { isMysql } from '../src/db/connection.js';

export interface TableInfo { name: string; columns: string[]; textColumns: string[] }

/**
 * Every data table of the database with its columns, read from the database itself (not from a list), so a
 * table a future migration or plugin adds is walked too. Left out: SQLite's own tables, full-text indexes
 * (virtual tables and their shadow tables: index structures rebuilt from the rows they index).
 */
export async function dataTables(knex: Knex): Promise<TableInfo[]> {
  if (isMysql(knex)) {
    const [rows] = await knex.raw(`SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE')
      ORDER BY TABLE_NAME, ORDINAL_POSITION`);
    const tables = new Map<string, TableInfo>();
    for (const { t, c, d } of rows as Array<{ t: string; c: string; d: string }>) {
      const info = tables.get(t) ?? { name: t, columns: [], textColumns: [] };
      info.columns.push(c);
      if (/char|text|json|enum/i.test(d)) info.textColumns.push(c);
      tables.set(t, info);
    }
    return [...tables.values()];
  }
  const master = await knex.raw("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") as Array<{ name: string; sql: string }>;
  const virtual = master.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const tables: TableInfo[] = [];
  for (const { name } of master) {
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    const columns = (await knex.raw(`PRAGMA table_xinfo("${name}")`) as Array<{ name: string; type: string; hidden: number }>).filter((c) => c.hidden === 0 || c.hidden === 2 || c.hidden === 3);
    tables.push({ name, columns: columns.map((c) => c.name), textColumns: columns.filter((c) => !/int|real|num|bool/i.test(c.type)).map((c) => c.name) });
  }
  return tables;
}

/** Every row of a table, as JSON text, in a stable order (sorted), values normalised so both drivers compare alike. */
export async function tableRows(knex: Knex, table: TableInfo): Promise<string[]> {
  const rows = await knex(table.name).select(table.columns) as Array<Record<string, unknown>>;
  return rows.map((row) => JSON.stringify(table.columns.map((c) => (Buffer.isBuffer(row[c]) ? (row[c] as Buffer).toString('base64') : row[c])))).sort();
}
