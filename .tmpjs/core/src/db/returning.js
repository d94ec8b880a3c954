import { isMysql } from "./connection.js";
const returningSupport = /* @__PURE__ */ new WeakMap();
function supportsReturning(knex) {
  if (!isMysql(knex)) return Promise.resolve(true);
  const key = knex.client.config;
  let known = returningSupport.get(key);
  if (!known) {
    known = knex.raw("SELECT VERSION() AS v").then(([rows]) => {
      const match = /^(\d+)\.(\d+).*mariadb/i.exec(String(rows[0]?.v ?? ""));
      return !!match && (Number(match[1]) > 10 || Number(match[1]) === 10 && Number(match[2]) >= 5);
    });
    returningSupport.set(key, known);
  }
  return known;
}
async function insertReturning(knex, table, rows) {
  if (!await supportsReturning(knex)) return null;
  if (!isMysql(knex)) return await knex(table).insert(rows).returning("*");
  const { sql, bindings } = knex(table).insert(rows).toSQL().toNative();
  const [stored] = await knex.raw(`${sql} RETURNING *`, bindings);
  return stored;
}
const columnLists = /* @__PURE__ */ new WeakMap();
function columnsOf(knex, table) {
  const key = knex.client.config;
  let tables = columnLists.get(key);
  if (!tables) columnLists.set(key, tables = /* @__PURE__ */ new Map());
  let columns = tables.get(table);
  if (!columns) {
    columns = knex(table).columnInfo().then((info) => Object.keys(info));
    columns.catch(() => tables.delete(table));
    tables.set(table, columns);
  }
  return columns;
}
function jsonArrayOf(knex, fields) {
  const pairs = Object.entries(fields).map(([name, column]) => `'${name}', ${column}`).join(", ");
  return isMysql(knex) ? `JSON_ARRAYAGG(JSON_OBJECT(${pairs}))` : `json_group_array(json_object(${pairs}))`;
}
function parseJsonArray(value) {
  if (value === null || value === void 0 || value === "") return [];
  return typeof value === "string" ? JSON.parse(value) : value;
}
export {
  columnsOf,
  insertReturning,
  jsonArrayOf,
  parseJsonArray
};
