import * as models from "../db/models/index.js";
import { TenantScopeError } from "../db/model.js";
import { auditedWrite } from "../audit/plugin-writes.js";
class PluginTableError extends Error {
  constructor(plugin, table, why) {
    super(`Plugin "${plugin}" may not query table "${table}": ${why}`);
    this.name = "PluginTableError";
  }
}
const coreTables = /* @__PURE__ */ new Set([
  ...Object.values(models).flatMap((m) => typeof m === "function" && typeof m.tableName === "string" ? [m.tableName] : []),
  // link and internal tables without a model of their own
  "ticketTags",
  "userQueues",
  "whatsappQueues",
  "messages_fts",
  "jobs",
  "parkedJobs",
  "knex_migrations"
]);
function assertOwnTables(plugin, declared, claimed = /* @__PURE__ */ new Map()) {
  for (const table of /* @__PURE__ */ new Set([...declared.tables ?? [], ...declared.unscopedTables ?? []])) {
    if (coreTables.has(table)) throw new PluginTableError(plugin, table, "it is a core table (use sdk.services)");
    const owner = claimed.get(table);
    if (owner) throw new PluginTableError(plugin, table, owner === plugin ? "the plugin is registered twice" : `it belongs to plugin "${owner}"`);
    claimed.set(table, plugin);
  }
}
const validCompany = (companyId) => typeof companyId === "number" && Number.isInteger(companyId) && companyId > 0;
function stamp(table, companyId, rows) {
  const one = (row) => {
    if (row.companyId !== void 0 && Number(row.companyId) !== companyId) throw new TenantScopeError(table, "insert into another company");
    return { ...row, companyId };
  };
  return Array.isArray(rows) ? rows.map(one) : one(rows);
}
const TABLE_METHODS = ["join", "innerJoin", "leftJoin", "leftOuterJoin", "rightJoin", "rightOuterJoin", "fullOuterJoin", "crossJoin", "from", "into", "table"];
function guardTables(query, allowed, refuse) {
  for (const method of TABLE_METHODS) {
    const original = query[method].bind(query);
    Object.assign(query, {
      [method]: (table, ...rest) => {
        if (typeof table === "string") {
          const name = table.split(/\s+as\s+/i)[0].trim();
          if (!allowed(name)) throw refuse(name);
        }
        return original(table, ...rest);
      }
    });
  }
  return query;
}
function methodNames(query) {
  const names = /* @__PURE__ */ new Set();
  for (let proto = Object.getPrototypeOf(query); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
  }
  return [...names];
}
function guardCompanyFilter(query, table) {
  const refuse = (what) => () => {
    throw new TenantScopeError(table, `${what} on sdk.db.table (it would drop the company filter; group or-conditions inside .where((q) => \u2026))`);
  };
  const overrides = { clearWhere: refuse("clearWhere()") };
  for (const name of methodNames(query)) if (/^orWhere/.test(name)) overrides[name] = refuse(`a top-level ${name}()`);
  const clear = query.clear.bind(query);
  overrides.clear = (what) => what === "where" ? refuse("clear('where')")() : clear(what);
  return Object.assign(query, overrides);
}
function createPluginDb(knex, plugin, declared) {
  const scoped = new Set(declared.tables ?? []);
  const unscoped = new Set(declared.unscopedTables ?? []);
  const own = (name) => scoped.has(name) || unscoped.has(name);
  const refuse = (name, kind) => new PluginTableError(plugin, name, `it is not among the plugin's ${kind} in plugin.json`);
  return {
    table(name, companyId) {
      if (!validCompany(companyId)) throw new TenantScopeError(name, `query (bad companyId ${String(companyId)})`);
      if (!scoped.has(name)) throw refuse(name, "backend.tables");
      const query = guardCompanyFilter(guardTables(knex(name), own, (other) => refuse(other, "tables")).where(`${name}.companyId`, companyId), name);
      const update = query.update.bind(query);
      const del = query.delete.bind(query);
      const remove = (...args) => auditedWrite(knex, name, companyId, "delete", del(...args));
      Object.assign(query, {
        delete: remove,
        del: remove,
        // On a builder of its own: the company filter would become the upsert's WHERE (`onConflict().merge()`),
        // which MySQL refuses; the stamped rows are what keeps an insert in the company.
        insert: (rows, ...rest) => {
          const fresh = guardTables(knex(name), own, (other) => refuse(other, "tables"));
          const stamped = stamp(name, companyId, rows);
          return auditedWrite(knex, name, companyId, "create", fresh.insert(stamped, ...rest), stamped);
        },
        update: (values, ...rest) => {
          if (values && typeof values === "object" && "companyId" in values && Number(values.companyId) !== companyId) {
            throw new TenantScopeError(name, "update moving rows to another company");
          }
          return auditedWrite(knex, name, companyId, "update", update(values, ...rest), values);
        }
      });
      return query;
    },
    unscoped(name) {
      if (!unscoped.has(name)) throw refuse(name, "backend.unscopedTables");
      return guardTables(knex(name), own, (other) => refuse(other, "tables"));
    },
    transaction(fn) {
      return knex.transaction((trx) => fn(createPluginDb(trx, plugin, declared)));
    }
  };
}
export {
  PluginTableError,
  assertOwnTables,
  createPluginDb
};
