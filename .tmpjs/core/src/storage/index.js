import fp from "fastify-plugin";
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { Transform } from "node:stream";
import { AppError, badRequest } from "../http/errors.js";
import { watchDisk } from "./disk-watch.js";
const diskFull = () => new AppError("ERR_SERVICE_UNAVAILABLE", 503, "Low disk space on the server: try again later");
const MEDIA_LIMITS = {
  maxBytes: 20 * 1024 * 1024,
  allowed: /^(image\/(png|jpe?g|gif|webp)|audio\/(ogg|mpeg|mp3|mp4|aac|opus|webm|wav)|video\/(mp4|3gpp|webm)|application\/(pdf|zip|msword|vnd\.[\w.+-]+|octet-stream)|text\/(plain|csv|vcard|x-vcard))$/
};
function safeFileName(name) {
  const base = path.basename(name.replace(/\\/g, "/")).normalize("NFKD").replace(/[^\w.\- ]+/g, "").replace(/\s+/g, "_");
  const trimmed = base.replace(/^\.+/, "").slice(-120);
  return trimmed || "file";
}
const MAX_NAME = 255;
function displayName(name) {
  const clean = name.replace(/[\u0000-\u001f\u007f]/g, "").trim() || "file";
  if (clean.length <= MAX_NAME) return clean;
  const ext = path.extname(clean).slice(0, 16);
  return clean.slice(0, MAX_NAME - ext.length) + ext;
}
function tooLarge(maxBytes) {
  const max = Math.round(maxBytes / 1024 / 1024 * 10) / 10;
  return badRequest("ERR_FILE_TOO_LARGE", `The file is too large: ${max} MB at most`, { max });
}
function byteLimit(maxBytes) {
  let seen = 0;
  return new Transform({
    transform(chunk, _encoding, done) {
      seen += chunk.length;
      done(seen > maxBytes ? tooLarge(maxBytes) : null, chunk);
    }
  });
}
async function writeStream(file, input, maxBytes) {
  let early;
  input.on("error", (err) => {
    early ??= err;
  });
  try {
    await mkdir(path.dirname(file), { recursive: true });
    const out = (await open(file, "wx")).createWriteStream();
    if (early) {
      out.destroy();
      throw early;
    }
    await (maxBytes === void 0 ? pipeline(input, out) : pipeline(input, byteLimit(maxBytes), out));
  } catch (err) {
    await rm(file, { force: true });
    throw err;
  }
}
const KEY_PATTERN = /^(\d+)\/([0-9a-f]{32})-([\w.\- ]{1,120})$/;
function createLocalStorage(root, publicBase, disk) {
  const storage = {
    spaceLow: () => disk?.low ?? false,
    async save(companyId, input, meta) {
      if (!MEDIA_LIMITS.allowed.test(meta.mimetype)) throw badRequest("ERR_INVALID_MEDIA_TYPE", `Media type ${meta.mimetype} is not accepted`);
      if (disk?.low) throw diskFull();
      const key = `${companyId}/${randomBytes(16).toString("hex")}-${safeFileName(meta.filename)}`;
      const file = storage.resolve(key);
      if (Buffer.isBuffer(input)) {
        if (meta.maxBytes !== void 0 && input.length > meta.maxBytes) throw tooLarge(meta.maxBytes);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, input, { flag: "wx" }).catch(async (err) => {
          await rm(file, { force: true });
          throw err;
        });
      } else {
        await writeStream(file, input, meta.maxBytes);
      }
      if (input.truncated) {
        await rm(file, { force: true });
        throw badRequest("ERR_FILE_TOO_LARGE", "File is too large");
      }
      const { size } = await stat(file);
      return { key, url: storage.url(key), name: displayName(meta.filename), size, mimetype: meta.mimetype };
    },
    async remove(key) {
      const file = storage.resolve(key);
      if (file) await rm(file, { force: true });
    },
    resolve(key) {
      if (!KEY_PATTERN.test(key)) return void 0;
      const file = path.resolve(root, key);
      return file.startsWith(path.resolve(root) + path.sep) ? file : void 0;
    },
    open(key) {
      const file = storage.resolve(key);
      if (!file) throw badRequest("ERR_INVALID_MEDIA_KEY");
      return createReadStream(file);
    },
    url(key) {
      return `${publicBase}/media/${key}`;
    }
  };
  return storage;
}
const INLINE_MEDIA_EXTENSIONS = ["png", "jpg", "jpeg", "gif", "webp", "mp3", "ogg", "oga", "opus", "m4a", "aac", "wav", "weba", "mp4", "3gp", "webm"];
const INLINE = new RegExp(`\\.(${INLINE_MEDIA_EXTENSIONS.join("|")})$`, "i");
const MEDIA_CSP = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";
function setMediaHeaders(reply, file) {
  reply.header("x-content-type-options", "nosniff");
  if (!INLINE.test(file)) reply.header("content-disposition", "attachment");
  reply.header("content-security-policy", MEDIA_CSP);
}
const storagePlugin = fp(async (app, opts) => {
  await mkdir(opts.root, { recursive: true });
  const disk = watchDisk(opts.dataDir, opts.minFreeBytes, app.log, opts.readFree);
  await disk.check();
  app.addHook("onClose", async () => disk.stop());
  app.decorate("disk", disk);
  app.decorate("storage", createLocalStorage(opts.root, opts.publicUrl, disk));
}, { name: "storage" });
export {
  INLINE_MEDIA_EXTENSIONS,
  MEDIA_CSP,
  MEDIA_LIMITS,
  createLocalStorage,
  diskFull,
  displayName,
  safeFileName,
  setMediaHeaders,
  storagePlugin
};
