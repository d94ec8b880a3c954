import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';

interface SqliteConnection { pragma(sql: string): unknown; prepare(sql: string): unknown }

/** How many compiled statements the SQLite connection keeps; the app issues a few hundred distinct ones. */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * knex compiles every query anew (better-sqlite3's prepare), which cost more CPU than running it in
 * the ingestion profile. The app's SQL strings repeat, so the connection keeps its statements (least
 * recently used dropped first). Safe because knex runs each statement to completion (all/run, never
 * iterate) on the single connection, and SQLite recompiles a cached statement after a schema change.
 */
function cachePreparedStatements(conn: SqliteConnection) {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, unknown>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql);
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
}

const OPTIMIZE_EVERY_MS = 6 * 3600_000;

/**
 * Without table statistics SQLite guesses that `companyId = ?` picks a handful of rows, so a page's
 * `companyId = ? AND id IN (…20 ids)` walked the company's whole (companyId, …) index instead of 20
 * primary-key lookups (1.7 ms instead of 0.05 ms on 20 000 contacts). `PRAGMA optimize` gathers the
 * statistics where they are missing or stale, with a bounded sample (SQLite's advice for long-lived
 * connections: on open, then every few hours).
 */
function keepPlannerStatistics(conn: SqliteConnection) {
  conn.pragma('analysis_limit = 1000');
  conn.pragma('optimize = 0x10002');
  setInterval(() => {
    try { conn.pragma('optimize'); } catch { /* the connection was closed */ }
  }, OPTIMIZE_EVERY_MS).unref();
}

/**
 * One knex instance for the configured database.
 * SQLite is the embedded default; MySQL/MariaDB the production choice. Times are stored as
 * UTC text 'YYYY-MM-DD HH:MM:SS.mmm' on both (mysql2 `dateStrings`), so reads look the same everywhere.
 */
export function createKnex(database: Config['database']): Knex {
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.filename!), { recursive: true });
    return knexFactory({
      client: 'better-sqlite3',
      connection: { filename: database.filename! },
      useNullAsDefault: true,
      pool: {
        min: 1,
        max: 1,
        afterCreate(conn: SqliteConnection, done: (err: Error | null, c: unknown) => void) {
          cachePreparedStatements(conn);
          conn.pragma('journal_mode = WAL');
          conn.pragma('synchronous = NORMAL');
          conn.pragma('foreign_keys = ON');
          conn.pragma('busy_timeout = 5000');
          keepPlannerStatistics(conn);
          done(null, conn);
        },
      },
    });
  }
  const url = new URL(database.url);
  return knexFactory({
    client: 'mysql2',
    connection: {
      host: url.hostname,
      port: Number(url.port || 3306),
      user: decodeURIComponent(url.username || 'root'),
      password: decodeURIComponent(url.password),
      database: url.pathname.replace(/^\//, ''),
      charset: 'utf8mb4',
      timezone: 'Z',
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
    },
    pool: { min: 0, max: 10 },
  });
}

/** Runs `statement` (with the database name) on the MySQL server of `databaseUrl`, connected without a database. */
async function onServer(databaseUrl: string, statement: (name: string) => string) {
  const url = new URL(databaseUrl);
  const name = url.pathname.replace(/^\//, '');
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name "${name}"`);
  const admin = knexFactory({
    client: 'mysql2',
    connection: { host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'), password: decodeURIComponent(url.password) },
    pool: { min: 0, max: 1 },
  });
  try {
    await admin.raw(statement(name));
  } finally {
    await admin.destroy();
  }
}

/** Creates the MySQL database named in the URL when it is missing (first start, tests). */
export const ensureMysqlDatabase = (databaseUrl: string) =>
  onServer(databaseUrl, (name) => `CREATE DATABASE IF NOT EXISTS \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);

export const dropMysqlDatabase = (databaseUrl: string) => onServer(databaseUrl, (name) => `DROP DATABASE IF EXISTS \`${name}\``);

export const isMysql = (knex: Knex) => (knex.client.config.client as string) === 'mysql2';
