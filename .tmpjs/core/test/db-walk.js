import { isMysql } from "../src/db/connection.js";
async function dataTables(knex) {
  if (isMysql(knex)) {
    const [rows] = await knex.raw(`SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d FROM information_schema.COLUMNS
      WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (SELECT TABLE_NAME FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE')
      ORDER BY TABLE_NAME, ORDINAL_POSITION`);
    const tables2 = /* @__PURE__ */ new Map();
    for (const { t, c, d } of rows) {
      const info = tables2.get(t) ?? { name: t, columns: [], textColumns: [] };
      info.columns.push(c);
      if (/char|text|json|enum/i.test(d)) info.textColumns.push(c);
      tables2.set(t, info);
    }
    return [...tables2.values()];
  }
  const master = await knex.raw("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const virtual = master.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  const tables = [];
  for (const { name } of master) {
    if (virtual.some((v) => name === v || name.startsWith(`${v}_`))) continue;
    const columns = (await knex.raw(`PRAGMA table_xinfo("${name}")`)).filter((c) => c.hidden === 0 || c.hidden === 2 || c.hidden === 3);
    tables.push({ name, columns: columns.map((c) => c.name), textColumns: columns.filter((c) => !/int|real|num|bool/i.test(c.type)).map((c) => c.name) });
  }
  return tables;
}
async function tableRows(knex, table) {
  const rows = await knex(table.name).select(table.columns);
  return rows.map((row) => JSON.stringify(table.columns.map((c) => Buffer.isBuffer(row[c]) ? row[c].toString("base64") : row[c]))).sort();
}
export {
  dataTables,
  tableRows
};
