import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKnex } from '../src/db/connection.js';
import { runMigrations } from '../src/db/migrate.js';
import { migrationSources, repoMigrations } from './migration-sources.js';

/**
 * Migrating a new SQLite file runs ~140 migrations (tables, indexes, FTS tables, triggers) and the suite builds
 * ~400 apps. So the migrations run once into a template file, kept in the system's temp folder under the hash of the
 * sources migrations come from (shared by the run's test processes and later runs; a changed migration makes a new
 * one), and each build gets a copy of that file. A test's own plugin migrations, absent from it, run on the copy.
 */
let template: Promise<string> | undefined;

async function makeTemplate(): Promise<string> {
  const key = createHash('sha256').update(migrationSources()).digest('hex').slice(0, 16);
  const file = path.join(os.tmpdir(), `atrium-sqlite-template-${key}.sqlite`);
  if (existsSync(file)) return file;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'atrium-sqlite-tpl-'));
  try {
    const filename = path.join(scratch, 'template.sqlite');
    const knex = createKnex({ kind: 'sqlite', url: `sqlite:${filename}`, filename });
    try {
      await runMigrations(knex, await repoMigrations());
      // One self-contained file (no -wal beside it), so a plain copy is the whole database.
      await knex.raw('PRAGMA journal_mode = DELETE');
    } finally {
      await knex.destroy();
    }
    // Renamed into place, so a concurrent test process never copies half a file (two may both make it once).
    renameSync(filename, file);
    return file;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Writes a migrated database at `filename`: a copy of the template. */
export async function copyMigratedSqlite(filename: string): Promise<void> {
  template ??= makeTemplate();
  copyFileSync(await template, filename);
}
