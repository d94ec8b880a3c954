import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import mysql from "mysql2/promise";
import { createClient } from "redis";
import { createKnex, dropMysqlDatabase, ensureMysqlDatabase } from "../src/db/connection.js";
import { runMigrations } from "../src/db/migrate.js";
import { migrationSources, repoMigrations } from "./migration-sources.js";
let script;
const quote = (name) => `\`${name.replace(/`/g, "``")}\``;
async function connect(serverUrl, database) {
  const url = new URL(serverUrl);
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
    database,
    multipleStatements: true,
    charset: "utf8mb4",
    dateStrings: true
  });
}
async function scriptFromMigrations(serverUrl, migrations) {
  const name = `atrium_tpl_${process.pid}`;
  const url = `${serverUrl}/${name}`;
  await dropMysqlDatabase(url);
  await ensureMysqlDatabase(url);
  try {
    const knex = createKnex({ kind: "mysql", url });
    try {
      await runMigrations(knex, migrations);
    } finally {
      await knex.destroy();
    }
    const db = await connect(serverUrl, name);
    try {
      const [tables] = await db.query("SHOW FULL TABLES WHERE Table_type = 'BASE TABLE'");
      const creates = [];
      const rows = [];
      for (const row of tables) {
        const table = Object.values(row)[0];
        const [[create]] = await db.query(`SHOW CREATE TABLE ${quote(table)}`);
        creates.push(`${create["Create Table"].replace(/ AUTO_INCREMENT=\d+/, "")};`);
        const [content] = await db.query(`SELECT * FROM ${quote(table)}`);
        if (content.length > 0) rows.push(`${mysql.format("INSERT INTO ?? VALUES ?", [table, content.map((r) => Object.values(r))])};`);
      }
      const [triggers] = await db.query(
        "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = ? ORDER BY EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, ACTION_ORDER",
        [name]
      );
      const triggerStatements = [];
      for (const { TRIGGER_NAME } of triggers) {
        const [[trigger]] = await db.query(`SHOW CREATE TRIGGER ${quote(TRIGGER_NAME)}`);
        triggerStatements.push(`${trigger["SQL Original Statement"]};`);
      }
      return ["SET FOREIGN_KEY_CHECKS = 0;", ...creates, ...rows, "SET FOREIGN_KEY_CHECKS = 1;", ...triggerStatements].join("\n");
    } finally {
      await db.end();
    }
  } finally {
    await dropMysqlDatabase(url);
  }
}
async function templateScript(serverUrl) {
  const migrations = await repoMigrations();
  const db = await connect(serverUrl);
  try {
    const [[{ version }]] = await db.query("SELECT VERSION() AS version");
    const key = createHash("sha256").update(`${version}
`).update(migrationSources()).digest("hex").slice(0, 16);
    const file = path.join(os.tmpdir(), `atrium-mysql-template-${key}.sql`);
    const cached = () => {
      try {
        return readFileSync(file, "utf8");
      } catch {
        return void 0;
      }
    };
    const hit = cached();
    if (hit !== void 0) return hit;
    await db.query("SELECT GET_LOCK(?, 600)", [`atrium_tpl_${key}`]);
    const madeMeanwhile = cached();
    if (madeMeanwhile !== void 0) return madeMeanwhile;
    const made = await scriptFromMigrations(serverUrl, migrations);
    writeFileSync(`${file}.${process.pid}`, made);
    renameSync(`${file}.${process.pid}`, file);
    return made;
  } finally {
    await db.end();
  }
}
async function createMigratedDatabase(serverUrl, database) {
  script ??= templateScript(serverUrl);
  const statements = await script;
  const db = await connect(serverUrl);
  try {
    await db.query(`CREATE DATABASE ${quote(database)} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; USE ${quote(database)};
${statements}`);
  } finally {
    await db.end();
  }
}
const PREFIX = "atrium_t_";
const spare = [];
let swept = false;
let shape;
async function templateShape(serverUrl) {
  script ??= templateScript(serverUrl);
  const text = await script;
  const data = text.slice(0, text.indexOf("SET FOREIGN_KEY_CHECKS = 1;"));
  return {
    tables: [...data.matchAll(/^CREATE TABLE `([^`]+)`/gm)].map((m) => m[1]).sort(),
    rows: data.split("\n").filter((line) => line.startsWith("INSERT INTO "))
  };
}
async function acquireMigratedDatabase(serverUrl) {
  if (!swept) {
    swept = true;
    await dropLeftovers(serverUrl);
  }
  const reused = spare.pop();
  if (reused) return reused;
  const name = `${PREFIX}${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await createMigratedDatabase(serverUrl, name);
  return name;
}
async function releaseMigratedDatabase(serverUrl, database, redis) {
  const reusable = await resetToTemplate(serverUrl, database).catch(() => false) && (!redis || await deleteRedisKeys(redis.url, redis.prefix).then(() => true, () => false));
  if (reusable) spare.push(database);
  else await dropMysqlDatabase(`${serverUrl}/${database}`);
}
async function deleteRedisKeys(url, prefix) {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1e3 })) if (keys.length) await client.unlink(keys);
  } finally {
    await client.quit();
  }
}
async function resetToTemplate(serverUrl, database) {
  shape ??= templateShape(serverUrl);
  const { tables, rows } = await shape;
  const db = await connect(serverUrl, database);
  try {
    const [present] = await db.query(
      "SELECT TABLE_NAME AS name, AUTO_INCREMENT AS next FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
      [database]
    );
    const names = present.map((r) => r.name).sort();
    if (names.join() !== tables.join()) return false;
    const deletes = tables.map((table) => `DELETE FROM ${quote(table)};`).join("\n");
    const counters = present.filter((r) => Number(r.next) > 1).map((r) => `ALTER TABLE ${quote(r.name)} AUTO_INCREMENT = 1;`).join("\n");
    await db.query(`SET FOREIGN_KEY_CHECKS = 0;
${deletes}
${deletes}
${counters}
SET FOREIGN_KEY_CHECKS = 1;`);
    const [[{ left }]] = await db.query(`SELECT ${tables.map((table) => `(SELECT COUNT(*) FROM ${quote(table)})`).join(" + ")} AS \`left\``);
    if (Number(left) !== 0) return false;
    if (rows.length) await db.query(`SET FOREIGN_KEY_CHECKS = 0;
${rows.join("\n")}
SET FOREIGN_KEY_CHECKS = 1;`);
    return true;
  } finally {
    await db.end();
  }
}
async function dropSpareDatabases(serverUrl) {
  while (spare.length) await dropMysqlDatabase(`${serverUrl}/${spare.pop()}`);
}
async function dropLeftovers(serverUrl) {
  const db = await connect(serverUrl);
  try {
    const [rows] = await db.query("SHOW DATABASES LIKE ?", [`${PREFIX}%`]);
    for (const name of rows.map((r) => Object.values(r)[0])) {
      const pid = Number(name.slice(PREFIX.length).split("_")[0]);
      if (Number.isInteger(pid) && pid > 0 && !alive(pid)) await db.query(`DROP DATABASE IF EXISTS ${quote(name)}`);
    }
  } finally {
    await db.end();
  }
}
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === "EPERM";
  }
}
export {
  acquireMigratedDatabase,
  createMigratedDatabase,
  dropSpareDatabases,
  releaseMigratedDatabase
};
