import mysql from "mysql2";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { createInterface } from "node:readline";
import { once } from "node:events";
import { finished } from "node:stream/promises";
const quote = (name) => `\`${name.replace(/`/g, "``")}\``;
function connectRaw(databaseUrl) {
  const url = new URL(databaseUrl);
  return mysql.createConnection({
    host: url.hostname,
    port: Number(url.port || 3306),
    user: decodeURIComponent(url.username || "root"),
    password: decodeURIComponent(url.password),
    database: url.pathname.replace(/^\//, ""),
    charset: "utf8mb4",
    timezone: "Z",
    // Values exactly as stored: times as text, big numbers and decimals as text, JSON as its text, blobs as bytes.
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    typeCast: (field, next) => field.type === "JSON" ? field.string() : next()
  });
}
const connect = (databaseUrl) => connectRaw(databaseUrl).promise();
const encode = (value) => Buffer.isBuffer(value) ? { $b64: value.toString("base64") } : value;
const decode = (value) => value && typeof value === "object" && "$b64" in value ? Buffer.from(String(value.$b64), "base64") : value;
async function snapshotMysql(databaseUrl, dir) {
  const raw = connectRaw(databaseUrl);
  const db = raw.promise();
  await mkdir(path.join(dir, "rows"), { recursive: true });
  try {
    await db.query("SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ");
    await db.query("START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY");
    const [tables] = await db.query("SELECT TABLE_NAME AS name FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_TYPE = 'BASE TABLE' ORDER BY TABLE_NAME");
    const schema = { tables: [], triggers: [] };
    for (const { name } of tables) {
      const [[create]] = await db.query(`SHOW CREATE TABLE ${quote(name)}`);
      const [cols] = await db.query(
        "SELECT COLUMN_NAME AS c FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ? AND EXTRA NOT LIKE '%GENERATED%' ORDER BY ORDINAL_POSITION",
        [name]
      );
      const columns = cols.map((c) => c.c);
      const rows = await dumpRows(raw, name, columns, path.join(dir, "rows", `${name}.ndjson`));
      schema.tables.push({ name, create: create["Create Table"], columns, rows });
    }
    const [triggers] = await db.query(
      "SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE() ORDER BY EVENT_OBJECT_TABLE, ACTION_TIMING, EVENT_MANIPULATION, ACTION_ORDER"
    );
    for (const { name } of triggers) {
      const [[trigger]] = await db.query(`SHOW CREATE TRIGGER ${quote(name)}`);
      schema.triggers.push(trigger["SQL Original Statement"]);
    }
    await db.query("COMMIT");
    await writeFile(path.join(dir, "schema.json"), JSON.stringify(schema, null, 1));
    return schema;
  } finally {
    await db.end();
  }
}
async function dumpRows(db, table, columns, file) {
  const out = createWriteStream(file);
  let count = 0;
  const rows = db.query({ sql: `SELECT ${columns.map(quote).join(", ")} FROM ${quote(table)}`, rowsAsArray: true }).stream();
  for await (const row of rows) {
    if (!out.write(`${JSON.stringify(row.map(encode))}
`)) await once(out, "drain");
    count += 1;
  }
  out.end();
  await finished(out);
  return count;
}
async function mysqlHasTables(databaseUrl) {
  const db = connect(databaseUrl);
  try {
    const [rows] = await db.query("SELECT COUNT(*) AS n FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()");
    return Number(rows[0].n) > 0;
  } finally {
    await db.end();
  }
}
async function emptyMysql(databaseUrl) {
  const db = connect(databaseUrl);
  try {
    await db.query("SET FOREIGN_KEY_CHECKS = 0");
    const [triggers] = await db.query("SELECT TRIGGER_NAME AS name FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = DATABASE()");
    for (const { name } of triggers) await db.query(`DROP TRIGGER ${quote(name)}`);
    const [tables] = await db.query("SELECT TABLE_NAME AS name, TABLE_TYPE AS type FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE()");
    for (const { name, type } of tables) await db.query(`DROP ${type === "VIEW" ? "VIEW" : "TABLE"} ${quote(name)}`);
  } finally {
    await db.end();
  }
}
const BATCH = 500;
async function loadMysql(databaseUrl, dir) {
  const schema = JSON.parse(await readFile(path.join(dir, "schema.json"), "utf8"));
  const db = connect(databaseUrl);
  try {
    await db.query("SET FOREIGN_KEY_CHECKS = 0");
    await db.query("SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO'");
    for (const table of schema.tables) await db.query(table.create);
    for (const table of schema.tables) {
      const lines = createInterface({ input: createReadStream(path.join(dir, "rows", `${table.name}.ndjson`)), crlfDelay: Infinity });
      let batch = [];
      const flush = async () => {
        if (batch.length) await db.query(`INSERT INTO ${quote(table.name)} (${table.columns.map(quote).join(", ")}) VALUES ?`, [batch]);
        batch = [];
      };
      for await (const line of lines) {
        if (!line) continue;
        batch.push(JSON.parse(line).map(decode));
        if (batch.length >= BATCH) await flush();
      }
      await flush();
    }
    for (const trigger of schema.triggers) await db.query(trigger);
    await db.query("SET FOREIGN_KEY_CHECKS = 1");
  } finally {
    await db.end();
  }
}
export {
  emptyMysql,
  loadMysql,
  mysqlHasTables,
  snapshotMysql
};
