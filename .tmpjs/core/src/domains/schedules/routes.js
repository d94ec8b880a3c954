import { Type } from "@sinclair/typebox";
import { Contact, Schedule, Whatsapp } from "../../db/models/index.js";
import { toDbTime } from "../../db/time.js";
import { conflict, notFound } from "../../http/errors.js";
import { ClientDateTime, IdParams, OkReply, PAGE_SIZE, PagingQuery, clientDateTime, offsetOf, pageResult } from "../../http/schemas.js";
import { contactNameContains } from "../../db/search.js";
import { likeAnywhere, LIKE_ESCAPE } from "../../db/like.js";
import { receiveMedia } from "../files/media-upload.js";
import { createScheduleDelivery } from "./delivery.js";
import { JobQueueUnavailableError } from "../../jobs/types.js";
const ScheduleBody = Type.Object({
  body: Type.String({ minLength: 5, maxLength: 1e4 }),
  contactId: Type.Integer({ minimum: 1 }),
  sendAt: Type.Optional(ClientDateTime),
  whatsappId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]))
});
const ScheduleReply = Type.Object({ id: Type.Integer(), body: Type.String(), sendAt: Type.String(), status: Type.String() }, { additionalProperties: true });
const HOUR = 36e5;
const schedulesRoutes = async (app) => {
  const delivery = createScheduleDelivery(app);
  app.addHook("onReady", async () => {
    await delivery.recover();
  });
  app.addHook("preHandler", app.tenancy.requirePlanFlag("useSchedules"));
  const emit = (companyId, payload) => app.bus.emit(companyId, "schedule", payload);
  const withRelations = (companyId) => Schedule.scoped(companyId).withGraphFetched("[contact, user]").modifyGraph("contact", (b) => {
    b.select("id", "name", "number", "profilePicUrl");
  }).modifyGraph("user", (b) => {
    b.select("id", "name");
  });
  const serialize = (s) => ({ ...s.toJSON(), mediaUrl: s.mediaPath ? app.storage.url(s.mediaPath) : null });
  const find = async (companyId, id) => {
    const row = await withRelations(companyId).findById(id);
    if (!row) throw notFound("ERR_NO_SCHEDULE_FOUND", "Schedule not found");
    return row;
  };
  const assertTargets = async (companyId, contactId, whatsappId) => {
    if (contactId && !await Contact.scoped(companyId).findById(contactId).select("id")) throw notFound("ERR_NO_CONTACT_FOUND", "Contact not found");
    if (whatsappId && !await Whatsapp.scoped(companyId).findById(whatsappId).select("id")) throw notFound("ERR_NO_WAPP_FOUND", "Connection not found");
  };
  const assertEditable = (row) => {
    if (row.sentAt || row.status === "ENVIADA" || row.status === "ENVIANDO") throw conflict("ERR_SCHEDULE_ALREADY_SENT", "A sent schedule cannot be changed");
  };
  app.get("/schedules", {
    schema: {
      tags: ["schedules"],
      querystring: Type.Composite([PagingQuery, Type.Object({ contactId: Type.Optional(Type.Integer({ minimum: 1 })), userId: Type.Optional(Type.Integer()), companyId: Type.Optional(Type.Integer()) })]),
      response: { 200: Type.Object({ schedules: Type.Array(ScheduleReply), count: Type.Integer(), hasMore: Type.Boolean() }) }
    }
  }, async (request) => {
    const { searchParam, pageNumber, contactId } = request.query;
    const companyId = request.user.companyId;
    const filtered = () => {
      const q = Schedule.scoped(companyId);
      if (contactId) q.where("schedules.contactId", contactId);
      if (searchParam?.trim()) {
        const like = likeAnywhere(searchParam.trim().toLowerCase());
        q.where((w) => w.whereRaw("LOWER(schedules.body) LIKE ? ESCAPE ?", [like, LIKE_ESCAPE]).orWhereIn("schedules.contactId", Contact.scoped(companyId).select("id").where(contactNameContains(Contact.knex(), searchParam.trim()))));
      }
      return q;
    };
    const { limit, offset } = offsetOf(pageNumber);
    const ids = await filtered().select("schedules.id").orderBy("schedules.sendAt").orderBy("schedules.id").limit(limit + 1).offset(offset);
    const page = pageResult(ids, PAGE_SIZE);
    const rows = page.items.length ? await withRelations(companyId).whereIn("schedules.id", page.items.map((r) => r.id)).orderBy("schedules.sendAt").orderBy("schedules.id") : [];
    return { schedules: rows.map(serialize), count: await filtered().resultSize(), hasMore: page.hasMore };
  });
  app.get("/schedules/:id", { schema: { tags: ["schedules"], params: IdParams, response: { 200: ScheduleReply } } }, async (request) => serialize(await find(request.user.companyId, request.params.id)));
  app.post("/schedules", { schema: { tags: ["schedules"], body: ScheduleBody, response: { 200: ScheduleReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { body, contactId, whatsappId } = request.body;
    await assertTargets(companyId, contactId, whatsappId);
    const sendAt = toDbTime(request.body.sendAt ? clientDateTime(request.body.sendAt, "body/sendAt") : Date.now() + HOUR);
    const created = await Schedule.scoped(companyId).insert({ body, contactId, whatsappId: whatsappId ?? null, sendAt, status: "PENDENTE", userId: request.user.id });
    const row = await find(companyId, created.id);
    await delivery.enqueue(row).catch((err) => {
      if (!(err instanceof JobQueueUnavailableError)) throw err;
      request.log.warn({ err, scheduleId: row.id }, "schedule stored; its job waits for the reconciler");
    });
    emit(companyId, { action: "create", schedule: serialize(row) });
    return serialize(row);
  });
  app.put("/schedules/:id", { schema: { tags: ["schedules"], params: IdParams, body: Type.Partial(ScheduleBody), response: { 200: ScheduleReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const row = await find(companyId, request.params.id);
    assertEditable(row);
    const { body, contactId, whatsappId, sendAt } = request.body;
    await assertTargets(companyId, contactId, whatsappId);
    const patch = {};
    if (body !== void 0) patch.body = body;
    if (contactId !== void 0) patch.contactId = contactId;
    if (whatsappId !== void 0) patch.whatsappId = whatsappId;
    if (sendAt !== void 0) patch.sendAt = toDbTime(clientDateTime(sendAt, "body/sendAt"));
    if (row.status === "ERRO") Object.assign(patch, { status: "PENDENTE", error: null });
    const changed = await Schedule.scoped(companyId).where("id", row.id).whereIn("status", ["PENDENTE", "ERRO"]).whereNull("sentAt").patch(patch);
    if (!changed) throw conflict("ERR_SCHEDULE_ALREADY_SENT", "A sent schedule cannot be changed");
    const updated = await find(companyId, row.id);
    await delivery.enqueue(updated);
    emit(companyId, { action: "update", schedule: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/schedules/:id", { schema: { tags: ["schedules"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const row = await find(companyId, request.params.id);
    await Schedule.scoped(companyId).where("id", row.id).delete();
    if (row.mediaPath) await app.storage.remove(row.mediaPath);
    emit(companyId, { action: "delete", scheduleId: row.id });
    return { message: "Schedule deleted" };
  });
  app.post("/schedules/:id/media-upload", {
    schema: { tags: ["schedules"], params: IdParams, consumes: ["multipart/form-data"], response: { 200: ScheduleReply } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const row = await find(companyId, request.params.id);
    assertEditable(row);
    const { files } = await receiveMedia(app, request, { imagesOnly: true });
    const previous = row.mediaPath;
    await Schedule.scoped(companyId).where("id", row.id).patch({ mediaPath: files[0].stored.key, mediaName: files[0].stored.name });
    if (previous) await app.storage.remove(previous);
    const updated = await find(companyId, row.id);
    emit(companyId, { action: "update", schedule: serialize(updated) });
    return serialize(updated);
  });
  app.delete("/schedules/:id/media-upload", { schema: { tags: ["schedules"], params: IdParams, response: { 200: ScheduleReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const row = await find(companyId, request.params.id);
    assertEditable(row);
    await Schedule.scoped(companyId).where("id", row.id).patch({ mediaPath: null, mediaName: null });
    if (row.mediaPath) await app.storage.remove(row.mediaPath);
    const updated = await find(companyId, row.id);
    emit(companyId, { action: "update", schedule: serialize(updated) });
    return serialize(updated);
  });
};
var routes_default = schedulesRoutes;
export {
  routes_default as default
};
