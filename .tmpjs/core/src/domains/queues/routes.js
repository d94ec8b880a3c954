import { Type } from "@sinclair/typebox";
import { Queue } from "../../db/models/index.js";
import { conflict, notFound } from "../../http/errors.js";
import { IdParams, OkReply } from "../../http/schemas.js";
import { defaultSchedules } from "../../seed.js";
import { isUniqueViolation } from "../../db/errors.js";
import { OpeningHoursInput, openingHours } from "../companies/opening-hours.js";
import { ASSIGNMENT_POLICIES } from "../assignment/policy.js";
const Nullable = (t) => Type.Optional(Type.Union([t, Type.Null()]));
const QueueBody = Type.Object({
  name: Type.String({ minLength: 2, maxLength: 50 }),
  color: Type.String({ minLength: 3, maxLength: 9 }),
  orderQueue: Nullable(Type.Integer({ minimum: 0, maximum: 1e5 })),
  greetingMessage: Nullable(Type.String({ maxLength: 1e4 })),
  outOfHoursMessage: Nullable(Type.String({ maxLength: 1e4 })),
  integrationId: Nullable(Type.Integer({ minimum: 1 })),
  promptId: Nullable(Type.Integer({ minimum: 1 })),
  schedules: Type.Optional(OpeningHoursInput),
  /** Automatic assignment (issue 30): manual (Accept), round-robin or least-busy, and the agents' cap of live tickets. */
  assignment: Type.Optional(Type.Union(ASSIGNMENT_POLICIES.map((p) => Type.Literal(p)))),
  assignmentCap: Nullable(Type.Integer({ minimum: 1, maximum: 1e3 })),
  /** SLA targets in minutes (null: the company's default settings). */
  slaFirstResponseMinutes: Nullable(Type.Integer({ minimum: 1, maximum: 525600 })),
  slaResolutionMinutes: Nullable(Type.Integer({ minimum: 1, maximum: 525600 }))
});
const QueueReply = Type.Object({ id: Type.Integer(), name: Type.String(), color: Type.String() }, { additionalProperties: true });
async function queueConflict(companyId, color, selfId) {
  const q = Queue.scoped(companyId).where("color", color ?? "");
  if (selfId) q.whereNot("id", selfId);
  if (color && await q.resultSize() > 0) return conflict("ERR_QUEUE_COLOR_ALREADY_EXISTS", "Another queue already uses this colour");
  return conflict("ERR_QUEUE_NAME_ALREADY_EXISTS", "Another queue already has this name");
}
const queuesRoutes = async (app) => {
  const emit = (companyId, payload) => app.bus.emit(companyId, "queue", payload);
  const find = async (companyId, id) => {
    const queue = await Queue.scoped(companyId).findById(id);
    if (!queue) throw notFound("ERR_NO_QUEUE_FOUND", "Queue not found");
    return queue;
  };
  app.get("/queue", {
    schema: { tags: ["queues"], querystring: Type.Object({ companyId: Type.Optional(Type.Integer()) }), response: { 200: Type.Array(QueueReply) } }
  }, async (request) => {
    const rows = await Queue.scoped(request.user.companyId).orderByRaw("CASE WHEN orderQueue IS NULL THEN 1 ELSE 0 END, orderQueue, name");
    return rows.map((q) => q.toJSON());
  });
  app.get("/queue/:id", { schema: { tags: ["queues"], params: IdParams, response: { 200: QueueReply } } }, async (request) => (await find(request.user.companyId, request.params.id)).toJSON());
  const queueRefs = (body) => ({
    integration: { ids: body.integrationId, field: "body/integrationId" },
    prompt: { ids: body.promptId, field: "body/promptId" }
  });
  app.post("/queue", { preHandler: app.requireAdmin, schema: { tags: ["queues"], body: QueueBody, response: { 200: QueueReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const current = await Queue.scoped(companyId).resultSize();
    await app.tenancy.assertWithinLimit(companyId, "queues", current);
    await app.references.assertOwned(companyId, queueRefs(request.body));
    const { schedules, ...fields } = request.body;
    try {
      const queue = await Queue.scoped(companyId).insertAndFetch({ ...fields, name: fields.name.trim(), schedules: openingHours(schedules)?.length ? openingHours(schedules) : defaultSchedules() });
      app.pipeline.connections.invalidate();
      emit(companyId, { action: "create", queue });
      return queue.toJSON();
    } catch (err) {
      if (isUniqueViolation(err)) throw await queueConflict(companyId, fields.color);
      throw err;
    }
  });
  app.put("/queue/:id", { preHandler: app.requireAdmin, schema: { tags: ["queues"], params: IdParams, body: Type.Partial(QueueBody), response: { 200: QueueReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const queue = await find(companyId, request.params.id);
    await app.references.assertOwned(companyId, queueRefs(request.body));
    const { schedules, ...fields } = request.body;
    const hours = openingHours(schedules);
    const patch = { ...fields, ...hours ? { schedules: hours } : {} };
    if (patch.name) patch.name = patch.name.trim();
    try {
      if (Object.keys(patch).length) await queue.$query().patch(patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw await queueConflict(companyId, request.body.color, queue.id);
      throw err;
    }
    const updated = await find(companyId, queue.id);
    app.pipeline.connections.invalidate();
    if (request.body.assignment !== void 0 || request.body.assignmentCap !== void 0) await app.pipeline.assignment.pickUp(companyId, queue.id);
    emit(companyId, { action: "update", queue: updated });
    return updated.toJSON();
  });
  app.delete("/queue/:id", { preHandler: app.requireAdmin, schema: { tags: ["queues"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const companyId = request.user.companyId;
    const deleted = await Queue.scoped(companyId).where("id", request.params.id).delete();
    if (!deleted) throw notFound("ERR_NO_QUEUE_FOUND", "Queue not found");
    emit(companyId, { action: "delete", queueId: request.params.id });
    return { message: "Queue deleted" };
  });
};
var routes_default = queuesRoutes;
export {
  routes_default as default
};
