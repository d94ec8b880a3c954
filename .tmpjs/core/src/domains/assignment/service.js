import { Queue, Ticket, User } from "../../db/models/index.js";
import { withRetries } from "../../db/errors.js";
import { dbNow, toDbTime } from "../../db/time.js";
import { chooseAgent } from "./policy.js";
const HANDED_OFF = "@handoff";
const PICKUP_BATCH = 50;
const HAND_BACK_JOB = "assignment.handBack";
const HAND_BACK_SETTING = "assignmentHandBackMinutes";
function isWaiting(ticket) {
  return ticket.status === "pending" && !!ticket.queueId && !ticket.userId && !Number(ticket.chatbot) && (!ticket.botOwner || ticket.botOwner === HANDED_OFF);
}
function createAssignment(deps) {
  const { knex, log } = deps;
  async function queueOf(companyId, ticket) {
    if (ticket.whatsappId) {
      const cached = await deps.connections.get(companyId, ticket.whatsappId);
      const queue = cached?.queues.find((q) => q.id === ticket.queueId);
      if (queue) return queue;
    }
    return Queue.scoped(companyId).findById(ticket.queueId).select("id", "assignment", "assignmentCap", "promptId", "integrationId");
  }
  async function takeTurn(trx, companyId) {
    if (!await trx("assignmentTurns").where({ companyId }).increment("turn", 1)) {
      await trx("assignmentTurns").insert({ companyId, turn: 1 }).onConflict("companyId").ignore();
      await trx("assignmentTurns").where({ companyId }).increment("turn", 1);
    }
    const row = await trx("assignmentTurns").where({ companyId }).first("turn");
    return Number(row?.turn ?? 0);
  }
  async function candidates(trx, companyId, queue) {
    const agents = await User.scoped(companyId).transacting(trx).join("userQueues", "userQueues.userId", "users.id").where("userQueues.queueId", queue.id).where("users.online", 1).where("users.away", 0).select("users.id", "users.assignmentCap", "users.lastAssignedTurn");
    if (!agents.length) return [];
    const loads = await trx("ticketCounts").where("companyId", companyId).whereIn("userId", agents.map((a) => a.id)).whereIn("status", ["open", "pending"]).groupBy("userId").select("userId", knex.raw("SUM(n) AS n"));
    const loadOf = new Map(loads.map((l) => [Number(l.userId), Number(l.n)]));
    return agents.map((a) => ({
      id: a.id,
      load: loadOf.get(a.id) ?? 0,
      cap: a.assignmentCap ?? queue.assignmentCap ?? null,
      lastTurn: Number(a.lastAssignedTurn ?? 0)
    }));
  }
  async function assignOne(companyId, queue, ticketId) {
    const outcome = await withRetries(() => knex.transaction(async (trx) => {
      const turn = await takeTurn(trx, companyId);
      const agent = chooseAgent(queue.assignment, await candidates(trx, companyId, queue));
      if (!agent) return "no-agent";
      const taken = await Ticket.scoped(companyId).transacting(trx).where({ id: ticketId, status: "pending", queueId: queue.id, chatbot: 0 }).whereNull("userId").where((q) => q.whereNull("botOwner").orWhere("botOwner", HANDED_OFF)).patch({ userId: agent.id });
      if (!taken) return "gone";
      await User.scoped(companyId).transacting(trx).where("id", agent.id).patch({ lastAssignedTurn: turn });
      return "assigned";
    }));
    if (outcome === "assigned") {
      const ticket = await Ticket.scoped(companyId).findById(ticketId);
      if (ticket) await deps.publish({ kind: "updated", companyId, ticket, before: { status: "pending", queueId: queue.id, userId: null } });
    }
    return outcome;
  }
  const botFirst = (queue, ticket) => !!(queue.promptId || queue.integrationId) && ticket.botOwner !== HANDED_OFF;
  async function offer(companyId, ticket) {
    if (!isWaiting(ticket)) return;
    const queue = await queueOf(companyId, ticket);
    if (!queue || queue.assignment === "manual" || botFirst(queue, ticket)) return;
    await assignOne(companyId, queue, ticket.id);
  }
  async function pickUp(companyId, queueId) {
    const queue = await Queue.scoped(companyId).findById(queueId).select("id", "assignment", "assignmentCap", "promptId", "integrationId");
    if (!queue || queue.assignment === "manual") return 0;
    let assigned = 0;
    let afterId = 0;
    for (; ; ) {
      const waiting = await Ticket.scoped(companyId).where({ queueId, status: "pending", chatbot: 0 }).whereNull("userId").where((q) => queue.promptId || queue.integrationId ? q.where("botOwner", HANDED_OFF) : q.whereNull("botOwner").orWhere("botOwner", HANDED_OFF)).where("id", ">", afterId).orderBy("id").limit(PICKUP_BATCH).select("id");
      for (const { id } of waiting) {
        const outcome = await assignOne(companyId, queue, id);
        if (outcome === "no-agent") return assigned;
        if (outcome === "assigned") assigned++;
        afterId = id;
      }
      if (waiting.length < PICKUP_BATCH) return assigned;
    }
  }
  async function pickUpFor(companyId, userId) {
    const queues = await Queue.scoped(companyId).join("userQueues", "userQueues.queueId", "queues.id").where("userQueues.userId", userId).whereNot("queues.assignment", "manual").select("queues.id");
    for (const { id } of queues) await pickUp(companyId, id);
  }
  const handBackMinutes = async (companyId) => {
    const n = Number(await deps.settings.get(companyId, HAND_BACK_SETTING));
    return Number.isInteger(n) && n > 0 ? n : 0;
  };
  const handBackId = (companyId, userId) => `handback-${companyId}-${userId}`;
  async function offline(companyId, userId) {
    const minutes = await handBackMinutes(companyId);
    if (!minutes) return;
    await deps.jobs.enqueue(HAND_BACK_JOB, { companyId, userId, offlineSince: dbNow() }, {
      runAt: deps.clock.after(minutes * 6e4),
      jobId: handBackId(companyId, userId)
    });
  }
  async function online(companyId, userId) {
    await deps.jobs.cancel(HAND_BACK_JOB, handBackId(companyId, userId));
    await pickUpFor(companyId, userId);
  }
  async function handBack({ companyId, userId, offlineSince }) {
    if (!await handBackMinutes(companyId)) return 0;
    const user = await User.scoped(companyId).findById(userId).select("id", "online", "lastSeenAt");
    if (!user || Number(user.online) || user.lastSeenAt && toDbTime(user.lastSeenAt) > toDbTime(offlineSince)) return 0;
    const held = await Ticket.scoped(companyId).where({ userId, status: "pending" }).whereNotNull("queueId").select("id");
    let returned = 0;
    for (const { id } of held) {
      const back = await Ticket.scoped(companyId).where({ id, userId, status: "pending" }).whereNotExists(User.scoped(companyId).where({ id: userId, online: 1 }).select("id")).patch({ userId: null });
      if (!back) continue;
      returned++;
      const ticket = await Ticket.scoped(companyId).findById(id);
      if (ticket) await deps.publish({ kind: "updated", companyId, ticket, before: { userId } });
    }
    if (returned) log.warn({ companyId, userId, returned }, "assignment: an offline agent's pending tickets went back to their queues");
    return returned;
  }
  deps.jobs.define(HAND_BACK_JOB, async (job) => {
    await handBack(job);
  });
  const quietly = (what, work) => work.then(() => void 0, (err) => log.error({ err }, `assignment: ${what} failed`));
  deps.hooks.on("onTicketCreate", "core:assignment", ({ companyId, ticket }) => quietly("offer", offer(companyId, ticket)));
  deps.hooks.on("onTicketUpdate", "core:assignment", async ({ companyId, ticket, previous }) => {
    await quietly("offer", offer(companyId, ticket));
    const freed = previous.userId && previous.userId !== ticket.userId ? previous.userId : ticket.status === "closed" && previous.status !== "closed" ? ticket.userId : null;
    if (freed) await quietly("pickup", pickUpFor(companyId, freed));
  });
  return { offer, pickUp, pickUpFor, online, offline, handBack, handBackId, quietly };
}
export {
  HAND_BACK_JOB,
  HAND_BACK_SETTING,
  createAssignment,
  isWaiting
};
