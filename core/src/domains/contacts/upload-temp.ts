import type { FastifyRequest } from 'fastify';
import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { badRequest } from '../../http/errors.js';

export interface TempUpload { file: string; filename: string; mimetype: string; fields: Record<string, string>; cleanup(): Promise<void> }

/**
 * Writes the request's first multipart file to a private temp folder (never into memory), collecting the
 * text fields around it. The caller must call cleanup(). A request that is not multipart or has no file → 400.
 */
export async function receiveToTemp(request: FastifyRequest, code = 'ERR_NO_FILE'): Promise<TempUpload> {
  if (!request.isMultipart()) throw badRequest(code, 'Send the file as multipart/form-data');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atrium-upload-'));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  const fields: Record<string, string> = {};
  let saved: { file: string; filename: string; mimetype: string } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') { fields[part.fieldname] = String(part.value); continue; }
      if (saved) { part.file.resume(); continue; }
      const file = path.join(dir, 'upload');
      // Opened first, so a cut-off body cannot create the file after cleanup() ran (see storage's save).
      await pipeline(part.file, (await open(file, 'wx')).createWriteStream());
      if (part.file.truncated) throw badRequest('ERR_FILE_TOO_LARGE', 'File is too large');
      saved = { file, filename: part.filename, mimetype: part.mimetype };
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
  if (!saved) { await cleanup(); throw badRequest(code, 'No file was sent'); }
  return { ...saved, fields, cleanup };
}
