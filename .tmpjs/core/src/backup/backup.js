import { createWriteStream, existsSync } from "node:fs";
import { mkdtemp, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import tar from "tar-stream";
import { dataPaths } from "../config/index.js";
import { coreVersion } from "../plugins/manifest.js";
import { sealer } from "./envelope.js";
import { snapshotSqlite } from "./sqlite.js";
import { snapshotMysql } from "./mysql.js";
import { MANIFEST_NAME, MYSQL_DIR, SECRETS_NAME, SECRETS_NOTICE, SECRET_ENV_NAMES, SQLITE_NAME } from "./manifest.js";
async function addFile(pack, name, file) {
  const fh = await open(file, "r").catch((err) => {
    if (err.code === "ENOENT") return void 0;
    throw err;
  });
  if (!fh) return void 0;
  try {
    const { size, mtime } = await fh.stat();
    await new Promise((resolve, reject) => {
      const entry = pack.entry({ name, size, mtime, mode: 384 }, (err) => err ? reject(err) : resolve());
      if (size === 0) {
        entry.end();
        return;
      }
      fh.createReadStream({ start: 0, end: size - 1, autoClose: false }).on("error", reject).pipe(entry);
    });
    return size;
  } finally {
    await fh.close();
  }
}
async function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
async function createBackup(options) {
  const env = options.env ?? process.env;
  const { dataDir, database } = dataPaths(env);
  const work = await mkdtemp(path.join(path.dirname(path.resolve(options.file)), ".atrium-backup-"));
  const partial = `${options.file}.partial`;
  try {
    const manifest = {
      format: "atrium-backup",
      version: 1,
      createdAt: (/* @__PURE__ */ new Date()).toISOString(),
      coreVersion,
      database: database.kind,
      containsSecrets: existsSync(path.join(dataDir, SECRETS_NAME)),
      secretsFromEnvironment: SECRET_ENV_NAMES.filter((name) => env[name]),
      notice: SECRETS_NOTICE,
      media: { files: 0, bytes: 0 }
    };
    if (database.kind === "sqlite") {
      if (!existsSync(database.filename)) throw new Error(`No database at ${database.filename}: check DATA_DIR / DATABASE_URL`);
      await snapshotSqlite(database.filename, path.join(work, "atrium.sqlite"));
    } else {
      const schema = await snapshotMysql(database.url, path.join(work, MYSQL_DIR));
      manifest.tables = Object.fromEntries(schema.tables.map((t) => [t.name, t.rows]));
    }
    const pack = tar.pack();
    const out = createWriteStream(partial, { mode: 384 });
    let written;
    let cipher;
    if (options.passphrase) {
      const sealed = await sealer(options.passphrase, manifest.containsSecrets);
      cipher = sealed.cipher;
      out.write(sealed.header);
      written = pipeline(pack, createGzip(), sealed.cipher, out, { end: false });
    } else {
      written = pipeline(pack, createGzip(), out);
    }
    const mediaRoot = path.join(dataDir, "media");
    const media = [];
    for await (const file of walk(mediaRoot)) media.push(file);
    for (const file of media) manifest.media.bytes += (await stat(file).catch(() => ({ size: 0 }))).size;
    manifest.media.files = media.length;
    pack.entry({ name: MANIFEST_NAME, mode: 384 }, `${JSON.stringify(manifest, null, 2)}
`);
    if (database.kind === "sqlite") await addFile(pack, SQLITE_NAME, path.join(work, "atrium.sqlite"));
    else for await (const file of walk(path.join(work, MYSQL_DIR))) await addFile(pack, path.posix.join(MYSQL_DIR, path.relative(path.join(work, MYSQL_DIR), file).split(path.sep).join("/")), file);
    if (manifest.containsSecrets) await addFile(pack, SECRETS_NAME, path.join(dataDir, SECRETS_NAME));
    for (const file of media) await addFile(pack, `media/${path.relative(mediaRoot, file).split(path.sep).join("/")}`, file);
    pack.finalize();
    await written;
    if (cipher) await new Promise((resolve, reject) => out.end(cipher.getAuthTag(), () => resolve()).on("error", reject));
    await rename(partial, options.file);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
export {
  createBackup
};
