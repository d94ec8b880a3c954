import { Type } from "@sinclair/typebox";
import { Announcement } from "../../db/models/index.js";
import { notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from "../../http/schemas.js";
import { likeAnywhere, LIKE_ESCAPE } from "../../db/like.js";
import { receiveMedia } from "../files/media-upload.js";
const AnnouncementBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  text: Type.String({ minLength: 1, maxLength: 2e4 }),
  priority: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 3 })),
  status: Type.Optional(Type.Boolean({ default: true }))
});
const AnnouncementReply = Type.Object({ id: Type.Integer(), title: Type.String(), text: Type.String(), priority: Type.Integer(), status: Type.Boolean() }, { additionalProperties: true });
const announcementsRoutes = async (app) => {
  const emit = (payload) => app.bus.broadcast("company-announcement", payload);
  const serialize = (a) => ({ ...a.toJSON(), mediaUrl: a.mediaPath ? app.storage.url(a.mediaPath) : null });
  const visible = (request) => request.user.super ? Announcement.query() : Announcement.query().where("status", true);
  const find = async (request, id) => {
    const row = await visible(request).findById(id);
    if (!row) throw notFound("ERR_NO_ANNOUNCEMENT_FOUND", "Announcement not found");
    return row;
  };
  const su = { preHandler: app.requireSuper };
  app.get("/announcements", {
    schema: { tags: ["announcements"], querystring: PagingQuery, response: { 200: Type.Object({ records: Type.Array(AnnouncementReply), hasMore: Type.Boolean() }) } }
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const q = visible(request).orderBy("priority").orderBy("createdAt", "desc").orderBy("id", "desc");
    if (searchParam?.trim()) {
      const like = likeAnywhere(searchParam.trim().toLowerCase());
      q.where((w) => w.whereRaw("LOWER(title) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]).orWhereRaw("LOWER(text) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]));
    }
    const { limit, offset } = offsetOf(pageNumber);
    const page = pageResult(await q.limit(limit + 1).offset(offset), PAGE_SIZE);
    return { records: page.items.map(serialize), hasMore: page.hasMore };
  });
  app.get("/announcements/list", { schema: { tags: ["announcements"], response: { 200: Type.Array(AnnouncementReply) } } }, async () => (await Announcement.query().where("status", true).orderBy("priority").orderBy("createdAt", "desc").limit(50)).map(serialize));
  app.get("/announcements/:id", { schema: { tags: ["announcements"], params: IdParams, response: { 200: AnnouncementReply } } }, async (request) => serialize(await find(request, request.params.id)));
  app.post("/announcements", { ...su, schema: { tags: ["announcements"], body: AnnouncementBody, response: { 200: AnnouncementReply } } }, async (request) => {
    const { title, text, priority, status } = request.body;
    const row = await Announcement.query().insertAndFetch({ title, text, priority: priority ?? 3, status: status ?? true, companyId: request.user.companyId });
    emit({ action: "create", record: serialize(row) });
    return serialize(row);
  });
  app.put("/announcements/:id", { ...su, schema: { tags: ["announcements"], params: IdParams, body: Type.Partial(AnnouncementBody), response: { 200: AnnouncementReply } } }, async (request) => {
    const row = await find(request, request.params.id);
    const updated = Object.keys(request.body).length ? await row.$query().patchAndFetch(request.body) : row;
    emit({ action: "update", record: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/announcements/:id", { ...su, schema: { tags: ["announcements"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const row = await find(request, request.params.id);
    await Announcement.query().deleteById(row.id);
    if (row.mediaPath) await app.storage.remove(row.mediaPath);
    emit({ action: "delete", id: row.id });
    return { message: "Announcement deleted" };
  });
  app.post("/announcements/:id/media-upload", {
    ...su,
    schema: { tags: ["announcements"], params: IdParams, consumes: ["multipart/form-data"], response: { 200: AnnouncementReply } }
  }, async (request) => {
    const row = await find(request, request.params.id);
    const { files } = await receiveMedia(app, request, { imagesOnly: true });
    const previous = row.mediaPath;
    const updated = await row.$query().patchAndFetch({ mediaPath: files[0].stored.key, mediaName: files[0].stored.name });
    if (previous) await app.storage.remove(previous);
    emit({ action: "update", record: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/announcements/:id/media-upload", { ...su, schema: { tags: ["announcements"], params: IdParams, response: { 200: AnnouncementReply } } }, async (request) => {
    const row = await find(request, request.params.id);
    const previous = row.mediaPath;
    const updated = await row.$query().patchAndFetch({ mediaPath: null, mediaName: null });
    if (previous) await app.storage.remove(previous);
    emit({ action: "update", record: serialize(updated) });
    return serialize(updated);
  });
};
var routes_default = announcementsRoutes;
export {
  routes_default as default
};
