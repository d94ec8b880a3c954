import { Type } from "@sinclair/typebox";
import { QueueOption } from "../../db/models/index.js";
import { badRequest, notFound } from "../../http/errors.js";
import { IdParams, OkReply } from "../../http/schemas.js";
const OptionBody = Type.Object({
  title: Type.String({ minLength: 1, maxLength: 255 }),
  message: Type.Optional(Type.Union([Type.String({ maxLength: 1e4 }), Type.Null()])),
  option: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 10 }), Type.Integer({ minimum: 0, maximum: 999999 })])),
  queueId: Type.Integer({ minimum: 1 }),
  parentId: Type.Optional(Type.Union([Type.Integer({ minimum: -1 }), Type.Null()]))
});
const OptionReply = Type.Object({ id: Type.Integer(), title: Type.String(), option: Type.String(), queueId: Type.Integer() }, { additionalProperties: true });
const parentOf = (parentId) => parentId && parentId > 0 ? parentId : null;
const byOption = (a, b) => Number(a.option) - Number(b.option) || a.option.localeCompare(b.option) || a.id - b.id;
const queueOptionsRoutes = async (app) => {
  const emit = (companyId, payload) => app.bus.emit(companyId, "queueOption", payload);
  const siblingsQuery = (companyId, queueId, parentId) => {
    const q = QueueOption.scoped(companyId).where({ queueId });
    return parentId === null ? q.whereNull("parentId") : q.where({ parentId });
  };
  const checkPlace = async (companyId, queueId, parentId) => {
    await app.references.assertOwned(companyId, { queue: { ids: queueId, field: "body/queueId" }, queueOption: { ids: parentId, field: "body/parentId" } });
    if (parentId !== null) {
      const parent = await QueueOption.scoped(companyId).findById(parentId);
      if (!parent || parent.queueId !== queueId) throw badRequest("ERR_INVALID_PARENT_OPTION", "The parent option is not part of this queue");
    }
  };
  app.get("/queue-options", {
    schema: {
      tags: ["queues"],
      querystring: Type.Object({ queueId: Type.Integer({ minimum: 1 }), parentId: Type.Optional(Type.Integer({ minimum: -1 })) }),
      response: { 200: Type.Array(OptionReply) }
    }
  }, async (request) => {
    const rows = await siblingsQuery(request.user.companyId, request.query.queueId, parentOf(request.query.parentId));
    return rows.sort(byOption).map((o) => o.toJSON());
  });
  app.get("/queue-options/:id", { schema: { tags: ["queues"], params: IdParams, response: { 200: OptionReply } } }, async (request) => {
    const option = await QueueOption.scoped(request.user.companyId).findById(request.params.id);
    if (!option) throw notFound("ERR_NO_QUEUE_OPTION_FOUND", "Option not found");
    return option.toJSON();
  });
  app.post("/queue-options", { preHandler: app.requireAdmin, schema: { tags: ["queues"], body: OptionBody, response: { 200: OptionReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const { title, message, queueId } = request.body;
    const parentId = parentOf(request.body.parentId);
    await checkPlace(companyId, queueId, parentId);
    const option = request.body.option !== void 0 ? String(request.body.option) : String(await siblingsQuery(companyId, queueId, parentId).resultSize() + 1);
    const created = await QueueOption.scoped(companyId).insertAndFetch({ title, message: message ?? null, option, queueId, parentId });
    emit(companyId, { action: "create", queueOption: created });
    return created.toJSON();
  });
  app.put("/queue-options/:id", {
    preHandler: app.requireAdmin,
    schema: { tags: ["queues"], params: IdParams, body: Type.Partial(OptionBody), response: { 200: OptionReply } }
  }, async (request) => {
    const companyId = request.user.companyId;
    const current = await QueueOption.scoped(companyId).findById(request.params.id);
    if (!current) throw notFound("ERR_NO_QUEUE_OPTION_FOUND", "Option not found");
    const queueId = request.body.queueId ?? current.queueId;
    const parentId = request.body.parentId !== void 0 ? parentOf(request.body.parentId) : current.parentId ?? null;
    if (parentId === current.id) throw badRequest("ERR_INVALID_PARENT_OPTION", "An option cannot be its own parent");
    if (queueId !== current.queueId || parentId !== (current.parentId ?? null)) await checkPlace(companyId, queueId, parentId);
    const patch = { queueId, parentId };
    if (request.body.title !== void 0) patch.title = request.body.title;
    if (request.body.message !== void 0) patch.message = request.body.message;
    if (request.body.option !== void 0) patch.option = String(request.body.option);
    await current.$query().patch(patch);
    const updated = await QueueOption.scoped(companyId).findById(current.id);
    emit(companyId, { action: "update", queueOption: updated });
    return updated.toJSON();
  });
  app.delete("/queue-options/:id", { preHandler: app.requireAdmin, schema: { tags: ["queues"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const option = await QueueOption.scoped(companyId).findById(request.params.id);
    if (!option) throw notFound("ERR_NO_QUEUE_OPTION_FOUND", "Option not found");
    await app.knex.transaction(async (trx) => {
      await QueueOption.scoped(companyId).transacting(trx).where("id", option.id).delete();
      const siblings = (await siblingsQuery(companyId, option.queueId, option.parentId ?? null).transacting(trx)).sort(byOption);
      for (const [i, sibling] of siblings.entries()) {
        if (sibling.option !== String(i + 1)) await QueueOption.scoped(companyId).transacting(trx).where("id", sibling.id).patch({ option: String(i + 1) });
      }
    });
    emit(companyId, { action: "delete", queueOptionId: option.id, queueId: option.queueId, parentId: option.parentId ?? null });
    return { message: "Option deleted" };
  });
};
var routes_default = queueOptionsRoutes;
export {
  routes_default as default
};
