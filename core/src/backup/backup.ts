import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import tar, { type Pack } from 'tar-stream';
import { dataPaths } from '../config/index.js';
import { coreVersion } from '../plugins/manifest.js';
import { sealer } from './envelope.js';
import { snapshotSqlite } from './sqlite.js';
import { snapshotMysql } from './mysql.js';
import { MANIFEST_NAME, MYSQL_DIR, SECRETS_NAME, SECRETS_NOTICE, SECRET_ENV_NAMES, SQLITE_NAME, type BackupManifest } from './manifest.js';

export interface BackupOptions {
  /** Where the archive goes (a .tar.gz, or an encrypted envelope of one with `passphrase`). */
  file: string;
  env?: NodeJS.ProcessEnv;
  /** Encrypts the archive (scrypt + AES-256-GCM). */
  passphrase?: string;
}

/** Adds one file, read from an open handle (a file removed meanwhile is skipped: the database no longer names it). */
async function addFile(pack: Pack, name: string, file: string): Promise<number | undefined> {
  const fh = await open(file, 'r').catch((err: NodeJS.ErrnoException) => { if (err.code === 'ENOENT') return undefined; throw err; });
  if (!fh) return undefined;
  try {
    const { size, mtime } = await fh.stat();
    await new Promise<void>((resolve, reject) => {
      const entry = pack.entry({ name, size, mtime, mode: 0o600 }, (err) => (err ? reject(err) : resolve()));
      if (size === 0) { entry.end(); return; }
      // Exactly the bytes counted in the header, even if the file grows while it is read.
      fh.createReadStream({ start: 0, end: size - 1, autoClose: false }).on('error', reject).pipe(entry);
    });
    return size;
  } finally {
    await fh.close();
  }
}

async function* walk(dir: string): AsyncGenerator<string> {
  if (!existsSync(dir)) return;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes one archive of what a restore needs, while the server runs: the database's consistent snapshot first,
 * then the media folder (a file written after the snapshot is an orphan the restored database never names; every
 * file the snapshot names was on disk before its row was written), then the secrets file. Written to `<file>.partial`
 * and renamed at the end, so an interrupted backup never looks like a finished one.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const env = options.env ?? process.env;
  const { dataDir, database } = dataPaths(env);
  const work = await mkdtemp(path.join(path.dirname(path.resolve(options.file)), '.atrium-backup-'));
  const partial = `${options.file}.partial`;
  try {
    const manifest: BackupManifest = {
      format: 'atrium-backup', version: 1, createdAt: new Date().toISOString(), coreVersion, database: database.kind,
      containsSecrets: existsSync(path.join(dataDir, SECRETS_NAME)), secretsFromEnvironment: SECRET_ENV_NAMES.filter((name) => env[name]),
      notice: SECRETS_NOTICE, media: { files: 0, bytes: 0 },
    };
    if (database.kind === 'sqlite') {
      if (!existsSync(database.filename!)) throw new Error(`No database at ${database.filename}: check DATA_DIR / DATABASE_URL`);
      await snapshotSqlite(database.filename!, path.join(work, 'atrium.sqlite'));
    } else {
      const schema = await snapshotMysql(database.url, path.join(work, MYSQL_DIR));
      manifest.tables = Object.fromEntries(schema.tables.map((t) => [t.name, t.rows]));
    }

    const pack = tar.pack();
    const out = createWriteStream(partial, { mode: 0o600 });
    let written: Promise<void>;
    let cipher: Awaited<ReturnType<typeof sealer>>['cipher'] | undefined;
    if (options.passphrase) {
      const sealed = await sealer(options.passphrase, manifest.containsSecrets);
      cipher = sealed.cipher;
      out.write(sealed.header);
      written = pipeline(pack, createGzip(), sealed.cipher, out, { end: false });
    } else {
      written = pipeline(pack, createGzip(), out);
    }
    // The media folder is listed now, after the snapshot, and counted for the manifest, which goes first.
    const mediaRoot = path.join(dataDir, 'media');
    const media: string[] = [];
    for await (const file of walk(mediaRoot)) media.push(file);
    for (const file of media) manifest.media.bytes += (await stat(file).catch(() => ({ size: 0 }))).size;
    manifest.media.files = media.length;
    pack.entry({ name: MANIFEST_NAME, mode: 0o600 }, `${JSON.stringify(manifest, null, 2)}\n`);
    if (database.kind === 'sqlite') await addFile(pack, SQLITE_NAME, path.join(work, 'atrium.sqlite'));
    else for await (const file of walk(path.join(work, MYSQL_DIR))) await addFile(pack, path.posix.join(MYSQL_DIR, path.relative(path.join(work, MYSQL_DIR), file).split(path.sep).join('/')), file);
    if (manifest.containsSecrets) await addFile(pack, SECRETS_NAME, path.join(dataDir, SECRETS_NAME));
    for (const file of media) await addFile(pack, `media/${path.relative(mediaRoot, file).split(path.sep).join('/')}`, file);
    pack.finalize();
    await written;
    if (cipher) await new Promise<void>((resolve, reject) => out.end(cipher!.getAuthTag(), () => resolve()).on('error', reject));
    await rename(partial, options.file);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
