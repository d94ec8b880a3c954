import type { AtriumSdk, TypeBoxTypeProvider } from '@atrium/core/sdk';
import type { FastifyInstance } from 'fastify';
import { MEDIA_MAX_BYTES } from './graph.js';

type Kind = 'img' | 'audio' | 'video';
/** ext §5: what each media node accepts (by type and extension). */
const ACCEPTS: Record<Kind, { mimetype: RegExp; ext: RegExp; label: string }> = {
  img: { mimetype: /^image\/(png|jpe?g)$/, ext: /\.(png|jpe?g)$/i, label: 'png, jpg, jpeg' },
  audio: { mimetype: /^audio\/(ogg|mpeg|mp3|opus)$/, ext: /\.(ogg|mp3|opus)$/i, label: 'ogg, mp3, opus' },
  video: { mimetype: /^video\/mp4$/, ext: /\.mp4$/i, label: 'mp4' },
};
const kindOf = (mimetype: string, filename: string) =>
  (Object.keys(ACCEPTS) as Kind[]).find((k) => ACCEPTS[k].mimetype.test(mimetype) && ACCEPTS[k].ext.test(filename));

/**
 * POST /flowbuilder/img, /audio, /video (one kind) and /flowbuilder/content (any of the three): multipart `medias`
 * (the spec's `body` and `fromMe` fields are accepted and ignored). Each file is checked against its kind's type and
 * size (image 2 MB, audio 5 MB, video 20 MB) and stored in the caller's company storage; the answer is the stored
 * files, whose key, url, name, size and mimetype the media nodes keep. Any refusal removes what was stored.
 */
export function registerUploads(sdk: AtriumSdk, scope: FastifyInstance) {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const T = sdk.Type;
  const Stored = T.Object({ key: T.String(), url: T.String(), name: T.String(), size: T.Integer(), mimetype: T.String() });
  const routes: Array<[string, Kind | null]> = [['img', 'img'], ['audio', 'audio'], ['video', 'video'], ['content', null]];
  for (const [path, only] of routes) {
    app.post(`/flowbuilder/${path}`, { schema: { tags: ['flowbuilder'], consumes: ['multipart/form-data'], response: { 200: T.Array(Stored) } } }, async (request) => {
      if (!request.isMultipart()) throw sdk.errors.badRequest('ERR_NO_FILE', 'Send the files as multipart/form-data in "medias"');
      const { companyId } = request.user;
      const saved: Awaited<ReturnType<typeof sdk.storage.save>>[] = [];
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const kind = kindOf(part.mimetype, part.filename);
          if (part.fieldname !== 'medias' || !kind || (only && kind !== only)) {
            part.file.resume();
            const label = only ? ACCEPTS[only].label : 'png, jpg, jpeg, ogg, mp3, opus, mp4';
            throw sdk.errors.badRequest('ERR_INVALID_MEDIA_TYPE', `Send the files in "medias" as ${label}`);
          }
          try {
            saved.push(await sdk.storage.save(companyId, part.file, { filename: part.filename, mimetype: part.mimetype, maxBytes: MEDIA_MAX_BYTES[kind] }));
          } catch (err) {
            part.file.resume();
            throw err;
          }
        }
        // A stored file is a change of the company's content no table of ours holds: logged through sdk.audit (a
        // refused entry removes the files, as any refusal does).
        await sdk.audit.record(saved.map((f) => ({
          companyId, action: 'create', entity: 'flowMedia', entityId: f.key,
          changes: { name: { after: f.name }, mimetype: { after: f.mimetype }, size: { after: f.size } },
        })));
      } catch (err) {
        await Promise.all(saved.map((f) => sdk.storage.remove(f.key)));
        throw err;
      }
      if (!saved.length) throw sdk.errors.badRequest('ERR_NO_FILE', 'No file was sent in "medias"');
      return saved.map(({ key, url, name, size, mimetype }) => ({ key, url, name, size, mimetype }));
    });
  }
}
