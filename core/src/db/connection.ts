import knexFactory, { type Knex } from 'knex';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';

interface SqliteStatement {
  reader: boolean;
  raw(on: boolean): SqliteStatement;
  columns(): Array<{ name: string }>;
  all(bindings: unknown[]): unknown[];
}
interface SqliteConnection { pragma(sql: string): unknown; prepare(sql: string): SqliteStatement }

/** The rows of a read run with `.options({ arrayRows: true })` on SQLite: one array per row, in `columns` order. */
export interface ArrayRows { columns: string[]; rows: unknown[][] }

/** What knex hands its dialect to run (lib/client.js `_query`). */
interface KnexQueryObject { sql: string; bindings?: unknown[]; options?: { arrayRows?: boolean }; response?: unknown }
interface SqliteKnexClient {
  _query(connection: SqliteConnection, obj: KnexQueryObject): Promise<KnexQueryObject>;
  _formatBindings(bindings: unknown[] | undefined): unknown[];
}

/**
 * Reads asked for with `.options({ arrayRows: true })` come back as arrays (better-sqlite3's raw mode)
 * with their column names: building an object per row in the driver cost as much as running the query
 * on the ticket list (21 rows of 31 columns: 0.54 ms as objects, 0.26 ms as arrays), and the hot readers
 * (`TenantModel.plainRows`) build their own JSON from the row anyway. Every other query runs as knex runs it.
 */
function readArrayRowsOnRequest(knex: Knex) {
  const client = knex.client as unknown as SqliteKnexClient;
  const query = client._query.bind(client);
  client._query = async (connection, obj) => {
    if (!obj.options?.arrayRows) return query(connection, obj);
    const statement = connection.prepare(obj.sql);
    if (!statement.reader) throw new Error('arrayRows is for reads only');
    // The statement is shared through the cache: raw mode is switched off again before anything else runs.
    statement.raw(true);
    try {
      obj.response = { columns: statement.columns().map((c) => c.name), rows: statement.all(client._formatBindings(obj.bindings)) as unknown[][] } satisfies ArrayRows;
    } finally {
      statement.raw(false);
    }
    return obj;
  };
}

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
  const cache = new Map<string, SqliteStatement>();
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
export function createKnex(database: Config['database'], limits: { acquireTimeoutMs?: number } = {}): Knex {
  // How long a query waits for a pooled connection (knex's default is a minute): a stalled database answers 503 soon.
  const acquireConnectionTimeout = limits.acquireTimeoutMs ?? 60_000;
  if (database.kind === 'sqlite') {
    mkdirSync(path.dirname(database.filename!), { recursive: true });
    const knex = knexFactory({
      client: 'better-sqlite3',
      acquireConnectionTimeout,
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
    readArrayRowsOnRequest(knex);
    return knex;
  }
  const url = new URL(database.url);
  return knexFactory({
    client: 'mysql2',
    acquireConnectionTimeout,
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
    pool: {
      min: 0,
      max: 10,
      // READ COMMITTED, as Postgres does by default: an UPDATE whose condition reads another table (the responder
      // chain's cursor moves read `messages` inside their UPDATE of `tickets`) would otherwise take shared next-key
      // locks on what it read, and deadlock with inbound inserts and ticket updates (seen on the suite, issue 35's
      // turn). Conditional writes and unique keys carry this code's guarantees, not snapshots; the backup sets
      // REPEATABLE READ on its own connection for its consistent snapshot.
      afterCreate(conn: { query(sql: string, cb: (err: Error | null) => void): void }, done: (err: Error | null, c: unknown) => void) {
        conn.query('SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED', (err) => done(err, conn));
      },
    },
  });
}

interface MysqlKnexClient { _query(connection: unknown, obj: KnexQueryObject & { options?: { timeout?: number } }): Promise<unknown> }

/**
 * Every MariaDB statement of `knex` from now on fails after `ms` (mysql2's client-side query timeout, which also holds
 * when the server is paused and could not enforce one itself); its connection is dropped and the request answers
 * 503 (db/errors.ts isDatabaseUnavailable). Set after the migrations, whose DDL may rightly take longer. A query that
 * sets its own `timeout` option keeps it. SQLite runs in-process: its bound is busy_timeout (5 s) on locks.
 */
export function limitStatementTime(knex: Knex, ms: number) {
  if (!isMysql(knex) || !(ms > 0)) return;
  const client = knex.client as unknown as MysqlKnexClient;
  const query = client._query.bind(client);
  client._query = (connection, obj) => query(connection, { ...obj, options: { timeout: ms, ...obj.options } });
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

export const isMysql = (knex: Pick<Knex, 'client'>) => (knex.client.config.client as string) === 'mysql2';

/** A read's first column as numbers (ids): on SQLite as arrays, without an object per row (searches read thousands). */
export async function readIds(query: Knex.QueryBuilder): Promise<number[]> {
  if (isMysql(query)) return ((await query) as Array<Record<string, unknown>>).map((row) => Number(Object.values(row)[0]));
  const { rows } = await query.options({ arrayRows: true }) as unknown as ArrayRows;
  return rows.map((row) => Number(row[0]));
}
