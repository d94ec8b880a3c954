import type { FastifyInstance, FastifyRequest } from 'fastify';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { badRequest } from '../../http/errors.js';
import type { StoredFile } from '../../storage/index.js';

/** The types a route accepts: a file's declared type and its name's extension must both match. */
export interface MediaFilter { mimetype: RegExp; ext: RegExp; message: string }
const IMAGE: MediaFilter = { mimetype: /^image\/(png|jpe?g)$/, ext: /\.(png|jpe?g)$/i, message: 'Only png, jpg and jpeg images are accepted' };

export interface ReceivedMedia { files: { field: string; stored: StoredFile }[]; fields: Record<string, string> }

/**
 * Reads a multipart request: text fields, and files streamed into app.storage (never buffered).
 * `imagesOnly` refuses anything but png/jpg/jpeg (the spec's rule for schedules and announcements), `accept`
 * another set of types, before a byte is written; `maxBytes` a size below the app's own limit, cut off while
 * streaming. `companyId` the folder (the caller's company by default). On any failure the files already stored are removed.
 */
export async function receiveMedia(app: FastifyInstance, request: FastifyRequest, opts: {
  imagesOnly?: boolean; accept?: MediaFilter; maxFiles?: number; maxBytes?: number; companyId?: number;
} = {}): Promise<ReceivedMedia> {
  const accept = opts.accept ?? (opts.imagesOnly ? IMAGE : undefined);
  if (!request.isMultipart()) throw badRequest('ERR_NO_FILE', 'Send the file as multipart/form-data');
  const out: ReceivedMedia = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') { out.fields[part.fieldname] = String(part.value); continue; }
      if (out.files.length >= (opts.maxFiles ?? 1)) { part.file.resume(); continue; }
      if (accept && !(accept.mimetype.test(part.mimetype) && accept.ext.test(part.filename))) {
        part.file.resume();
        throw badRequest('ERR_INVALID_MEDIA_TYPE', accept.message);
      }
      const stored = await app.storage.save(opts.companyId ?? request.user.companyId, part.file, { filename: part.filename, mimetype: part.mimetype, maxBytes: opts.maxBytes });
      out.files.push({ field: part.fieldname, stored });
    }
  } catch (err) {
    await Promise.all(out.files.map((f) => app.storage.remove(f.stored.key)));
    throw err;
  }
  if (out.files.length === 0) throw badRequest('ERR_NO_FILE', 'No file was sent');
  return out;
}

const MIME_BY_EXT: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg', '.ogg': 'audio/ogg', '.mp4': 'video/mp4', '.txt': 'text/plain', '.csv': 'text/csv',
};

/** Rebuilds the StoredFile of a kept storage key (the sender wants one), or undefined when the file is gone. */
export async function storedFileOf(app: FastifyInstance, key: string, name?: string | null): Promise<StoredFile | undefined> {
  const file = app.storage.resolve(key);
  if (!file) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (!info) return undefined;
  const ext = path.extname(key).toLowerCase();
  return { key, url: app.storage.url(key), name: name ?? path.basename(key), size: info.size, mimetype: MIME_BY_EXT[ext] ?? 'application/octet-stream' };
}
