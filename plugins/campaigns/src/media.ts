import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AtriumSdk, StoredFile, TSchema, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import type { CampaignStore } from './store.js';
import { isEditable } from './rules.js';
import { dbNow } from './time.js';

const MiB = 1024 * 1024;
/** ext §5/§9 upload limits (image 2 MB, audio 5 MB, video 20 MB), plus PDF documents up to 20 MB. */
export const MEDIA_RULES = [
  { mime: /^image\/(png|jpe?g)$/, ext: /\.(png|jpe?g)$/i, maxBytes: 2 * MiB },
  { mime: /^audio\/(ogg|mpeg|mp3|opus)$/, ext: /\.(ogg|mp3|opus)$/i, maxBytes: 5 * MiB },
  { mime: /^video\/mp4$/, ext: /\.mp4$/i, maxBytes: 20 * MiB },
  { mime: /^application\/pdf$/, ext: /\.pdf$/i, maxBytes: 20 * MiB },
];

/** The file a storage key names, as the core's sender wants it; undefined when it is gone. */
export async function storedFile(sdk: AtriumSdk, key: string | null | undefined, name: string | null | undefined, mimetype: string | null | undefined): Promise<StoredFile | undefined> {
  const file = key ? sdk.storage.resolve(key) : undefined;
  if (!key || !file) return undefined;
  const info = await stat(file).catch(() => undefined);
  if (!info) return undefined;
  // Keys are `<companyId>/<random>-<safe original name>`.
  const original = path.basename(key).replace(/^[0-9a-f]{32}-/, '');
  return { key, url: sdk.storage.url(key), name: name || original, size: info.size, mimetype: mimetype || 'application/octet-stream' };
}

/** The attachments of a campaign's file list (the core's files feature), in the list's order. */
export async function fileListFiles(sdk: AtriumSdk, companyId: number, fileListId: number | null): Promise<StoredFile[]> {
  if (!fileListId) return [];
  const options = await sdk.services.fileLists.files(companyId, fileListId);
  const files = await Promise.all(options.map((o) => storedFile(sdk, o.path, path.basename(o.path ?? '').replace(/^[0-9a-f]{32}-/, '') || o.name, o.mediaType)));
  return files.filter((f): f is StoredFile => !!f);
}

/**
 * POST /campaigns/:id/media-upload (multipart `file`) and DELETE: the campaign's one media, kept in the company's
 * storage through the SDK, sent with the message (as its caption where the channel allows). Only while the campaign
 * may be edited; a replaced or removed media's file is deleted.
 */
export function registerMedia(scope: FastifyInstance, sdk: AtriumSdk, store: CampaignStore, Campaign: TSchema) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();

  async function editableCampaign(companyId: number, id: number) {
    const current = await store.find(companyId, id);
    if (!isEditable(current, sdk.clock.now())) throw sdk.errors.conflict('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign can no longer be changed');
    return current;
  }

  async function setMedia(companyId: number, id: number, status: string, media: { mediaPath: string | null; mediaName: string | null; mediaType: string | null }) {
    const previous = await store.campaignsOf(companyId).where({ id }).first('mediaPath');
    const n = await store.campaignsOf(companyId).where({ id, status }).update({ ...media, updatedAt: dbNow(sdk.clock) });
    if (!n) return false;
    if (previous?.mediaPath && previous.mediaPath !== media.mediaPath) await sdk.storage.remove(previous.mediaPath);
    return true;
  }

  app.post('/campaigns/:id/media-upload', {
    schema: { tags: ['campaigns'], consumes: ['multipart/form-data'], params: sdk.schemas.IdParams, response: { 200: Campaign } },
  }, async (request) => {
    const { companyId } = request.user;
    const current = await editableCampaign(companyId, request.params.id);
    if (!request.isMultipart()) throw sdk.errors.badRequest('ERR_NO_FILE', 'Send the file as multipart/form-data');
    // The whole request is read: the first file is the media, later ones are drained (and the app's multipart
    // limits still refuse a request with too many or too large files, which then removes the stored one).
    let stored: StoredFile | undefined;
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') continue;
        if (stored) { part.file.resume(); continue; }
        const rule = MEDIA_RULES.find((r) => r.mime.test(part.mimetype) && r.ext.test(part.filename));
        if (!rule) {
          part.file.resume();
          throw sdk.errors.badRequest('ERR_INVALID_MEDIA_TYPE', 'Send an image (png, jpg), an audio (ogg, mp3, opus), an mp4 video or a PDF');
        }
        try {
          stored = await sdk.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype, maxBytes: rule.maxBytes });
        } finally {
          part.file.resume(); // whatever is left of a refused file
        }
      }
    } catch (err) {
      if (stored) await sdk.storage.remove(stored.key);
      // The app's own multipart cap (20 MB) reports itself as a 413 of its own.
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw sdk.errors.badRequest('ERR_FILE_TOO_LARGE', 'File is too large');
      throw err;
    }
    if (!stored) throw sdk.errors.badRequest('ERR_NO_FILE', 'No file was sent');
    const saved = await setMedia(companyId, current.id, current.status, { mediaPath: stored.key, mediaName: stored.name, mediaType: stored.mimetype });
    if (!saved) {
      await sdk.storage.remove(stored.key);
      throw sdk.errors.conflict('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign changed meanwhile');
    }
    return (await store.announce(companyId, current.id))!;
  });

  app.delete('/campaigns/:id/media-upload', { schema: { tags: ['campaigns'], params: sdk.schemas.IdParams, response: { 200: Campaign } } }, async (request) => {
    const { companyId } = request.user;
    const current = await editableCampaign(companyId, request.params.id);
    if (!(await setMedia(companyId, current.id, current.status, { mediaPath: null, mediaName: null, mediaType: null }))) {
      throw sdk.errors.conflict('ERR_CAMPAIGN_NOT_EDITABLE', 'This campaign changed meanwhile');
    }
    return (await store.announce(companyId, current.id))!;
  });
}
