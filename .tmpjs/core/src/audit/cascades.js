import { isMysql } from "../db/connection.js";
const NAMED = 20;
const MATERIALISED = 1e3;
const keysByDatabase = /* @__PURE__ */ new WeakMap();
async function readCascadeKeys(db) {
  const rows = isMysql(db) ? (await db.raw(`SELECT k.TABLE_NAME AS t, k.COLUMN_NAME AS c, k.REFERENCED_TABLE_NAME AS p, k.REFERENCED_COLUMN_NAME AS pc
        FROM information_schema.REFERENTIAL_CONSTRAINTS r JOIN information_schema.KEY_COLUMN_USAGE k
          ON k.CONSTRAINT_SCHEMA = r.CONSTRAINT_SCHEMA AND k.CONSTRAINT_NAME = r.CONSTRAINT_NAME AND k.TABLE_NAME = r.TABLE_NAME
        WHERE r.CONSTRAINT_SCHEMA = DATABASE() AND r.DELETE_RULE = 'CASCADE'`))[0] : await db.raw(`SELECT m.name AS t, f."from" AS c, f."table" AS p, f."to" AS pc
        FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f WHERE m.type = 'table' AND f.on_delete = 'CASCADE'`);
  return rows.map((r) => ({ table: r.t, column: r.c, parent: r.p, parentColumn: r.pc ?? "id" }));
}
function cascadeKeys(db) {
  const key = db.client.config;
  let keys = keysByDatabase.get(key);
  if (!keys) {
    keys = readCascadeKeys(db).catch((err) => {
      keysByDatabase.delete(key);
      throw err;
    });
    keysByDatabase.set(key, keys);
  }
  return keys;
}
function reachedInOrder(keys, root) {
  const reached = /* @__PURE__ */ new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const k of keys) if (reached.has(k.parent) && !reached.has(k.table)) {
      reached.add(k.table);
      grew = true;
    }
  }
  const order = [root];
  const pending = [...reached].filter((t) => t !== root);
  while (pending.length > 0) {
    const ready = pending.findIndex((t) => keys.every((k) => k.table !== t || k.parent === t || !reached.has(k.parent) || order.includes(k.parent)));
    order.push(...pending.splice(Math.max(ready, 0), 1));
  }
  return order;
}
function nameOf(row, table, keys, reached) {
  if (row.id !== void 0 && row.id !== null) return ["ids", row.id];
  const own = new Set(keys.filter((k) => k.table === table && reached.has(k.parent)).map((k) => k.column));
  const other = Object.keys(row).find((col) => /Id$/.test(col) && col !== "companyId" && !own.has(col) && row[col] !== null);
  return other ? [other, row[other]] : void 0;
}
async function cascadedBy(db, table, ids) {
  const keys = await cascadeKeys(db);
  if (ids.length === 0 || !keys.some((k) => k.parent === table)) return void 0;
  const order = reachedInOrder(keys, table);
  const reached = new Set(order);
  const rowsOf = /* @__PURE__ */ new Map([[table, (q) => q.whereIn(`${table}.id`, ids)]]);
  const select = (t, where) => db(t).where(where);
  const out = {};
  for (const t of order) {
    const parents = keys.filter((k) => k.table === t && k.parent !== t && rowsOf.has(k.parent));
    const viaCompany = table === "companies" ? parents.filter((k) => k.parent === "companies" && k.column === "companyId") : [];
    const via = viaCompany.length > 0 ? viaCompany : parents;
    let where = t === table ? rowsOf.get(t) : (q) => q.where((w) => {
      for (const k of via) w.orWhereIn(`${t}.${k.column}`, select(k.parent, rowsOf.get(k.parent)).select(`${k.parent}.${k.parentColumn}`));
    });
    const selfKeys = keys.filter((k) => k.table === t && k.parent === t);
    const seen = t === table ? [...ids] : [];
    let rows = t === table ? [] : await select(t, where).select(`${t}.*`).limit(MATERIALISED + 1);
    let open = rows.length <= MATERIALISED;
    if (open) seen.push(...rows.map((r) => r.id).filter((id) => id !== void 0 && id !== null));
    if (selfKeys.length > 0 && open && rows.every((r) => r.id !== void 0)) {
      for (let level = seen; level.length > 0 && open; ) {
        const from = level;
        const next = await db(t).where((w) => {
          for (const k of selfKeys) w.orWhereIn(k.column, from);
        }).whereNotIn("id", seen).select(`${t}.*`).limit(MATERIALISED + 1);
        rows = [...rows, ...next];
        seen.push(...next.map((r) => r.id));
        open = rows.length <= MATERIALISED;
        level = next.map((r) => r.id);
      }
    }
    if (open && seen.length > 0 && rows.every((r) => r.id !== void 0)) where = (q) => q.whereIn(`${t}.id`, seen);
    rowsOf.set(t, where);
    if (t === table && rows.length === 0) continue;
    const count = open ? rows.length : Number((await select(t, where).count("* as n"))[0].n);
    if (count === 0) continue;
    const entry = { count };
    if (count <= NAMED) {
      for (const row of rows) {
        const named = nameOf(row, t, keys, reached);
        if (named) entry[named[0]] = [...entry[named[0]] ?? [], named[1]];
      }
      for (const [key, value] of Object.entries(entry)) if (Array.isArray(value)) entry[key] = value.sort((a, b) => Number(a) - Number(b));
    }
    out[t] = entry;
  }
  return Object.keys(out).length > 0 ? out : void 0;
}
const ONE_BY_ONE = 10;
async function cascadesOfDelete(db, table, rows) {
  const out = /* @__PURE__ */ new Map();
  const ids = rows.map((r) => r.id).filter((id) => id !== void 0 && id !== null);
  if (ids.length === 0 || !(await cascadeKeys(db)).some((k) => k.parent === table)) return out;
  if (ids.length > ONE_BY_ONE) {
    const all = await cascadedBy(db, table, ids);
    if (all) out.set("all", all);
    return out;
  }
  for (const id of ids) {
    const one = await cascadedBy(db, table, [id]);
    if (one) out.set(String(id), one);
  }
  return out;
}
function withCascades(entries, cascades) {
  if (cascades.size === 0) return entries;
  const out = entries.map((e) => {
    const cascaded = cascades.get(String(e.entityId));
    return cascaded ? { ...e, changes: { ...e.changes ?? {}, cascaded: { before: cascaded } } } : e;
  });
  const all = cascades.get("all");
  if (all && entries[0]) out.push({ ...entries[0], entityId: null, changes: { cascaded: { before: all } } });
  return out;
}
export {
  cascadeKeys,
  cascadedBy,
  cascadesOfDelete,
  withCascades
};
