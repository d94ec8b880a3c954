import { stat } from "node:fs/promises";
import path from "node:path";
import { badRequest } from "../../http/errors.js";
const IMAGE = { mimetype: /^image\/(png|jpe?g)$/, ext: /\.(png|jpe?g)$/i, message: "Only png, jpg and jpeg images are accepted" };
async function receiveMedia(app, request, opts = {}) {
  const accept = opts.accept ?? (opts.imagesOnly ? IMAGE : void 0);
  if (!request.isMultipart()) throw badRequest("ERR_NO_FILE", "Send the file as multipart/form-data");
  const out = { files: [], fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === "field") {
        out.fields[part.fieldname] = String(part.value);
        continue;
      }
      if (out.files.length >= (opts.maxFiles ?? 1)) {
        part.file.resume();
        continue;
      }
      if (accept && !(accept.mimetype.test(part.mimetype) && accept.ext.test(part.filename))) {
        part.file.resume();
        throw badRequest("ERR_INVALID_MEDIA_TYPE", accept.message);
      }
      const stored = await app.storage.save(opts.companyId ?? request.user.companyId, part.file, { filename: part.filename, mimetype: part.mimetype, maxBytes: opts.maxBytes });
      out.files.push({ field: part.fieldname, stored });
    }
  } catch (err) {
    await Promise.all(out.files.map((f) => app.storage.remove(f.stored.key)));
    throw err;
  }
  if (out.files.length === 0) throw badRequest("ERR_NO_FILE", "No file was sent");
  return out;
}
const MIME_BY_EXT = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".pdf": "application/pdf",
  ".mp3": "audio/mpeg",
  ".ogg": "audio/ogg",
  ".mp4": "video/mp4",
  ".txt": "text/plain",
  ".csv": "text/csv"
};
async function storedFileOf(app, key, name) {
  const file = app.storage.resolve(key);
  if (!file) return void 0;
  const info = await stat(file).catch(() => void 0);
  if (!info) return void 0;
  const ext = path.extname(key).toLowerCase();
  return { key, url: app.storage.url(key), name: name ?? path.basename(key), size: info.size, mimetype: MIME_BY_EXT[ext] ?? "application/octet-stream" };
}
export {
  receiveMedia,
  storedFileOf
};
