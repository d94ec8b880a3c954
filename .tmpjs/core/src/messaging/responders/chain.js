import { randomUUID } from "node:crypto";
import { Contact, Message, Queue, Ticket, TicketNote } from "../../db/models/index.js";
import { publishTicket, snapshot } from "../../domains/tickets/lifecycle.js";
import { AppError } from "../../http/errors.js";
import { AUTOMATION_LOOP } from "../outbound.js";
import { handOffNote } from "./handoff-note.js";
import { classifyBotFailure } from "../../bots/failure.js";
import { responderFailures } from "./failures.js";
import { cursorPastPassed } from "./cursor.js";
import { toDbTime } from "../../db/time.js";
const TURN_JOB = "responders.turn";
const HANDED_OFF = "@handoff";
const DEFAULT_TIMEOUT_MS = 3e4;
const LOCK_TTL_MS = 15e3;
const TURN_CONCURRENCY = 20;
const UPCOMING = 20;
const RECONCILE_WINDOW_MS = 24 * 36e5;
const MENU_ID = "menu";
class TimedOut extends Error {
}
const heldByPerson = (ticket) => !!ticket.userId && ticket.status !== "closed";
function createResponderChain(deps, options) {
  const { knex, jobs, log } = deps;
  const { registry } = options;
  const lockMs = () => LOCK_TTL_MS;
  let stopping = false;
  const failures = responderFailures(knex, deps.bus);
  async function schedule(companyId, ticketId, messageId, opened) {
    await jobs.enqueue(TURN_JOB, { companyId, ticketId, messageId, ...opened === void 0 ? {} : { opened } }, { jobId: `m${messageId}` });
  }
  async function onInbound(companyId, ticket, message, isNewTicket) {
    if (!isNewTicket && await passes(companyId, ticket, message)) {
      cursors.pass(ticket.id, message.id);
      return;
    }
    await schedule(companyId, ticket.id, message.id, isNewTicket);
  }
  async function passes(companyId, ticket, message) {
    return Number(ticket.botCursor ?? 0) > 0 && !await mayAct(companyId, ticket, message);
  }
  const cursors = /* @__PURE__ */ (() => {
    let pending = /* @__PURE__ */ new Map();
    async function flush() {
      const batch = pending;
      pending = /* @__PURE__ */ new Map();
      await knex("tickets").whereIn("id", [...batch.keys()]).where((q) => q.whereNull("botLockUntil").orWhere("botLockUntil", "<", Date.now())).update({ botCursor: cursorPastPassed(knex, batch) });
    }
    return {
      pass(ticketId, messageId) {
        const had = pending.size;
        const passed = pending.get(ticketId);
        if (passed) passed.push(messageId);
        else pending.set(ticketId, [messageId]);
        if (!had) setImmediate(() => void flush().catch((err) => log.warn({ err }, "responder cursors not moved; later turns will pass those messages")));
      }
    };
  })();
  const silenced = (ticket) => ticket.status === "closed" || !!Number(ticket.isGroup) || heldByPerson(ticket) || ticket.botOwner === HANDED_OFF;
  async function mayAct(companyId, ticket, message) {
    if (silenced(ticket) || !ticket.whatsappId) return false;
    if (ticket.botOwner || Number(ticket.chatbot)) return true;
    const conn = await deps.connections.get(companyId, ticket.whatsappId);
    if (!conn) return false;
    const queue = ticket.queueId ? conn.queues.find((q) => q.id === ticket.queueId) : null;
    if (queue === void 0) return true;
    const probe = {
      companyId,
      ticket,
      message,
      connection: conn.whatsapp,
      queue,
      integrationId: conn.whatsapp.integrationId ?? queue?.integrationId ?? null,
      promptId: conn.whatsapp.promptId ?? queue?.promptId ?? null
    };
    for (const responder of registry.ordered()) {
      if (responder.id === MENU_ID || !await enabled(companyId, responder)) continue;
      if (!responder.mayAct) return true;
      try {
        if (await responder.mayAct(probe)) return true;
      } catch (err) {
        log.warn({ err, responder: responder.id, ticketId: ticket.id }, "a responder could not say whether it acts: the message gets a turn");
        return true;
      }
    }
    return false;
  }
  const unansweredPast = (companyId, ticketId, cursor, withPassed, limit = UPCOMING) => Message.scoped(companyId).where({ ticketId, fromMe: false }).where("id", ">", cursor).where((q) => q.whereNull("mediaType").orWhereNot("mediaType", "call_log")).modify((q) => {
    if (!withPassed) q.where("botPassed", false);
  }).orderBy("id").limit(limit);
  const nextUnanswered = async (companyId, ticketId, cursor) => (await unansweredPast(companyId, ticketId, cursor, false, 1))[0];
  const lockFree = (now) => (q) => q.whereNull("botLockUntil").orWhere("botLockUntil", "<", now);
  const unansweredBefore = (ticketId, messageId) => knex("messages").select(knex.raw("1")).where("messages.ticketId", ticketId).where("messages.fromMe", false).where("messages.botPassed", false).where("messages.id", ">", knex.ref("tickets.botCursor")).where("messages.id", "<", messageId).where((q) => q.whereNull("messages.mediaType").orWhereNot("messages.mediaType", "call_log"));
  async function reconcile() {
    const since = toDbTime(Date.now() - RECONCILE_WINDOW_MS);
    const waiting = await knex("tickets").select("tickets.id", "tickets.companyId").where("tickets.updatedAt", ">", since).whereExists(knex("messages").select(knex.raw("1")).whereRaw("messages.ticketId = tickets.id").where("messages.fromMe", false).where("messages.botPassed", false).where("messages.id", ">", knex.ref("tickets.botCursor")).where((q) => q.whereNull("messages.mediaType").orWhereNot("messages.mediaType", "call_log")));
    const stamp = Date.now();
    for (const { id, companyId } of waiting) await jobs.enqueue(TURN_JOB, { companyId, ticketId: id }, { jobId: `t${id}@reconcile-${stamp}` });
    return waiting.length;
  }
  async function turn({ companyId, ticketId, messageId, opened }) {
    for (; ; ) {
      const token = randomUUID();
      const now = Date.now();
      let first;
      if (messageId && !stopping) {
        const took = await knex("tickets").where({ id: ticketId, companyId }).where("botCursor", "<", messageId).where(lockFree(now)).whereNotExists(unansweredBefore(ticketId, messageId)).update({ botLockToken: token, botLockUntil: now + lockMs(), botCursor: messageId });
        if (took) first = messageId;
      }
      const locked = first !== void 0 || await knex("tickets").where({ id: ticketId, companyId }).where(lockFree(now)).update({ botLockToken: token, botLockUntil: now + lockMs() });
      if (!locked) {
        const row = await knex("tickets").where({ id: ticketId, companyId }).first("botLockUntil");
        if (!row) return;
        const until = Number(row.botLockUntil ?? 0);
        if (until < Date.now()) continue;
        await jobs.enqueue(TURN_JOB, { companyId, ticketId }, { jobId: `t${ticketId}@${until}`, runAt: new Date(until + 100) });
        return;
      }
      const renew = setInterval(() => {
        void knex("tickets").where({ id: ticketId, botLockToken: token }).update({ botLockUntil: Date.now() + lockMs() }).catch((err) => log.warn({ err, ticketId }, "turn lock not renewed"));
      }, Math.floor(LOCK_TTL_MS / 3));
      let cursor;
      try {
        cursor = await drain(companyId, ticketId, token, first === void 0 ? void 0 : { id: first, opened });
      } finally {
        clearInterval(renew);
        await knex("tickets").where({ id: ticketId, botLockToken: token }).update({ botLockToken: null, botLockUntil: null });
      }
      if (cursor === void 0) {
        const ticket = await Ticket.scoped(companyId).findById(ticketId).select("id", "botCursor");
        if (!ticket) return;
        cursor = Number(ticket.botCursor ?? 0);
      }
      if (!await nextUnanswered(companyId, ticketId, cursor)) return;
      if (stopping) {
        await jobs.enqueue(TURN_JOB, { companyId, ticketId }, { jobId: `t${ticketId}@resume`, delayMs: 1e3 });
        return;
      }
      messageId = void 0;
      opened = void 0;
    }
  }
  async function drain(companyId, ticketId, token, first) {
    let cursor;
    let answered = false;
    if (first) {
      const [ticket, message] = await Promise.all([Ticket.scoped(companyId).findById(ticketId), Message.scoped(companyId).findById(first.id)]);
      if (!ticket) return void 0;
      cursor = first.id;
      if (message && !message.fromMe && message.mediaType !== "call_log" && !await stillPassed(companyId, ticket, message)) {
        await answerLogged(companyId, ticket, message, first.opened);
        answered = true;
      }
    }
    while (!stopping) {
      let ticket;
      if (cursor === void 0) {
        ticket = await Ticket.scoped(companyId).findById(ticketId);
        if (!ticket) return void 0;
        cursor = Number(ticket.botCursor ?? 0);
      }
      const upcoming = await unansweredPast(companyId, ticketId, cursor, answered);
      if (!upcoming.length) return cursor;
      if (!ticket) ticket = await Ticket.scoped(companyId).findById(ticketId);
      if (!ticket) return void 0;
      let message;
      let walkedTo = cursor;
      for (const candidate of upcoming) {
        if (!await stillPassed(companyId, ticket, candidate)) {
          message = candidate;
          break;
        }
        walkedTo = candidate.id;
      }
      const moved = await knex("tickets").where({ id: ticketId, botLockToken: token }).update({ botCursor: message?.id ?? walkedTo, botLockUntil: Date.now() + lockMs() });
      if (!moved) return void 0;
      const mayBeFirst = cursor === 0;
      cursor = message?.id ?? walkedTo;
      if (!message) continue;
      await answerLogged(companyId, ticket, message, mayBeFirst ? void 0 : false);
      answered = true;
    }
    return cursor;
  }
  async function stillPassed(companyId, ticket, message) {
    return !!message.botPassed && await passes(companyId, ticket, message);
  }
  async function answerLogged(companyId, ticket, message, isNewTicket) {
    try {
      await answer(companyId, ticket, message, isNewTicket);
    } catch (err) {
      log.error({ err, ticketId: ticket.id, messageId: message.id }, "responder chain failed on a message");
    }
  }
  async function enabled(companyId, responder) {
    return !responder.planFlag || options.hasFlag(companyId, responder.planFlag);
  }
  async function answer(companyId, ticket, message, isNewTicketKnown) {
    if (ticket.status === "closed" || ticket.isGroup || !ticket.whatsappId) return;
    if (heldByPerson(ticket) || ticket.botOwner === HANDED_OFF) return;
    const conn = await deps.connections.get(companyId, ticket.whatsappId);
    const contact = await Contact.scoped(companyId).findById(ticket.contactId);
    if (!conn || !contact) return;
    const queue = ticket.queueId ? conn.queues.find((q) => q.id === ticket.queueId) ?? await Queue.scoped(companyId).findById(ticket.queueId) ?? null : null;
    const isNewTicket = isNewTicketKnown ?? !await Message.scoped(companyId).where({ ticketId: ticket.id }).where("id", "<", message.id).select("id").first();
    const owner = ticket.botOwner ? registry.get(ticket.botOwner) : void 0;
    const candidates = owner ? [owner, ...registry.ordered().filter((r) => r !== owner)] : [...registry.ordered()];
    for (const responder of candidates) {
      if (!await enabled(companyId, responder)) continue;
      const isOwner = responder === owner;
      const input = { companyId, ticket, contact, message, connection: conn.whatsapp, queue, isNewTicket, isOwner };
      let run = await runOne(responder, input);
      if (run.outcome === "delegated") run = await runOne(run.to, { ...input, isOwner: false, start: run.payload }, false);
      if (run.outcome === "claimed") return;
      if (run.outcome === "ended") return;
      if (isOwner) await setOwner(companyId, ticket, null);
    }
    if (ticket.botOwner && !owner) await setOwner(companyId, ticket, null);
  }
  async function runOne(responder, input, mayDelegate = true) {
    const { companyId, ticket } = input;
    const controller = new AbortController();
    let over = false;
    let released = false;
    let handedOff = false;
    let delegation = null;
    const ctx = {
      ...input,
      integrationId: input.connection.integrationId ?? input.queue?.integrationId ?? null,
      promptId: input.connection.promptId ?? input.queue?.promptId ?? null,
      signal: controller.signal,
      log: log.child({ responder: responder.id, ticketId: ticket.id }),
      async send({ body, media }) {
        if (over) return null;
        const now = await Ticket.scoped(companyId).findById(ticket.id).select("status", "userId", "botOwner");
        if (!now || now.status === "closed" || heldByPerson(now) || now.botOwner === HANDED_OFF) return null;
        return options.sender.send({ companyId, ticket, contact: input.contact, body, media });
      },
      async handOff(reason, options2) {
        if (handedOff) return;
        handedOff = true;
        over = true;
        await handOff(companyId, ticket, responder.id, { text: String(reason ?? "") }, { queueId: options2?.queueId });
      },
      async fail(error, { source, queueId }) {
        if (handedOff) return;
        handedOff = true;
        over = true;
        if (error instanceof AppError && error.code === AUTOMATION_LOOP) return;
        const failure = classifyBotFailure(error);
        ctx.log.warn({ source, kind: failure.kind, detail: failure.detail }, "bot failed: the ticket goes to people");
        await handOff(companyId, ticket, responder.id, { failure, name: source.name }, { queueId });
        await failures.record(companyId, { source, responder: responder.id, ...failure, ticketId: ticket.id }, log);
      },
      async release() {
        if (over) return;
        released = true;
        await setOwner(companyId, ticket, null, responder.id);
      },
      async delegate(responderId, payload) {
        const to = registry.get(responderId);
        if (over || !mayDelegate || !to || to === responder || !await enabled(companyId, to)) return false;
        delegation = { to, payload };
        return true;
      }
    };
    const timeoutMs = responder.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer;
    try {
      const claimed = await Promise.race([
        Promise.resolve().then(() => responder.handle(ctx)),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new TimedOut()), timeoutMs);
        })
      ]);
      if (handedOff) return { outcome: "ended" };
      if (delegation) return { outcome: "delegated", ...delegation };
      if (!claimed) return { outcome: "passed" };
      if (!released && ticket.botOwner !== responder.id) await setOwner(companyId, ticket, responder.id);
      return { outcome: "claimed" };
    } catch (err) {
      over = true;
      controller.abort();
      if (err instanceof AppError && err.code === AUTOMATION_LOOP) return { outcome: "ended" };
      const reason = err instanceof TimedOut ? "timeout" : "error";
      log.error({ err: reason === "error" ? err : void 0, responder: responder.id, ticketId: ticket.id, messageId: input.message.id }, `responder ${reason === "timeout" ? "timed out" : "failed"}: the ticket goes to people`);
      if (!handedOff) {
        handedOff = true;
        await handOff(companyId, ticket, responder.id, { core: reason });
        const failure = reason === "timeout" ? { kind: "timeout", detail: "no answer in time" } : classifyBotFailure(err);
        await failures.record(companyId, { source: null, responder: responder.id, ...failure, ticketId: ticket.id }, log);
      }
      return { outcome: "ended" };
    } finally {
      over = true;
      if (timer) clearTimeout(timer);
    }
  }
  async function setOwner(companyId, ticket, owner, only) {
    const query = Ticket.scoped(companyId).where({ id: ticket.id });
    if (only) query.where("botOwner", only);
    else if (owner === null) query.whereNotNull("botOwner");
    const changed = await query.patch({ botOwner: owner, ...owner ? { chatbot: true } : { chatbot: false } });
    if (!changed) return;
    const fresh = await Ticket.scoped(companyId).findById(ticket.id);
    if (!fresh) return;
    const before = snapshot(ticket);
    Object.assign(ticket, fresh);
    await publishTicket(deps, { kind: "updated", companyId, ticket: fresh, before });
  }
  async function handOff(companyId, ticket, responderId, reason, options2 = {}) {
    const before = snapshot(ticket);
    let queueId;
    if (options2.queueId) {
      if (await Queue.scoped(companyId).findById(options2.queueId).select("queues.id")) queueId = options2.queueId;
      else log.warn({ ticketId: ticket.id, queueId: options2.queueId, responder: responderId }, "hand-off to a queue the company does not have: queue kept");
    }
    const query = Ticket.scoped(companyId).where({ id: ticket.id }).whereNot("status", "closed");
    if (options2.owners) query.whereIn("botOwner", options2.owners).whereNull("userId");
    const changed = await query.patch({ status: "pending", chatbot: false, botOwner: HANDED_OFF, ...queueId ? { queueId } : {} });
    if (!changed) return false;
    const fresh = await Ticket.scoped(companyId).findById(ticket.id);
    Object.assign(ticket, fresh);
    const note = await TicketNote.scoped(companyId).insertAndFetch({
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
      note: handOffNote(responderId, reason)
    });
    await publishTicket(deps, { kind: "updated", companyId, ticket: fresh, before });
    deps.bus.emitForTicket(companyId, fresh, "ticketNote", { action: "create", ticketNote: { ...note.toJSON(), user: null } });
    return true;
  }
  async function handOffHeld(companyId, ticketId, { owners, reason, queueId }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket?.botOwner || !owners.includes(ticket.botOwner)) return false;
    return handOff(companyId, ticket, ticket.botOwner, { text: String(reason ?? "") }, { queueId, owners });
  }
  async function releaseHeld(companyId, ticketId, { owners }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || !owners.length) return false;
    const changed = await Ticket.scoped(companyId).where({ id: ticketId }).whereIn("botOwner", owners).whereNull("userId").patch({ botOwner: null, chatbot: false });
    if (!changed) return false;
    const fresh = await Ticket.scoped(companyId).findById(ticketId);
    await publishTicket(deps, { kind: "updated", companyId, ticket: fresh, before: snapshot(ticket) });
    return true;
  }
  jobs.define(TURN_JOB, turn, { concurrency: TURN_CONCURRENCY });
  async function handOffLoop(companyId, ticket) {
    await handOff(companyId, ticket, ticket.botOwner && ticket.botOwner !== HANDED_OFF ? ticket.botOwner : "automation", { core: "loop" });
  }
  return { schedule, onInbound, passes, turn, reconcile, handOff: handOffHeld, handOffLoop, release: releaseHeld, failures, stop: () => {
    stopping = true;
  } };
}
export {
  HANDED_OFF,
  TURN_JOB,
  createResponderChain
};
