import { createReadStream, createWriteStream, existsSync } from "node:fs";
import { copyFile, chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import tar from "tar-stream";
import { dataPaths } from "../config/index.js";
import { ensureMysqlDatabase } from "../db/connection.js";
import { BadPassphraseError, isEncrypted, opener } from "./envelope.js";
import { checkSqlite } from "./sqlite.js";
import { emptyMysql, loadMysql, mysqlHasTables } from "./mysql.js";
import { MANIFEST_NAME, MYSQL_DIR, SECRETS_NAME, SQLITE_NAME } from "./manifest.js";
class RestoreRefusedError extends Error {
  constructor(message) {
    super(message);
    this.name = "RestoreRefusedError";
  }
}
const hasEntries = async (dir) => existsSync(dir) && (await readdir(dir)).length > 0;
async function existingData(env) {
  const { dataDir, database } = dataPaths(env);
  const found = [];
  if (database.kind === "sqlite") {
    if (existsSync(database.filename) && (await stat(database.filename)).size > 0) found.push(`the database ${database.filename}`);
  } else {
    await ensureMysqlDatabase(database.url);
    if (await mysqlHasTables(database.url)) found.push(`tables in the database ${new URL(database.url).pathname.slice(1)}`);
  }
  if (await hasEntries(path.join(dataDir, "media"))) found.push(`media files in ${path.join(dataDir, "media")}`);
  if (existsSync(path.join(dataDir, SECRETS_NAME))) found.push(`the secrets file ${path.join(dataDir, SECRETS_NAME)}`);
  return found;
}
function safeName(name) {
  const clean = path.posix.normalize(name.replace(/^\.\//, ""));
  const allowed = clean === MANIFEST_NAME || clean === SECRETS_NAME || /^(database|media)\/[^\0]+$/.test(clean);
  if (!allowed || clean.startsWith("/") || clean.split("/").includes("..")) throw new RestoreRefusedError(`The archive holds an unexpected path: ${name}`);
  return clean;
}
async function unpack(file, dir, passphrase) {
  const extract = tar.extract();
  extract.on("entry", (header, stream, next) => {
    if (header.type !== "file") {
      stream.resume();
      next();
      return;
    }
    let target;
    try {
      target = path.join(dir, safeName(header.name));
    } catch (err) {
      stream.resume();
      next(err);
      return;
    }
    mkdir(path.dirname(target), { recursive: true }).then(() => pipeline(stream, createWriteStream(target, { mode: 384 }))).then(() => next(), (err) => next(err));
  });
  if (await isEncrypted(file)) {
    if (!passphrase) throw new RestoreRefusedError("The archive is encrypted: give its passphrase (ATRIUM_BACKUP_PASSPHRASE or --passphrase-file)");
    const { decipher, start, end } = await opener(file, passphrase);
    try {
      await pipeline(createReadStream(file, { start, end }), decipher, createGunzip(), extract);
    } catch (err) {
      if (/auth|decrypt|incorrect header|invalid|unexpected end/i.test(err.message)) throw new BadPassphraseError();
      throw err;
    }
  } else {
    await pipeline(createReadStream(file), createGunzip(), extract);
  }
}
async function move(from, to) {
  await mkdir(path.dirname(to), { recursive: true });
  try {
    await rename(from, to);
  } catch (err) {
    if (err.code !== "EXDEV") throw err;
    await copyFile(from, to);
    await rm(from, { force: true });
  }
}
async function restoreBackup(options) {
  const env = options.env ?? process.env;
  const { dataDir, database } = dataPaths(env);
  const existing = await existingData(env);
  if (existing.length && !options.force) {
    throw new RestoreRefusedError(`The target is not empty (${existing.join("; ")}): restore into an empty one, or add --force to replace it`);
  }
  await mkdir(path.dirname(dataDir), { recursive: true });
  const work = await mkdtemp(path.join(path.dirname(dataDir), ".atrium-restore-"));
  try {
    await unpack(options.file, work, options.passphrase);
    const manifest = JSON.parse(await readFile(path.join(work, MANIFEST_NAME), "utf8").catch(() => "{}"));
    if (manifest.format !== "atrium-backup" || manifest.version !== 1) throw new RestoreRefusedError("Not an Atrium backup (no atrium-backup.json of version 1)");
    if (manifest.database !== database.kind) {
      throw new RestoreRefusedError(`The archive holds a ${manifest.database} database; DATABASE_URL names a ${database.kind} one`);
    }
    if (database.kind === "sqlite") checkSqlite(path.join(work, SQLITE_NAME));
    if (options.force) {
      if (database.kind === "sqlite") for (const suffix of ["", "-wal", "-shm", "-journal"]) await rm(`${database.filename}${suffix}`, { force: true });
      else await emptyMysql(database.url);
      await rm(path.join(dataDir, "media"), { recursive: true, force: true });
      await rm(path.join(dataDir, SECRETS_NAME), { force: true });
    }
    await mkdir(dataDir, { recursive: true });
    if (database.kind === "sqlite") {
      for (const suffix of ["-wal", "-shm"]) await rm(`${database.filename}${suffix}`, { force: true });
      await move(path.join(work, SQLITE_NAME), database.filename);
    } else {
      await loadMysql(database.url, path.join(work, MYSQL_DIR));
    }
    if (existsSync(path.join(work, "media"))) {
      await rm(path.join(dataDir, "media"), { recursive: true, force: true });
      await move(path.join(work, "media"), path.join(dataDir, "media"));
    }
    if (existsSync(path.join(work, SECRETS_NAME))) {
      await move(path.join(work, SECRETS_NAME), path.join(dataDir, SECRETS_NAME));
      await chmod(path.join(dataDir, SECRETS_NAME), 384);
    }
    return manifest;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
export {
  RestoreRefusedError,
  restoreBackup
};
