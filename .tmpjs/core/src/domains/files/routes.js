import { Type } from "@sinclair/typebox";
import { FileList, FileListOption } from "../../db/models/index.js";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from "../../http/schemas.js";
import { isUniqueViolation } from "../../db/errors.js";
import { likeAnywhere, LIKE_ESCAPE } from "../../db/like.js";
import { receiveMedia } from "./media-upload.js";
const OptionInput = Type.Object({ id: Type.Optional(Type.Integer({ minimum: 1 })), name: Type.String({ minLength: 1, maxLength: 255 }) }, { additionalProperties: true });
const FileListBody = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 255 }),
  message: Type.String({ minLength: 1, maxLength: 1e4 }),
  options: Type.Optional(Type.Array(OptionInput, { maxItems: 50 }))
});
const FileListReply = Type.Object({ id: Type.Integer(), name: Type.String(), options: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }, { additionalProperties: true })) }, { additionalProperties: true });
const MAX_FILES = 10;
const filesRoutes = async (app) => {
  const emit = (companyId, payload) => app.bus.emit(companyId, "file", payload);
  const withOptions = (companyId) => FileList.scoped(companyId).withGraphFetched("options").modifyGraph("options", (b) => {
    b.orderBy("id");
  });
  const serialize = (f) => ({
    ...f.toJSON(),
    options: (f.options ?? []).map((o) => ({ ...o.toJSON(), url: o.path ? app.storage.url(o.path) : null }))
  });
  const find = async (companyId, id) => {
    const row = await withOptions(companyId).findById(id);
    if (!row) throw notFound("ERR_NO_FILE_LIST_FOUND", "File list not found");
    return row;
  };
  const duplicate = () => conflict("ERR_FILE_LIST_NAME_ALREADY_EXISTS", "A file list with this name already exists");
  app.get("/files", {
    schema: { tags: ["files"], querystring: Type.Composite([PagingQuery, Type.Object({ companyId: Type.Optional(Type.Integer()) })]), response: { 200: Type.Object({ files: Type.Array(FileListReply), hasMore: Type.Boolean() }) } }
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const q = withOptions(request.user.companyId).orderBy("name").orderBy("id");
    if (searchParam?.trim()) q.whereRaw("LOWER(name) LIKE ? ESCAPE ?", [likeAnywhere(searchParam.trim().toLowerCase()), LIKE_ESCAPE]);
    const { limit, offset } = offsetOf(pageNumber);
    const page = pageResult(await q.limit(limit + 1).offset(offset), PAGE_SIZE);
    return { files: page.items.map(serialize), hasMore: page.hasMore };
  });
  app.get("/files/list", {
    schema: { tags: ["files"], querystring: Type.Object({ searchParam: Type.Optional(Type.String({ maxLength: 200 })), companyId: Type.Optional(Type.Integer()) }), response: { 200: Type.Array(FileListReply) } }
  }, async (request) => {
    const q = withOptions(request.user.companyId).orderBy("name").limit(500);
    if (request.query.searchParam?.trim()) q.whereRaw("LOWER(name) LIKE ? ESCAPE ?", [likeAnywhere(request.query.searchParam.trim().toLowerCase()), LIKE_ESCAPE]);
    return (await q).map(serialize);
  });
  app.get("/files/:id", { schema: { tags: ["files"], params: IdParams, response: { 200: FileListReply } } }, async (request) => serialize(await find(request.user.companyId, request.params.id)));
  const assertOwnOptions = (options, own) => {
    const index = (options ?? []).findIndex((o) => o.id !== void 0 && !own.has(o.id));
    if (index >= 0) throw new AppError("ERR_NO_FILE_LIST_FOUND", 404, "File list option not found", { field: `body/options/${index}/id` });
  };
  app.post("/files", { schema: { tags: ["files"], body: FileListBody, response: { 200: FileListReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { name, message, options } = request.body;
    assertOwnOptions(options, /* @__PURE__ */ new Set());
    let id;
    try {
      id = await app.knex.transaction(async (trx) => {
        const list = await FileList.scoped(companyId).transacting(trx).insert({ name: name.trim(), message });
        for (const option of options ?? []) await FileListOption.scoped(companyId).transacting(trx).insert({ fileListId: list.id, name: option.name });
        return list.id;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
    const out = serialize(await find(companyId, id));
    emit(companyId, { action: "create", fileList: out });
    return out;
  });
  app.put("/files/:id", { schema: { tags: ["files"], params: IdParams, body: Type.Partial(FileListBody), response: { 200: FileListReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const list = await find(companyId, request.params.id);
    const { name, message, options } = request.body;
    assertOwnOptions(options, new Set((list.options ?? []).map((o) => o.id)));
    const removed = [];
    try {
      await app.knex.transaction(async (trx) => {
        const patch = {};
        if (name !== void 0) patch.name = name.trim();
        if (message !== void 0) patch.message = message;
        if (Object.keys(patch).length) await FileList.scoped(companyId).transacting(trx).where("id", list.id).patch(patch);
        if (!options) return;
        const current = new Map((list.options ?? []).map((o) => [o.id, o]));
        for (const option of options) {
          if (option.id && current.has(option.id)) {
            await FileListOption.scoped(companyId).transacting(trx).where("id", option.id).patch({ name: option.name });
            current.delete(option.id);
          } else {
            await FileListOption.scoped(companyId).transacting(trx).insert({ fileListId: list.id, name: option.name });
          }
        }
        for (const gone of current.values()) {
          await FileListOption.scoped(companyId).transacting(trx).where("id", gone.id).delete();
          removed.push(gone);
        }
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw duplicate();
      throw err;
    }
    for (const gone of removed) if (gone.path) await app.storage.remove(gone.path);
    const out = serialize(await find(companyId, list.id));
    emit(companyId, { action: "update", fileList: out });
    return out;
  });
  app.delete("/files/:id", { schema: { tags: ["files"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const list = await find(companyId, request.params.id);
    await FileList.scoped(companyId).where("id", list.id).delete();
    for (const option of list.options ?? []) if (option.path) await app.storage.remove(option.path);
    emit(companyId, { action: "delete", fileListId: list.id });
    return { message: "File list deleted" };
  });
  app.post("/files/uploadList/:id", {
    schema: { tags: ["files"], params: IdParams, consumes: ["multipart/form-data"], response: { 200: FileListReply } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const list = await find(companyId, request.params.id);
    const options = list.options ?? [];
    if (options.length === 0) throw badRequest("ERR_FILE_LIST_HAS_NO_OPTIONS", "Add options to the list before uploading files");
    const { files } = await receiveMedia(app, request, { maxFiles: MAX_FILES });
    const assigned = /* @__PURE__ */ new Map();
    const unmatched = [];
    for (const file of files) {
      const byName = options.find((o) => !assigned.has(o.id) && (o.name === file.field || o.name === file.stored.name));
      if (byName) assigned.set(byName.id, file);
      else unmatched.push(file);
    }
    for (const option of options) if (!assigned.has(option.id) && unmatched.length) assigned.set(option.id, unmatched.shift());
    for (const extra of unmatched) await app.storage.remove(extra.stored.key);
    for (const option of options) {
      const file = assigned.get(option.id);
      if (!file) continue;
      await FileListOption.scoped(companyId).where("id", option.id).patch({ path: file.stored.key, mediaType: file.stored.mimetype });
      if (option.path) await app.storage.remove(option.path);
    }
    const out = serialize(await find(companyId, list.id));
    emit(companyId, { action: "update", fileList: out });
    return out;
  });
};
var routes_default = filesRoutes;
export {
  routes_default as default
};
