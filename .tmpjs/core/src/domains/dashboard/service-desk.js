import { Type } from "@sinclair/typebox";
import { Queue, Ticket, User } from "../../db/models/index.js";
import { toDbTime } from "../../db/time.js";
import { notFound } from "../../http/errors.js";
const AT_RISK_MINUTES = 15;
const LISTED = 100;
const Nullable = (t) => Type.Union([t, Type.Null()]);
const QueueNow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  color: Type.String(),
  assignment: Type.String(),
  waiting: Type.Integer(),
  assignedPending: Type.Integer(),
  open: Type.Integer(),
  oldestWaitingSince: Nullable(Type.String()),
  /** Live tickets of the queue flagged breached (first response or resolution). */
  breachedCount: Type.Integer()
});
const AgentNow = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  online: Type.Boolean(),
  away: Type.Boolean(),
  load: Type.Integer(),
  cap: Nullable(Type.Integer()),
  queueIds: Type.Array(Type.Integer()),
  /** Live tickets held by the agent flagged breached. */
  breachedCount: Type.Integer()
});
const DueTicket = Type.Object({
  ticketId: Type.Integer(),
  uuid: Type.String(),
  contactName: Nullable(Type.String()),
  queueId: Nullable(Type.Integer()),
  userId: Nullable(Type.Integer()),
  status: Type.String(),
  target: Type.String(),
  dueAt: Type.String(),
  breached: Type.Boolean()
});
const ServiceDeskReply = Type.Object({
  queues: Type.Array(QueueNow),
  agents: Type.Array(AgentNow),
  atRisk: Type.Array(DueTicket),
  breached: Type.Array(DueTicket),
  atRiskMinutes: Type.Integer()
});
const num = (v) => v === null || v === void 0 ? 0 : Number(v);
const LIVE = ["pending", "open"];
const serviceDeskRoutes = async (app) => {
  const knex = app.knex;
  app.get("/dashboard/service", {
    preHandler: app.requireAdmin,
    schema: {
      tags: ["dashboard"],
      querystring: Type.Object({ queueId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })) }),
      response: { 200: ServiceDeskReply }
    }
  }, async (request) => {
    const companyId = request.user.companyId;
    const { queueId } = request.query;
    const queuesQuery = Queue.scoped(companyId).select("id", "name", "color", "assignment").orderBy("name");
    if (queueId) queuesQuery.where("id", queueId);
    const queues = await queuesQuery;
    if (queueId && !queues.length) throw notFound("ERR_NO_QUEUE_FOUND", "Queue not found");
    const counts = knex("ticketCounts").where("companyId", companyId).whereIn("status", LIVE);
    if (queueId) counts.where("queueId", queueId);
    const oldest = Ticket.scoped(companyId).where("status", "pending").whereNull("userId").whereNotNull("queueId").groupBy("queueId").select("queueId", knex.raw("MIN(createdAt) AS since"));
    if (queueId) oldest.where("queueId", queueId);
    const agentsQuery = User.scoped(companyId).select("id", "name", "online", "away", "assignmentCap").orderBy("name").withGraphFetched("queues(onlyIds)").modifiers({ onlyIds: (q) => q.select("queues.id") });
    if (queueId) agentsQuery.whereExists(knex("userQueues").whereRaw("userQueues.userId = users.id").where("userQueues.queueId", queueId));
    const now = /* @__PURE__ */ new Date();
    const soon = toDbTime(now.getTime() + AT_RISK_MINUTES * 6e4);
    const due = (column) => {
      const q = Ticket.scoped(companyId).whereIn("tickets.status", LIVE).where(`tickets.${column}`, "<=", soon).leftJoin("contacts", "contacts.id", "tickets.contactId").select("tickets.id", "tickets.uuid", "tickets.queueId", "tickets.userId", "tickets.status", `tickets.${column} AS dueAt`, "contacts.name AS contactName").orderBy(`tickets.${column}`).limit(LISTED * 2);
      if (column === "firstResponseDueAt") q.whereNull("tickets.firstRespondedAt");
      if (queueId) q.where("tickets.queueId", queueId);
      return q;
    };
    const flagged = Ticket.scoped(companyId).whereIn("status", LIVE).where((q) => q.where("firstResponseBreached", 1).orWhere("resolutionBreached", 1)).groupBy("queueId", "userId").select("queueId", "userId", knex.raw("COUNT(*) AS n"));
    if (queueId) flagged.where("queueId", queueId);
    const [countRows, oldestRows, agents, loads, firstDue, resolutionDue, flaggedRows] = await Promise.all([
      counts.groupBy("queueId", "status", knex.raw("CASE WHEN userId = 0 THEN 0 ELSE 1 END")).select("queueId", "status", knex.raw("CASE WHEN userId = 0 THEN 0 ELSE 1 END AS assigned"), knex.raw("SUM(n) AS n")),
      oldest,
      agentsQuery,
      knex("ticketCounts").where("companyId", companyId).whereIn("status", LIVE).where("userId", ">", 0).groupBy("userId").select("userId", knex.raw("SUM(n) AS n")),
      due("firstResponseDueAt"),
      due("resolutionDueAt"),
      flagged
    ]);
    const breachedBy = { queue: /* @__PURE__ */ new Map(), agent: /* @__PURE__ */ new Map() };
    for (const r of flaggedRows) {
      if (r.queueId) breachedBy.queue.set(Number(r.queueId), (breachedBy.queue.get(Number(r.queueId)) ?? 0) + num(r.n));
      if (r.userId) breachedBy.agent.set(Number(r.userId), (breachedBy.agent.get(Number(r.userId)) ?? 0) + num(r.n));
    }
    const tally = /* @__PURE__ */ new Map();
    for (const r of countRows) {
      const key = r.status === "open" ? `${r.queueId}:open` : `${r.queueId}:${num(r.assigned) ? "assigned" : "waiting"}`;
      tally.set(key, (tally.get(key) ?? 0) + num(r.n));
    }
    const since = new Map(oldestRows.map((r) => [Number(r.queueId), r.since]));
    const loadOf = new Map(loads.map((r) => [Number(r.userId), num(r.n)]));
    const nowIso = now.toISOString();
    const dueRows = [
      ...firstDue.map((r) => ({ ...r, target: "firstResponse" })),
      ...resolutionDue.map((r) => ({ ...r, target: "resolution" }))
    ].map((r) => {
      const dueAt = (/* @__PURE__ */ new Date(`${String(r.dueAt).replace(" ", "T").replace(/Z?$/, "Z")}`)).toISOString();
      return {
        ticketId: Number(r.id),
        uuid: String(r.uuid),
        contactName: r.contactName ?? null,
        queueId: r.queueId ?? null,
        userId: r.userId ?? null,
        status: String(r.status),
        target: String(r.target),
        dueAt,
        breached: dueAt <= nowIso
      };
    }).sort((a, b) => a.dueAt.localeCompare(b.dueAt));
    return {
      queues: queues.map((q) => ({
        id: q.id,
        name: q.name,
        color: q.color,
        assignment: q.assignment ?? "manual",
        waiting: tally.get(`${q.id}:waiting`) ?? 0,
        assignedPending: tally.get(`${q.id}:assigned`) ?? 0,
        open: tally.get(`${q.id}:open`) ?? 0,
        breachedCount: breachedBy.queue.get(q.id) ?? 0,
        oldestWaitingSince: since.get(q.id) ? (/* @__PURE__ */ new Date(`${since.get(q.id).replace(" ", "T").replace(/Z?$/, "Z")}`)).toISOString() : null
      })),
      agents: agents.map((u) => ({
        id: u.id,
        name: u.name,
        online: Boolean(u.online),
        away: Boolean(u.away),
        load: loadOf.get(u.id) ?? 0,
        cap: u.assignmentCap ?? null,
        queueIds: (u.queues ?? []).map((q) => q.id),
        breachedCount: breachedBy.agent.get(u.id) ?? 0
      })),
      atRisk: dueRows.filter((r) => !r.breached).slice(0, LISTED),
      breached: dueRows.filter((r) => r.breached).slice(0, LISTED),
      atRiskMinutes: AT_RISK_MINUTES
    };
  });
};
var service_desk_default = serviceDeskRoutes;
export {
  AT_RISK_MINUTES,
  service_desk_default as default
};
