import knexFactory from "knex";
import { mkdirSync } from "node:fs";
import path from "node:path";
function readArrayRowsOnRequest(knex) {
  const client = knex.client;
  const query = client._query.bind(client);
  client._query = async (connection, obj) => {
    if (!obj.options?.arrayRows) return query(connection, obj);
    const statement = connection.prepare(obj.sql);
    if (!statement.reader) throw new Error("arrayRows is for reads only");
    statement.raw(true);
    try {
      obj.response = { columns: statement.columns().map((c) => c.name), rows: statement.all(client._formatBindings(obj.bindings)) };
    } finally {
      statement.raw(false);
    }
    return obj;
  };
}
const STATEMENT_CACHE_SIZE = 1e3;
function cachePreparedStatements(conn) {
  const prepare = conn.prepare.bind(conn);
  const cache = /* @__PURE__ */ new Map();
  conn.prepare = (sql) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value);
    }
    cache.set(sql, statement);
    return statement;
  };
}
const OPTIMIZE_EVERY_MS = 6 * 36e5;
function keepPlannerStatistics(conn) {
  conn.pragma("analysis_limit = 1000");
  conn.pragma("optimize = 0x10002");
  setInterval(() => {
    try {
      conn.pragma("optimize");
    } catch {
    }
  }, OPTIMIZE_EVERY_MS).unref();
}
function createKnex(database, limits = {}) {
  const acquireConnectionTimeout = limits.acquireTimeoutMs ?? 6e4;
  if (database.kind === "sqlite") {
    mkdirSync(path.dirname(database.filename), { recursive: true });
    const knex = knexFactory({
      client: "better-sqlite3",
      acquireConnectionTimeout,
      connection: { filename: database.filename },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn, done) {
          cachePreparedStatements(conn);
          conn.pragma("journal_mode = WAL");
          conn.pragma("synchronous = NORMAL");
          conn.pragma("foreign_keys = ON");
          conn.pragma("busy_timeout = 5000");
          keepPlannerStatistics(conn);
          done(null, conn);
        }
      }
    });
    readArrayRowsOnRequest(knex);
    return knex;
  }
  const url = new URL(database.url);
  return knexFactory({
    client: "mysql2",
    acquireConnectionTimeout,
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || "root"),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ""),
      charset: "utf8mb4",
      timezone: "Z",
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false
    },
    pool: {
      min: 0,
      max: 10,
      // READ COMMITTED, as Postgres does by default: an UPDATE whose condition reads another table (the responder
      // chain's cursor moves read `messages` inside their UPDATE of `tickets`) would otherwise take shared next-key
      // locks on what it read, and deadlock with inbound inserts and ticket updates (seen on the suite, issue 35's
      // turn). Conditional writes and unique keys carry this code's guarantees, not snapshots; the backup sets
      // REPEATABLE READ on its own connection for its consistent snapshot.
      afterCreate(conn, done) {
        conn.query("SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED", (err) => done(err, conn));
      }
    }
  });
}
function limitStatementTime(knex, ms) {
  if (!isMysql(knex) || !(ms > 0)) return;
  const client = knex.client;
  const query = client._query.bind(client);
  client._query = (connection, obj) => query(connection, { ...obj, options: { timeout: ms, ...obj.options } });
}
async function onServer(databaseUrl, statement) {
  const url = new URL(databaseUrl);
  const name = url.pathname.replace(/^\//, "");
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name "${name}"`);
  const admin = knexFactory({
    client: "mysql2",
    connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || "root"), password: decodeURIComponent(url.password) },
    pool: { min: 0, max: 1 }
  });
  try {
    await admin.raw(statement(name));
  } finally {
    await admin.destroy();
  }
}
const ensureMysqlDatabase = (databaseUrl) => onServer(databaseUrl, (name) => `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
const dropMysqlDatabase = (databaseUrl) => onServer(databaseUrl, (name) => `DROP DATABASE IF EXISTS \`${name}\``);
const isMysql = (knex) => knex.client.config.client === "mysql2";
async function readIds(query) {
  if (isMysql(query)) return (await query).map((row) => Number(Object.values(row)[0]));
  const { rows } = await query.options({ arrayRows: true });
  return rows.map((row) => Number(row[0]));
}
export {
  createKnex,
  dropMysqlDatabase,
  ensureMysqlDatabase,
  isMysql,
  limitStatementTime,
  readIds
};
