import type { AtriumSdk } from '@atrium/core/sdk';
import type { FastifyRequest } from 'fastify';
import type { StoredChatFile } from './messages.js';

const MAX_TEXT = 10_000;

/**
 * A message sent as multipart (the family's client): the text in the `message` field (or `body`), at most one file
 * in `medias` (or `file`), stored in the caller's company storage. Text, a file, or both; anything refused leaves no
 * file behind.
 */
export async function readChatUpload(sdk: AtriumSdk, request: FastifyRequest, companyId: number): Promise<{ text: string; file?: StoredChatFile }> {
  let text = '';
  let file: StoredChatFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'message' || part.fieldname === 'body') text = String(part.value ?? '');
        continue;
      }
      if (file || !['medias', 'file'].includes(part.fieldname)) {
        part.file.resume();
        throw sdk.errors.badRequest('ERR_VALIDATION', 'Send one file, in "medias"', { field: 'body/medias' });
      }
      try {
        const saved = await sdk.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype });
        file = { key: saved.key, name: saved.name, mimetype: saved.mimetype };
      } catch (err) {
        part.file.resume();
        throw err;
      }
    }
    text = text.trim();
    if (text.length > MAX_TEXT) throw sdk.errors.badRequest('ERR_VALIDATION', `The message is longer than ${MAX_TEXT} characters`, { field: 'body/message' });
    if (!text && !file) throw sdk.errors.badRequest('ERR_VALIDATION', 'Write a message or send a file', { field: 'body/message' });
    return { text, file };
  } catch (err) {
    if (file) await sdk.storage.remove(file.key);
    throw err;
  }
}
