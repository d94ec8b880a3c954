import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import type { Migration } from '../src/db/migrate.js';
import { createKnex, dropMysqlDatabase, ensureMysqlDatabase } from '../src/db/connection.js';
import { coreMigrations, runMigrations } from '../src/db/migrate.js';
import { pluginMigrations } from '../src/plugins/loader.js';
import { discoverPlugins } from '../src/plugins/manifest.js';
import { repoRoot } from '../src/config/index.js';

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

async function repoMigrations(): Promise<Migration[]> {
  const plugins = discoverPlugins([{ dir: path.join(repoRoot, 'plugins'), source: 'repo' }]);
  return [...coreMigrations, ...(await pluginMigrations(plugins))];
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

/**
 * Everything a migration's code can come from: the core's db folder (migrations and the helpers they import) and
 * every repo plugin's manifest and sources. Broader than the migrations alone, so an edited helper never leaves a
 * stale template; a change elsewhere in a plugin only costs one migration run.
 */
function migrationSources(): string {
  const files = [...walk(path.join(repoRoot, 'core/src/db'))];
  for (const plugin of readdirSync(path.join(repoRoot, 'plugins')).sort()) {
    files.push(path.join(repoRoot, 'plugins', plugin, 'plugin.json'), ...walk(path.join(repoRoot, 'plugins', plugin, 'src')));
  }
  return files.filter((f) => existsSync(f)).map((f) => `${path.relative(repoRoot, f)}\n${readFileSync(f, 'utf8')}\n`).join('');
}

function* walk(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
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
