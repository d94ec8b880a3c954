import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createClient } from 'redis';
import type { Migration } from '../src/db/migrate.js';
import { createKnex, dropMysqlDatabase, ensureMysqlDatabase } from '../src/db/connection.js';
import { runMigrations } from '../src/db/migrate.js';
import { migrationSources, repoMigrations } from './migration-sources.js';

/**
 * Migrating a new MariaDB database takes 2–6 s (45 tables, their indexes and triggers) and the suite builds ~300
 * apps. So the migrations run for real once, on a template database, and every build gets a copy recreated from
 * the template's own DDL (SHOW CREATE TABLE / TRIGGER) and rows in one round trip, ~1 s. The script is kept in
 * the system's temp folder under a hash of the server's version and the sources migrations come from, so the test
 * processes of a run (and later runs) share it; a changed migration makes a new one. A test's own plugin
 * migrations, absent from the template, run on the copy as usual.
 */
let script: Promise<string> | undefined;

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

async function connect(serverUrl: string, database?: string) {
  const url = new URL(serverUrl);
  return mysql.createConnection({
    host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password), database, multipleStatements: true, charset: 'utf8mb4', dateStrings: true,
  });
}

/** Migrates a template database, returns the statements that recreate it inside the current database, drops it. */
async function scriptFromMigrations(serverUrl: string, migrations: Migration[]): Promise<string> {
  const name = `atrium_tpl_${process.pid}`;
  const url = `${serverUrl}/${name}`;
  await dropMysqlDatabase(url);
  await ensureMysqlDatabase(url);
  try {
    const knex = createKnex({ kind: 'mysql', url });
    try { await runMigrations(knex, migrations); } finally { await knex.destroy(); }
    const db = await connect(serverUrl, name);
    try {
      const [tables] = await db.query<mysql.RowDataPacket[]>("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
      const creates: string[] = [];
      const rows: string[] = [];
      for (const row of tables) {
        const table = Object.values(row)[0] as string;
        const [[create]] = await db.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${quote(table)}`);
        creates.push(`${(create['Create Table'] as string).replace(/ AUTO_INCREMENT=\d+/, '')};`);
        const [content] = await db.query<mysql.RowDataPacket[]>(`SELECT * FROM ${quote(table)}`);
        if (content.length > 0) rows.push(`${mysql.format('INSERT INTO ?? VALUES ?', [table, content.map((r) => Object.values(r))])};`);
      }
      const [triggers] = await db.query<mysql.RowDataPacket[]>(
        'SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, ACTION_ORDER', [name]);
      const triggerStatements: string[] = [];
      for (const { TRIGGER_NAME } of triggers) {
        const [[trigger]] = await db.query<mysql.RowDataPacket[]>(`SHOW CREATE TRIGGER ${quote(TRIGGER_NAME as string)}`);
        triggerStatements.push(`${trigger['SQL Original Statement'] as string};`);
      }
      return ['SET FOREIGN_KEY_CHECKS = 0;', ...creates, ...rows, 'SET FOREIGN_KEY_CHECKS = 1;', ...triggerStatements].join('\n');
    } finally {
      await db.end();
    }
  } finally {
    await dropMysqlDatabase(url);
  }
}

/** The script from the temp folder, or made under a server-wide lock so concurrent test processes make it once. */
async function templateScript(serverUrl: string): Promise<string> {
  const migrations = await repoMigrations();
  const db = await connect(serverUrl);
  try {
    const [[{ version }]] = await db.query<mysql.RowDataPacket[]>('SELECT VERSION() AS version');
    const key = createHash('sha256').update(`${version}\n`).update(migrationSources()).digest('hex').slice(0, 16);
    const file = path.join(os.tmpdir(), `atrium-mysql-template-${key}.sql`);
    const cached = () => { try { return readFileSync(file, 'utf8'); } catch { return undefined; } };
    const hit = cached();
    if (hit !== undefined) return hit;
    await db.query('SELECT GET_LOCK(?, 600)', [`atrium_tpl_${key}`]);
    const madeMeanwhile = cached();
    if (madeMeanwhile !== undefined) return madeMeanwhile;
    const made = await scriptFromMigrations(serverUrl, migrations);
    // Written aside and renamed, so a reader never sees half a script.
    writeFileSync(`${file}.${process.pid}`, made);
    renameSync(`${file}.${process.pid}`, file);
    return made;
  } finally {
    await db.end(); // ends the session, which releases the lock
  }
}

/** Creates `database` on the server as a copy of the migrated template. */
export async function createMigratedDatabase(serverUrl: string, database: string) {
  script ??= templateScript(serverUrl);
  const statements = await script;
  const db = await connect(serverUrl);
  try {
    await db.query(`CREATE DATABASE ${quote(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; USE ${quote(database)};\n${statements}`);
  } finally {
    await db.end();
  }
}

/*
 * Creating a copy (~1.5 s: a file per table) and dropping it (~0.7 s) cost more than most tests, ~300 times a run.
 * So a finished test's database is emptied back to the template's rows and handed to the process's next build:
 * rows deleted, counters reset, the template's rows put back, in one round trip. A database whose tables are no
 * longer the template's (a fixture plugin's migrations) is dropped instead; so is one that does not come out empty.
 */
const PREFIX = 'atrium_t_';
const spare: string[] = [];
let swept = false;

interface TemplateShape { tables: string[]; rows: string[] }
let shape: Promise<TemplateShape> | undefined;

async function templateShape(serverUrl: string): Promise<TemplateShape> {
  script ??= templateScript(serverUrl);
  const text = await script;
  const data = text.slice(0, text.indexOf('SET FOREIGN_KEY_CHECKS = 1;')); // the triggers follow: their bodies hold INSERTs
  return {
    tables: [...data.matchAll(/^CREATE TABLE `([^`]+)`/gm)].map((m) => m[1]).sort(),
    rows: data.split('\n').filter((line) => line.startsWith('INSERT INTO ')),
  };
}

/** A migrated database for one test: a spare one of this process's, or a new copy of the template. */
export async function acquireMigratedDatabase(serverUrl: string): Promise<string> {
  if (!swept) { swept = true; await dropLeftovers(serverUrl); }
  const reused = spare.pop();
  if (reused) return reused;
  const name = `${PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await createMigratedDatabase(serverUrl, name);
  return name;
}

/**
 * After the test's app closed: the database goes back to the template's state for the next build, or is dropped.
 * The app's Redis keys are named after its database (config redisPrefix): they go too, or the next test on this
 * database would find the last one's jobs and caches.
 */
export async function releaseMigratedDatabase(serverUrl: string, database: string, redis?: { url: string; prefix: string }): Promise<void> {
  const reusable = await resetToTemplate(serverUrl, database).catch(() => false)
    && (!redis || await deleteRedisKeys(redis.url, redis.prefix).then(() => true, () => false));
  if (reusable) spare.push(database);
  else await dropMysqlDatabase(`${serverUrl}/${database}`);
}

async function deleteRedisKeys(url: string, prefix: string) {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
  } finally {
    await client.quit();
  }
}

async function resetToTemplate(serverUrl: string, database: string): Promise<boolean> {
  shape ??= templateShape(serverUrl);
  const { tables, rows } = await shape;
  const db = await connect(serverUrl, database);
  try {
    const [present] = await db.query<mysql.RowDataPacket[]>(
      "SELECT TABLE_NAME AS name, AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'", [database]);
    const names = present.map((r) => r.name as string).sort();
    if (names.join() !== tables.join()) return false;
    const deletes = tables.map((table) => `DELETE FROM ${quote(table)};`).join('\n');
    // Deleting rows fires the triggers that keep the ticket counts: a second pass empties what they wrote.
    const counters = present.filter((r) => Number(r.next) > 1).map((r) => `ALTER TABLE ${quote(r.name as string)} AUTO_INCREMENT = 1;`).join('\n');
    await db.query(`SET FOREIGN_KEY_CHECKS = 0;\n${deletes}\n${deletes}\n${counters}\nSET FOREIGN_KEY_CHECKS = 1;`);
    const [[{ left }]] = await db.query<mysql.RowDataPacket[]>(`SELECT ${tables.map((table) => `(SELECT COUNT(*) FROM ${quote(table)})`).join(' + ')} AS \`left\``);
    if (Number(left) !== 0) return false;
    if (rows.length) await db.query(`SET FOREIGN_KEY_CHECKS = 0;\n${rows.join('\n')}\nSET FOREIGN_KEY_CHECKS = 1;`);
    return true;
  } finally {
    await db.end();
  }
}

/** At the end of the test process: its spare databases go. */
export async function dropSpareDatabases(serverUrl: string) {
  while (spare.length) await dropMysqlDatabase(`${serverUrl}/${spare.pop()}`);
}

/** Spare databases of test processes that ended without dropping theirs (killed, crashed). */
async function dropLeftovers(serverUrl: string) {
  const db = await connect(serverUrl);
  try {
    const [rows] = await db.query<mysql.RowDataPacket[]>('SHOW DATABASES LIKE ?', [`${PREFIX}%`]);
    for (const name of rows.map((r) => Object.values(r)[0] as string)) {
      const pid = Number(name.slice(PREFIX.length).split('_')[0]);
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) await db.query(`DROP DATABASE IF EXISTS ${quote(name)}`);
    }
  } finally {
    await db.end();
  }
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (err) { return (err as NodeJS.ErrnoException).code === 'EPERM'; }
}
