import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform, type Readable } from 'node:stream';
import { AppError, badRequest } from '../http/errors.js';
import { watchDisk, type DiskWatch } from './disk-watch.js';

export interface StoredFile { key: string; url: string; name: string; size: number; mimetype: string }

/**
 * Media storage behind one interface; the default keeps files in `<dataDir>/media/<companyId>/`.
 * File names get a 128-bit random prefix, so a URL is a capability: one company cannot guess
 * another's files, and the original name never reaches the file system unsanitised.
 */
export interface SaveMeta {
  filename: string;
  mimetype: string;
  /** A limit below the app's own (MEDIA_LIMITS.maxBytes): past it the save fails with ERR_FILE_TOO_LARGE while streaming. */
  maxBytes?: number;
}

export interface Storage {
  /** Stores a file; any failure (type, size, a cut-off stream) leaves nothing on disk. */
  save(companyId: number, input: Buffer | Readable, meta: SaveMeta): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  /** Absolute path of a stored key, or undefined when the key is not a valid storage key. */
  resolve(key: string): string | undefined;
  open(key: string): NodeJS.ReadableStream;
  url(key: string): string;
  /** The data folder's free space is below DISK_MIN_FREE_MB (storage/disk-watch.ts): inbound and saves are refused. */
  spaceLow?(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance { storage: Storage; disk: DiskWatch }
}

/** Refusal of work that would write to a data folder that is nearly full: the sender tries again later. */
export const diskFull = () => new AppError('ERR_SERVICE_UNAVAILABLE', 503, 'Low disk space on the server: try again later');

export const MEDIA_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  allowed: /^(image\/(png|jpe?g|gif|webp)|audio\/(ogg|mpeg|mp3|mp4|aac|opus|webm|wav)|video\/(mp4|3gpp|webm)|application\/(pdf|zip|msword|vnd\.[\w.+-]+|octet-stream)|text\/(plain|csv|vcard|x-vcard))$/,
};

export function safeFileName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/')).normalize('NFKD').replace(/[^\w.\- ]+/g, '').replace(/\s+/g, '_');
  const trimmed = base.replace(/^\.+/, '').slice(-120);
  return trimmed || 'file';
}

const MAX_NAME = 255; // the mediaName columns are VARCHAR(255): MariaDB refuses longer

/** The original name as shown to users (kept as mediaName): no control characters, at most 255, extension kept. */
export function displayName(name: string): string {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, '').trim() || 'file';
  if (clean.length <= MAX_NAME) return clean;
  const ext = path.extname(clean).slice(0, 16);
  return clean.slice(0, MAX_NAME - ext.length) + ext;
}

function tooLarge(maxBytes: number) {
  const max = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return badRequest('ERR_FILE_TOO_LARGE', `The file is too large: ${max} MB at most`, { max });
}

/** Passes bytes on until `maxBytes`, then fails: an oversized stream is cut off as it arrives, not after. */
function byteLimit(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    },
  });
}

/**
 * Streams `input` into a new file; on any failure the partial file is removed before this rejects.
 * The file is opened before the bytes flow: createWriteStream opens lazily, so a body cut off at once
 * could reject the pipeline (and run the removal) before the lazy open created the file.
 */
async function writeStream(file: string, input: Readable, maxBytes: number | undefined) {
  // A stream may fail while the folder and the file are being opened: held here rather than thrown uncaught
  // (the listener stays: an error the stream emits after the pipeline gave up on it must not crash either).
  let early: Error | undefined;
  input.on('error', (err: Error) => { early ??= err; });
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const out = (await open(file, 'wx')).createWriteStream();
    if (early) { out.destroy(); throw early; }
    await (maxBytes === undefined ? pipeline(input, out) : pipeline(input, byteLimit(maxBytes), out));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}

const KEY_PATTERN = /^(\d+)\/([0-9a-f]{32})-([\w.\- ]{1,120})$/;

export function createLocalStorage(root: string, publicBase: string, disk?: Pick<DiskWatch, 'low'>): Storage {
  const storage: Storage = {
    spaceLow: () => disk?.low ?? false,
    async save(companyId, input, meta) {
      if (!MEDIA_LIMITS.allowed.test(meta.mimetype)) throw badRequest('ERR_INVALID_MEDIA_TYPE', `Media type ${meta.mimetype} is not accepted`);
      if (disk?.low) throw diskFull();
      const key = `${companyId}/${randomBytes(16).toString('hex')}-${safeFileName(meta.filename)}`;
      const file = storage.resolve(key)!;
      if (Buffer.isBuffer(input)) {
        if (meta.maxBytes !== undefined && input.length > meta.maxBytes) throw tooLarge(meta.maxBytes);
        await mkdir(path.dirname(file), { recursive: true });
        // A write cut off (a full disk) leaves nothing behind: no empty or partial file under a key nobody stores.
        await writeFile(file, input, { flag: 'wx' }).catch(async (err: unknown) => { await rm(file, { force: true }); throw err; });
      } else {
        await writeStream(file, input, meta.maxBytes);
      }
      if ((input as Readable & { truncated?: boolean }).truncated) {
        await rm(file, { force: true });
        throw badRequest('ERR_FILE_TOO_LARGE', 'File is too large');
      }
      const { size } = await stat(file);
      return { key, url: storage.url(key), name: displayName(meta.filename), size, mimetype: meta.mimetype };
    },
    async remove(key) {
      const file = storage.resolve(key);
      if (file) await rm(file, { force: true });
    },
    resolve(key) {
      if (!KEY_PATTERN.test(key)) return undefined;
      const file = path.resolve(root, key);
      return file.startsWith(path.resolve(root) + path.sep) ? file : undefined;
    },
    open(key) {
      const file = storage.resolve(key);
      if (!file) throw badRequest('ERR_INVALID_MEDIA_KEY');
      return createReadStream(file);
    },
    url(key) {
      return `${publicBase}/media/${key}`;
    },
  };
  return storage;
}

/**
 * The only files /media/ shows inline: raster images, audio and video, by the extension their content type is
 * served by (@fastify/send types a file by its extension). docs/security.md lists them.
 */
export const INLINE_MEDIA_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'mp3', 'ogg', 'oga', 'opus', 'm4a', 'aac', 'wav', 'weba', 'mp4', '3gp', 'webm'] as const;
const INLINE = new RegExp(`\\.(${INLINE_MEDIA_EXTENSIONS.join('|')})$`, 'i');
/** No script, no plugin, an opaque origin: what a stored file may do if a browser renders it anyway. */
export const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Headers for a file served from /media/. Media shares the console's origin, and the console opens media
 * links in a new tab, so nothing stored there may run on it: nothing is sniffed, every type but the inline ones
 * above is a download (a PDF too: its viewer runs the document's script actions), and every answer is sandboxed.
 */
export function setMediaHeaders(reply: { header(name: string, value: string): unknown }, file: string) {
  reply.header('x-content-type-options', 'nosniff');
  if (!INLINE.test(file)) reply.header('content-disposition', 'attachment');
  reply.header('content-security-policy', MEDIA_CSP);
}

export const storagePlugin = fp(async (app: FastifyInstance, opts: { root: string; publicUrl: string; dataDir: string; minFreeBytes: number; readFree?: (dir: string) => Promise<number | undefined> }) => {
  await mkdir(opts.root, { recursive: true });
  const disk = watchDisk(opts.dataDir, opts.minFreeBytes, app.log, opts.readFree);
  await disk.check();
  app.addHook('onClose', async () => disk.stop());
  app.decorate('disk', disk);
  app.decorate('storage', createLocalStorage(opts.root, opts.publicUrl, disk));
}, { name: 'storage' });
