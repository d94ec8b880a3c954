import { Type } from "@sinclair/typebox";
import { QuickMessage } from "../../db/models/index.js";
import { forbidden, notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from "../../http/schemas.js";
import { likeAnywhere, likePrefix, LIKE_ESCAPE } from "../../db/like.js";
import { receiveMedia } from "../files/media-upload.js";
const QuickBody = Type.Object({
  shortcode: Type.String({ minLength: 1, maxLength: 100 }),
  message: Type.Optional(Type.Union([Type.String({ maxLength: 1e4 }), Type.Null()])),
  geral: Type.Optional(Type.Boolean()),
  status: Type.Optional(Type.String({ maxLength: 20 }))
});
const QuickReply = Type.Object({ id: Type.Integer(), shortcode: Type.String(), geral: Type.Boolean(), isMedia: Type.Boolean() }, { additionalProperties: true });
const isAdmin = (request) => request.user.profile === "admin" || request.user.super;
const quickMessagesRoutes = async (app) => {
  const emit = (companyId, payload) => app.bus.emit(companyId, "quickmessage", payload);
  const serialize = (q) => ({ ...q.toJSON(), isMedia: Boolean(q.mediaPath), mediaUrl: q.mediaPath ? app.storage.url(q.mediaPath) : null });
  const visibleTo = (companyId, userId) => QuickMessage.scoped(companyId).where((w) => w.where("quickMessages.userId", userId).orWhere("quickMessages.geral", true));
  const find = async (request, id, write) => {
    const row = await QuickMessage.scoped(request.user.companyId).findById(id);
    if (!row || !row.geral && row.userId !== request.user.id && !isAdmin(request)) throw notFound("ERR_NO_QUICK_MESSAGE_FOUND", "Quick message not found");
    if (write && row.userId !== request.user.id && !isAdmin(request)) throw forbidden("ERR_NO_PERMISSION", "Only its author or an admin may change this quick message");
    return row;
  };
  app.get("/quick-messages", {
    schema: {
      tags: ["quick-messages"],
      querystring: Type.Composite([PagingQuery, Type.Object({ userId: Type.Optional(Type.Integer({ minimum: 1 })), companyId: Type.Optional(Type.Integer()) })]),
      response: { 200: Type.Object({ records: Type.Array(QuickReply), hasMore: Type.Boolean() }) }
    }
  }, async (request) => {
    const { searchParam, pageNumber, userId } = request.query;
    const owner = isAdmin(request) && userId ? userId : request.user.id;
    const q = visibleTo(request.user.companyId, owner).orderBy("shortcode").orderBy("id");
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim().toLowerCase());
      q.where((w) => w.whereRaw("LOWER(shortcode) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]).orWhereRaw("LOWER(message) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]));
    }
    const { limit, offset } = offsetOf(pageNumber);
    const page = pageResult(await q.limit(limit + 1).offset(offset), PAGE_SIZE);
    return { records: page.items.map(serialize), hasMore: page.hasMore };
  });
  app.get("/quick-messages/list", {
    schema: { tags: ["quick-messages"], querystring: Type.Object({ searchParam: Type.Optional(Type.String({ maxLength: 100 })), companyId: Type.Optional(Type.Integer()), userId: Type.Optional(Type.Integer()) }), response: { 200: Type.Array(QuickReply) } }
  }, async (request) => {
    const q = visibleTo(request.user.companyId, request.user.id).where("status", "active").orderBy("shortcode").limit(20);
    const term = request.query.searchParam?.trim().replace(/^\//, "");
    if (term) q.whereRaw("shortcode LIKE ? ESCAPE ?", [likePrefix(term), LIKE_ESCAPE]);
    return (await q).map(serialize);
  });
  app.get("/quick-messages/:id", { schema: { tags: ["quick-messages"], params: IdParams, response: { 200: QuickReply } } }, async (request) => serialize(await find(request, request.params.id, false)));
  app.post("/quick-messages", { schema: { tags: ["quick-messages"], body: QuickBody, response: { 200: QuickReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { shortcode, message, geral, status } = request.body;
    const row = await QuickMessage.scoped(companyId).insertAndFetch({
      shortcode: shortcode.trim(),
      message: message ?? null,
      geral: geral ?? false,
      status: status ?? "active",
      userId: request.user.id
    });
    emit(companyId, { action: "create", record: serialize(row) });
    return serialize(row);
  });
  app.put("/quick-messages/:id", { schema: { tags: ["quick-messages"], params: IdParams, body: Type.Partial(QuickBody), response: { 200: QuickReply } } }, async (request) => {
    const row = await find(request, request.params.id, true);
    const patch = { ...request.body };
    if (patch.shortcode) patch.shortcode = patch.shortcode.trim();
    const updated = Object.keys(patch).length ? await row.$query().patchAndFetch(patch) : row;
    emit(request.user.companyId, { action: "update", record: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/quick-messages/:id", { schema: { tags: ["quick-messages"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const row = await find(request, request.params.id, true);
    await QuickMessage.scoped(request.user.companyId).where("id", row.id).delete();
    if (row.mediaPath) await app.storage.remove(row.mediaPath);
    emit(request.user.companyId, { action: "delete", id: row.id });
    return { message: "Quick message deleted" };
  });
  app.post("/quick-messages/:id/media-upload", {
    schema: { tags: ["quick-messages"], params: IdParams, consumes: ["multipart/form-data"], response: { 200: QuickReply } }
  }, async (request) => {
    const row = await find(request, request.params.id, true);
    const { files } = await receiveMedia(app, request);
    const stored = files[0].stored;
    const previous = row.mediaPath;
    const updated = await row.$query().patchAndFetch({ mediaPath: stored.key, mediaName: stored.name });
    if (previous) await app.storage.remove(previous);
    emit(request.user.companyId, { action: "update", record: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/quick-messages/:id/media-upload", { schema: { tags: ["quick-messages"], params: IdParams, response: { 200: QuickReply } } }, async (request) => {
    const row = await find(request, request.params.id, true);
    const previous = row.mediaPath;
    const updated = await row.$query().patchAndFetch({ mediaPath: null, mediaName: null });
    if (previous) await app.storage.remove(previous);
    emit(request.user.companyId, { action: "update", record: serialize(updated) });
    return serialize(updated);
  });
};
var routes_default = quickMessagesRoutes;
export {
  routes_default as default
};
