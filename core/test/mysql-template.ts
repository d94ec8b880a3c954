import tap from 'tap';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { createKnex, dropMysqlDatabase, ensureMysqlDatabase } from '../src/db/connection.js';
import { coreMigrations, runMigrations } from '../src/db/migrate.js';
import { pluginMigrations } from '../src/plugins/loader.js';
import { discoverPlugins } from '../src/plugins/manifest.js';
import { repoRoot } from '../src/config/index.js';

/**
 * Migrating a new MariaDB database takes ~1.6 s (45 tables, their indexes and triggers) and a test file builds
 * many apps. So the first build of a test process migrates a template database for real, once, and every build
 * gets a copy recreated from the template's own DDL (SHOW CREATE TABLE / TRIGGER) in one round trip, ~0.3 s.
 * The copy holds every migration's rows (knex_migrations included), so buildApp finds nothing left to run,
 * except migrations the template lacks (a test's own plugin), which run on the copy as usual.
 */
let script: Promise<string> | undefined;

const quote = (name: string) => `\`${name.replace(/`/g, '``')}\``;

async function connect(serverUrl: string, database?: string) {
  const url = new URL(serverUrl);
  return mysql.createConnection({
    host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username || 'root'),
    password: decodeURIComponent(url.password), database, multipleStatements: true, charset: 'utf8mb4',
  });
}

/** Migrates the template and returns the statements that recreate it inside the current database. */
async function buildTemplate(serverUrl: string): Promise<string> {
  const name = `atrium_tpl_${process.pid}`;
  const url = `${serverUrl}/${name}`;
  await dropMysqlDatabase(url);
  await ensureMysqlDatabase(url);
  tap.teardown(() => dropMysqlDatabase(url));
  const knex = createKnex({ kind: 'mysql', url });
  try {
    const plugins = discoverPlugins([{ dir: path.join(repoRoot, 'plugins'), source: 'repo' }]);
    await runMigrations(knex, [...coreMigrations, ...(await pluginMigrations(plugins))]);
  } finally {
    await knex.destroy();
  }
  const db = await connect(serverUrl, name);
  try {
    const [tables] = await db.query<mysql.RowDataPacket[]>("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
    const creates: string[] = [];
    const copies: string[] = [];
    for (const row of tables) {
      const table = Object.values(row)[0] as string;
      const [[create]] = await db.query<mysql.RowDataPacket[]>(`SHOW CREATE TABLE ${quote(table)}`);
      creates.push(`${(create['Create Table'] as string).replace(/ AUTO_INCREMENT=\d+/, '')};`);
      const [[{ n }]] = await db.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
      if (Number(n) > 0) copies.push(`INSERT INTO ${quote(table)} SELECT * FROM ${quote(name)}.${quote(table)};`);
    }
    const [triggers] = await db.query<mysql.RowDataPacket[]>(
      'SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, ACTION_ORDER', [name]);
    const triggerStatements: string[] = [];
    for (const { TRIGGER_NAME } of triggers) {
      const [[trigger]] = await db.query<mysql.RowDataPacket[]>(`SHOW CREATE TRIGGER ${quote(TRIGGER_NAME as string)}`);
      triggerStatements.push(`${trigger['SQL Original Statement'] as string};`);
    }
    return ['SET FOREIGN_KEY_CHECKS = 0;', ...creates, ...copies, 'SET FOREIGN_KEY_CHECKS = 1;', ...triggerStatements].join('\n');
  } finally {
    await db.end();
  }
}

/** Creates `database` on the server as a copy of the migrated template. */
export async function createMigratedDatabase(serverUrl: string, database: string) {
  script ??= buildTemplate(serverUrl);
  const statements = await script;
  const db = await connect(serverUrl);
  try {
    await db.query(`CREATE DATABASE ${quote(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; USE ${quote(database)};\n${statements}`);
  } finally {
    await db.end();
  }
}
