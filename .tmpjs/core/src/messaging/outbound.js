import { Contact, Message, Ticket, Whatsapp } from "../db/models/index.js";
import { dbNow } from "../db/time.js";
import { AppError, notFound } from "../http/errors.js";
import { ticketView } from "../domains/tickets/view.js";
import { publishTicket } from "../domains/tickets/lifecycle.js";
import { openLiveTicket } from "./live-ticket.js";
import { mediaTypeOf, messageJson, withQuoted } from "./message-view.js";
import { SESSION_MOVING } from "./session-rpc.js";
import { createLoopGuard, LOOP_CAP, LOOP_WINDOW_MS } from "./loop-guard.js";
const REDELIVER_JOB = "messages.redeliver";
const REDELIVER_EVERY_MS = 1e3;
const REDELIVER_ATTEMPTS = 60;
const RATE_LIMITED = "ERR_CLOUD_RATE_LIMIT";
const RATE_LIMIT_ATTEMPTS = 5;
const RATE_LIMIT_FIRST_WAIT_MS = 15e3;
const RATE_LIMIT_MAX_WAIT_MS = 60 * 6e4;
function rateLimitWait(retryAfter, rateLimited, now = Date.now()) {
  let ms;
  if (typeof retryAfter === "string" && retryAfter.trim()) {
    const seconds = Number(retryAfter);
    ms = Number.isFinite(seconds) ? seconds * 1e3 : Date.parse(retryAfter) - now;
  }
  if (ms === void 0 || !Number.isFinite(ms)) ms = RATE_LIMIT_FIRST_WAIT_MS * 2 ** rateLimited;
  return Math.min(Math.max(ms, 1e3), RATE_LIMIT_MAX_WAIT_MS);
}
async function sendingConnection(companyId, whatsappId) {
  const whatsapp = whatsappId ? await Whatsapp.scoped(companyId).findById(whatsappId) : await Whatsapp.scoped(companyId).where({ isDefault: true }).first();
  if (!whatsapp) throw notFound(whatsappId ? "ERR_NO_WAPP_FOUND" : "ERR_NO_DEF_WAPP_FOUND");
  return whatsapp;
}
const lastMessageOf = (body, media) => body && body.trim() ? body : media ? media.name : "";
const AUTOMATION_LOOP = "ERR_AUTOMATION_LOOP";
function createSender(deps, options = {}) {
  const { bus, hooks, log } = deps;
  const loops = createLoopGuard();
  async function checkLoop(companyId, ticket, userId) {
    if (userId) return loops.person(ticket.id);
    const verdict = loops.automated(ticket.id);
    if (verdict === "ok") return;
    if (verdict === "tripped") {
      log.warn({ ticketId: ticket.id, cap: LOOP_CAP, windowMs: LOOP_WINDOW_MS }, "automated messages loop on a ticket: handed to people");
      await options.onLoop?.(companyId, ticket);
    }
    throw new AppError(AUTOMATION_LOOP, 409, `More than ${LOOP_CAP} automated messages in ${LOOP_WINDOW_MS / 1e3} s on this ticket: automation stopped until a person writes on it`);
  }
  async function deliver(companyId, message, ticket, contact, attempt = 0, rateLimited = 0) {
    let patch;
    try {
      const provider = deps.provider(ticket.whatsappId);
      const quoted = message.quotedMsgId ? await Message.scoped(companyId).findById(message.quotedMsgId).select("providerId", "fromMe") : void 0;
      const mediaKey = message.data?.mediaKey;
      const path = mediaKey ? deps.storage.resolve(mediaKey) : void 0;
      const sent = await provider.send({
        to: contact.number,
        isGroup: contact.isGroup,
        body: message.body ?? void 0,
        template: message.data?.template,
        quotedProviderId: quoted?.providerId ?? void 0,
        ...quoted?.providerId ? { quotedFromMe: quoted.fromMe } : {},
        ...message.isForwarded ? { forwarded: true } : {},
        media: path ? {
          path,
          mimetype: String(message.data.mimetype ?? "application/octet-stream"),
          filename: message.mediaName ?? "file",
          caption: message.body ?? void 0,
          asVoice: Boolean(message.data.asVoice)
        } : void 0
      });
      patch = { status: "sent", providerId: sent.providerId, ack: Math.max(message.ack, sent.ack), error: null };
    } catch (err) {
      const code = err instanceof AppError ? err.code : "ERR_SENDING_WAPP_MSG";
      if (code === SESSION_MOVING && attempt < REDELIVER_ATTEMPTS) {
        await deps.jobs.enqueue(REDELIVER_JOB, { companyId, messageId: message.id, attempt: attempt + 1 }, {
          delayMs: REDELIVER_EVERY_MS,
          jobId: `redeliver-${message.id}-${attempt + 1}`
        });
        log.info({ messageId: message.id, attempt }, "connection moving between processes; the send waits");
        return message;
      }
      if (code === RATE_LIMITED && rateLimited < RATE_LIMIT_ATTEMPTS) {
        const delayMs = rateLimitWait(err.details?.retryAfter, rateLimited);
        await deps.jobs.enqueue(REDELIVER_JOB, { companyId, messageId: message.id, attempt, rateLimited: rateLimited + 1 }, {
          delayMs,
          jobId: `ratelimit-${message.id}-${rateLimited + 1}`
        });
        log.info({ messageId: message.id, rateLimited, delayMs }, "the channel limits this number's sends; the send waits");
        return message;
      }
      log.warn({ err, messageId: message.id, ticketId: ticket.id }, "sending failed");
      patch = { status: "failed", error: `${code}: ${err.message ?? ""}`.slice(0, 1e3) };
    }
    await message.$query().patch(patch);
    message.$set({ ...patch, updatedAt: (/* @__PURE__ */ new Date()).toISOString() });
    await bus.emitMessageChange(companyId, ticket, { action: "update", message: messageJson(message) });
    return message;
  }
  deps.jobs.define(REDELIVER_JOB, async ({ companyId, messageId, attempt, rateLimited }) => {
    const message = await Message.scoped(companyId).findById(messageId);
    if (!message || message.status !== "sending") return;
    const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
    const contact = ticket && await Contact.scoped(companyId).findById(ticket.contactId);
    if (!ticket || !contact) return;
    await deliver(companyId, message, ticket, contact, attempt, rateLimited ?? 0);
  });
  async function checkChannel(companyId, whatsappId, contact, userId) {
    if (!deps.providers) return;
    const conn = await deps.connections.get(companyId, whatsappId);
    if (!conn || !deps.providers.get(conn.whatsapp.provider)?.beforeSend) return;
    await deps.providers.beforeSend(conn.whatsapp.provider, { companyId, whatsappId, contactId: contact.id, to: contact.number, isGroup: contact.isGroup, userId });
  }
  async function knownRelations(companyId, ticket, contact) {
    const conn = ticket.whatsappId ? await deps.connections.get(companyId, ticket.whatsappId) : void 0;
    return conn ? { contacts: [contact], whatsapps: [conn.whatsapp], queues: conn.queues } : { contacts: [contact] };
  }
  async function send(input) {
    const { companyId, ticket } = input;
    const body = input.body ?? "";
    if (!body.trim() && !input.media) throw new AppError("ERR_VALIDATION", 400, "Empty message", { field: "body" });
    await checkLoop(companyId, ticket, input.userId);
    const contact = input.contact ?? ticket.contact ?? await Contact.scoped(companyId).findById(ticket.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    if (!input.template && ticket.whatsappId) await checkChannel(companyId, ticket.whatsappId, contact, input.userId ?? null);
    const { message, updatedTicket } = await deps.knex.transaction(async (trx) => {
      const inserted = await Message.scoped(companyId).transacting(trx).insert({
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: ticket.whatsappId,
        body,
        fromMe: true,
        ack: 0,
        read: true,
        isDeleted: false,
        isEdited: false,
        isForwarded: Boolean(input.forwarded),
        status: "sending",
        userId: input.userId ?? null,
        quotedMsgId: input.quotedMsgId ?? null,
        providerId: null,
        error: null,
        participant: null,
        reaction: null,
        mediaType: input.media ? input.asVoice ? "audio" : mediaTypeOf(input.media.mimetype) : null,
        mediaUrl: input.media?.url ?? null,
        mediaName: input.media?.name ?? null,
        data: input.media ? { mediaKey: input.media.key, mimetype: input.media.mimetype, ...input.asVoice ? { asVoice: true } : {} } : input.template ? { template: input.template } : null
      });
      const message2 = Message.fromDatabaseJson(inserted.$toDatabaseJson());
      const updatedTicket2 = await Ticket.scoped(companyId).transacting(trx).patchAndFetchById(ticket.id, {
        lastMessage: lastMessageOf(body, input.media),
        updatedAt: dbNow()
      });
      return { message: message2, updatedTicket: updatedTicket2 };
    });
    Object.assign(ticket, updatedTicket);
    if (message.quotedMsgId) await withQuoted(companyId, [message]);
    await bus.emitMessageChange(companyId, ticket, {
      action: "create",
      message: messageJson(message),
      ticket: await ticketView(companyId, ticket, await knownRelations(companyId, ticket, contact)),
      contact: contact.toJSON()
    });
    await hooks.run("onOutboundMessage", { companyId, ticket, message }, log);
    return deliver(companyId, message, ticket, contact);
  }
  async function sendToContact(input) {
    const { companyId } = input;
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound("ERR_NO_CONTACT_FOUND");
    const whatsapp = await sendingConnection(companyId, input.whatsappId);
    const { ticket, created } = await openLiveTicket(companyId, { contactId: contact.id, whatsappId: whatsapp.id, isGroup: contact.isGroup });
    if (created) await publishTicket(deps, { kind: "created", companyId, ticket, origin: "send", userId: input.userId ?? void 0, relations: { contacts: [contact] } });
    const message = await send({ companyId, ticket, body: input.body, media: input.media, userId: input.userId, contact, quotedMsgId: input.quotedMsgId, template: input.template });
    return { ticket, message };
  }
  async function retry(companyId, messageId) {
    const message = await Message.scoped(companyId).findById(messageId);
    if (!message) throw notFound("ERR_NO_MESSAGE_FOUND");
    if (!message.fromMe || message.status !== "failed") throw new AppError("ERR_MESSAGE_NOT_FAILED", 409, "Only a failed message can be re-sent");
    const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
    const contact = ticket && await Contact.scoped(companyId).findById(ticket.contactId);
    if (!ticket || !contact) throw notFound("ERR_NO_TICKET_FOUND");
    const sending = await message.$query().patchAndFetch({ status: "sending", error: null });
    await bus.emitMessageChange(companyId, ticket, { action: "update", message: messageJson(sending) });
    return deliver(companyId, sending, ticket, contact);
  }
  return { send, sendToContact, retry };
}
export {
  AUTOMATION_LOOP,
  createSender,
  rateLimitWait,
  sendingConnection
};
