import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createKnex } from "../src/db/connection.js";
import { runMigrations } from "../src/db/migrate.js";
import { migrationSources, repoMigrations } from "./migration-sources.js";
let template;
async function makeTemplate() {
  const key = createHash("sha256").update(migrationSources()).digest("hex").slice(0, 16);
  const file = path.join(os.tmpdir(), `atrium-sqlite-template-${key}.sqlite`);
  if (existsSync(file)) return file;
  const scratch = mkdtempSync(path.join(os.tmpdir(), "atrium-sqlite-tpl-"));
  try {
    const filename = path.join(scratch, "template.sqlite");
    const knex = createKnex({ kind: "sqlite", url: `sqlite:${filename}`, filename });
    try {
      await runMigrations(knex, await repoMigrations());
      await knex.raw("PRAGMA journal_mode = DELETE");
    } finally {
      await knex.destroy();
    }
    renameSync(filename, file);
    return file;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
async function copyMigratedSqlite(filename) {
  template ??= makeTemplate();
  copyFileSync(await template, filename);
}
export {
  copyMigratedSqlite
};
