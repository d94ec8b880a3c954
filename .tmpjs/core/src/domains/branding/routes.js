import { Type } from "@sinclair/typebox";
import { open } from "node:fs/promises";
import { badRequest, notFound } from "../../http/errors.js";
import { BRANDING_IMAGE_KEYS, IMAGE_RULES, IMAGE_TYPES, PUBLIC_KEYS, imageSignatureMatches, isImageKey } from "./keys.js";
import { receiveMedia } from "../files/media-upload.js";
import { allPublicBranding, brandingCompanyId, publicBranding, storedBranding } from "./service.js";
const Value = Type.Union([Type.String(), Type.Null()]);
const PublicKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 100 }) });
const ImageKeyParams = Type.Object({ key: Type.Union(BRANDING_IMAGE_KEYS.map((k) => Type.Literal(k))) });
const ImageReply = Type.Object({ key: Type.String(), value: Value });
async function headOf(file) {
  const handle = await open(file, "r");
  try {
    const buffer = Buffer.alloc(12);
    const { bytesRead } = await handle.read(buffer, 0, 12, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
const brandingRoutes = async (app) => {
  const tags = ["settings"];
  const notPublic = (key) => notFound("ERR_NO_SETTING_FOUND", `No public setting "${key}"`);
  const publicRead = { config: { public: true }, onSend: async (_request, reply) => {
    reply.header("cache-control", "no-cache");
  } };
  app.get("/public-settings", { ...publicRead, schema: { tags, response: { 200: Type.Record(Type.String(), Value) } } }, async () => allPublicBranding(app));
  app.get("/public-settings/:key", { ...publicRead, schema: { tags, params: PublicKeyParams, response: { 200: Value } } }, async (request) => {
    if (!PUBLIC_KEYS.includes(request.params.key)) throw notPublic(request.params.key);
    return publicBranding(app, request.params.key);
  });
  app.post("/settings/branding/:key", {
    preHandler: app.requireSuper,
    schema: { tags, params: ImageKeyParams, consumes: ["multipart/form-data"], response: { 200: ImageReply } }
  }, async (request) => {
    const { key } = request.params;
    if (!isImageKey(key)) throw notPublic(key);
    const companyId = await brandingCompanyId() ?? request.user.companyId;
    const { files: [{ stored }] } = await receiveMedia(app, request, { accept: IMAGE_TYPES, maxBytes: IMAGE_RULES[key].maxBytes, companyId });
    if (!imageSignatureMatches(await headOf(app.storage.resolve(stored.key)), stored.mimetype)) {
      await app.storage.remove(stored.key);
      throw badRequest("ERR_INVALID_MEDIA_TYPE", `The file is not a ${stored.mimetype} image`);
    }
    const previous = await storedBranding(app, key);
    await app.tenancy.settings.set(companyId, key, stored.key);
    if (previous && previous !== stored.key) await app.storage.remove(previous);
    return { key, value: stored.url };
  });
  app.delete("/settings/branding/:key", {
    preHandler: app.requireSuper,
    schema: { tags, params: ImageKeyParams, response: { 200: ImageReply } }
  }, async (request) => {
    const { key } = request.params;
    const companyId = await brandingCompanyId();
    const previous = await storedBranding(app, key);
    if (companyId) await app.tenancy.settings.set(companyId, key, "");
    if (previous) await app.storage.remove(previous);
    return { key, value: null };
  });
};
var routes_default = brandingRoutes;
export {
  routes_default as default
};
