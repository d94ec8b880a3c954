import { writeAudit } from "../../audit/record.js";
import { Type } from "@sinclair/typebox";
import { Contact, Tag } from "../../db/models/index.js";
import { visibleTicket } from "../tickets/access.js";
import { dbNow } from "../../db/time.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { IdParams, OkReply, PAGE_SIZE, PagingQuery, offsetOf, pageResult } from "../../http/schemas.js";
import { isUniqueViolation } from "../../db/errors.js";
import { likeAnywhere, LIKE_ESCAPE } from "../../db/like.js";
const TagBody = Type.Object({
  name: Type.String({ minLength: 3, maxLength: 100 }),
  color: Type.Optional(Type.String({ minLength: 3, maxLength: 20 })),
  kanban: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Boolean()]))
});
const TagReply = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String(), kanban: Type.Integer() }, { additionalProperties: true });
const isAdmin = (request) => request.user.profile === "admin" || request.user.super;
const ticketsCount = "ticketsCount";
const tagsRoutes = async (app) => {
  const emit = (companyId, payload) => app.bus.emit(companyId, "tag", payload);
  const withCount = (companyId) => Tag.scoped(companyId).select("tags.*", app.knex.raw(`(SELECT COUNT(*) FROM ${"ticketTags"} tt WHERE tt.companyId = tags.companyId AND tt.tagId = tags.id) AS ${ticketsCount}`));
  const serialize = (tag) => ({ ...tag.toJSON(), kanban: Number(tag.kanban), ...tag.ticketsCount !== void 0 ? { ticketsCount: Number(tag.ticketsCount) } : {} });
  const find = async (companyId, id) => {
    const tag = await withCount(companyId).findById(id);
    if (!tag) throw notFound("ERR_NO_TAG_FOUND", "Tag not found");
    return tag;
  };
  const kanbanOf = (request, value) => value === void 0 || !isAdmin(request) ? void 0 : Number(value);
  app.get("/tags", {
    schema: { tags: ["tags"], querystring: PagingQuery, response: { 200: Type.Object({ tags: Type.Array(TagReply), hasMore: Type.Boolean() }) } }
  }, async (request) => {
    const { searchParam, pageNumber } = request.query;
    const q = withCount(request.user.companyId).orderBy("tags.name").orderBy("tags.id");
    if (searchParam?.trim()) q.whereRaw("LOWER(tags.name) LIKE ? ESCAPE ?", [likeAnywhere(searchParam.trim().toLowerCase()), LIKE_ESCAPE]);
    const { limit, offset } = offsetOf(pageNumber);
    const page = pageResult(await q.limit(limit + 1).offset(offset), PAGE_SIZE);
    return { tags: page.items.map(serialize), hasMore: page.hasMore };
  });
  app.get("/tags/list", {
    schema: { tags: ["tags"], querystring: Type.Object({ companyId: Type.Optional(Type.Integer()), kanban: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }), response: { 200: Type.Array(TagReply) } }
  }, async (request) => {
    const q = Tag.scoped(request.user.companyId).orderBy("name");
    if (request.query.kanban !== void 0) q.where("kanban", request.query.kanban);
    return (await q).map(serialize);
  });
  app.get("/tags/:id", { schema: { tags: ["tags"], params: IdParams, response: { 200: TagReply } } }, async (request) => serialize(await find(request.user.companyId, request.params.id)));
  app.post("/tags", { schema: { tags: ["tags"], body: TagBody, response: { 200: TagReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { name, color } = request.body;
    try {
      const tag = await Tag.scoped(companyId).insertAndFetch({
        name: name.trim(),
        color: color ?? "#5C59A0",
        kanban: kanbanOf(request, request.body.kanban) ?? 0,
        userId: request.user.id
      });
      const out = serialize(await find(companyId, tag.id));
      emit(companyId, { action: "create", tag: out });
      return out;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("ERR_TAG_NAME_ALREADY_EXISTS", "A tag with this name already exists");
      throw err;
    }
  });
  app.put("/tags/:id", { schema: { tags: ["tags"], params: IdParams, body: Type.Partial(TagBody), response: { 200: TagReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const tag = await find(companyId, request.params.id);
    const patch = {};
    if (request.body.name !== void 0) patch.name = request.body.name.trim();
    if (request.body.color !== void 0) patch.color = request.body.color;
    const kanban = kanbanOf(request, request.body.kanban);
    if (kanban !== void 0) patch.kanban = kanban;
    try {
      if (Object.keys(patch).length) await Tag.scoped(companyId).where("id", tag.id).patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict("ERR_TAG_NAME_ALREADY_EXISTS", "A tag with this name already exists");
      throw err;
    }
    const out = serialize(await find(companyId, tag.id));
    emit(companyId, { action: "update", tag: out });
    return out;
  });
  app.delete("/tags/:id", { schema: { tags: ["tags"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const deleted = await Tag.scoped(companyId).where("id", request.params.id).delete();
    if (!deleted) throw notFound("ERR_NO_TAG_FOUND", "Tag not found");
    emit(companyId, { action: "delete", tagId: request.params.id });
    return { message: "Tag deleted" };
  });
  const tagsById = async (companyId, requested) => {
    const ids = [...new Set(requested.map((t) => t.id))];
    const tags = ids.length ? await Tag.scoped(companyId).whereIn("id", ids) : [];
    if (tags.length !== ids.length) throw notFound("ERR_NO_TAG_FOUND", "One of the tags does not exist");
    return tags.sort((a, b) => a.name.localeCompare(b.name));
  };
  const replaceLinks = (links, owner, tags) => app.knex.transaction(async (trx) => {
    const before = (await links(trx).where(owner).select("tagId")).map((row) => Number(row.tagId)).sort((a, b) => a - b);
    await links(trx).where(owner).delete();
    if (tags.length) await links(trx).insert(tags.map((tag) => ({ ...owner, tagId: tag.id, createdAt: dbNow() })));
    const [entity, entityId] = owner.ticketId !== void 0 ? ["ticketTags", owner.ticketId] : ["contactTags", owner.contactId];
    await writeAudit(trx, [{ companyId: owner.companyId, action: "update", entity, entityId, changes: { tagIds: { before, after: tags.map((t) => t.id).sort((a, b) => a - b) } } }]);
  });
  app.post("/tags/sync", {
    schema: {
      tags: ["tags"],
      body: Type.Object({
        ticketId: Type.Optional(Type.Integer({ minimum: 1 })),
        contactId: Type.Optional(Type.Integer({ minimum: 1 })),
        tags: Type.Array(Type.Object({ id: Type.Integer({ minimum: 1 }) }, { additionalProperties: true }), { maxItems: 200 })
      }),
      response: { 200: Type.Object({ ticketId: Type.Optional(Type.Integer()), contactId: Type.Optional(Type.Integer()), tags: Type.Array(TagReply) }) }
    }
  }, async (request) => {
    const companyId = request.user.companyId;
    const { ticketId, contactId } = request.body;
    if (ticketId === void 0 && contactId === void 0) throw badRequest("ERR_VALIDATION", "ticketId or contactId is required", { field: "body/ticketId" });
    const contact = contactId === void 0 ? void 0 : await Contact.scoped(companyId).findById(contactId);
    if (contactId !== void 0 && !contact) throw notFound("ERR_NO_CONTACT_FOUND", "Contact not found");
    if (ticketId !== void 0) {
      const ticket = await visibleTicket(request.user, ticketId);
      const tags2 = await tagsById(companyId, request.body.tags);
      await replaceLinks((trx) => trx("ticketTags"), { companyId, ticketId: ticket.id }, tags2);
      await app.pipeline.tickets.emitChange(companyId, ticket.id, { changed: ["tags"], userId: request.user.id });
      return { ticketId: ticket.id, tags: tags2.map(serialize) };
    }
    const tags = await tagsById(companyId, request.body.tags);
    await replaceLinks((trx) => trx("contactTags"), { companyId, contactId: contact.id }, tags);
    const out = tags.map(serialize);
    app.bus.emit(companyId, "contact", { action: "update", contact: { ...contact.toJSON(), tags: out } });
    return { contactId: contact.id, tags: out };
  });
};
var routes_default = tagsRoutes;
export {
  routes_default as default
};
