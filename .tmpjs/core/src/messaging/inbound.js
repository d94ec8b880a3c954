import { raw } from "objection";
import { randomUUID } from "node:crypto";
import { Contact, Message, Ticket } from "../db/models/index.js";
import { dbNow } from "../db/time.js";
import { newTicketFields, publishTicket } from "../domains/tickets/lifecycle.js";
import { takeRatingAnswer } from "../domains/tickets/rating.js";
import { normalizeNumber } from "../util/phone.js";
import { ticketView } from "../domains/tickets/view.js";
import { isUniqueViolation, RetryTransaction, withRetries } from "../db/errors.js";
import { messageJson, withReactions } from "./message-view.js";
import { editWithHistory, refreshLastMessage } from "./message-history.js";
import { inboundMessageFields, labelOf, sentAt } from "./inbound-fields.js";
import { GroupCommit } from "./group-commit.js";
import { autoReopenMinutes, reopenRecentlyClosed } from "./auto-reopen.js";
import { JobQueueUnavailableError } from "../jobs/types.js";
import { diskFull } from "../storage/index.js";
class DuplicateMessage extends Error {
}
function createInboundHandler(deps, options) {
  const { knex, log } = deps;
  const groupCommit = new GroupCommit(knex, (err) => log.warn({ err }, "inbound batch not stored together; storing its messages one by one"), options.passes);
  async function lookup(companyId, whatsappId, number, lid) {
    const rows = await Contact.scoped(companyId).leftJoin("tickets", (j) => j.on("tickets.contactId", "contacts.id").andOn("tickets.whatsappId", knex.raw("?", [whatsappId])).andOn("tickets.liveSlot", knex.raw("1"))).where((q) => {
      q.where("contacts.number", number);
      if (lid) q.orWhere("contacts.lid", lid);
    }).select("contacts.*", "tickets.id as liveTicketId").limit(2);
    const row = rows.find((r) => r.number === number) ?? rows[0];
    if (!row) return void 0;
    const liveTicketId = row.liveTicketId ? Number(row.liveTicketId) : null;
    delete row.liveTicketId;
    return { contact: row, liveTicketId };
  }
  async function resolveContact(companyId, whatsappId, msg, number) {
    const lid = msg.lid ? normalizeNumber(msg.lid) || void 0 : void 0;
    const found = await lookup(companyId, whatsappId, number, lid);
    if (found) {
      const patch = {};
      if (lid && !found.contact.lid) patch.lid = lid;
      if (!msg.fromMe && !msg.isGroup && msg.pushName && found.contact.name === found.contact.number) patch.name = msg.pushName;
      if (Object.keys(patch).length) {
        await found.contact.$query().patch(patch).catch((err) => {
          if (!isUniqueViolation(err)) throw err;
        });
        Object.assign(found.contact, patch);
      }
      return found;
    }
    try {
      const contact = await Contact.scoped(companyId).insertAndFetch({
        uuid: randomUUID(),
        number,
        lid: lid ?? null,
        isGroup: msg.isGroup,
        whatsappId,
        name: !msg.fromMe && !msg.isGroup && msg.pushName || number
      });
      return { contact, liveTicketId: null };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      const winner = await lookup(companyId, whatsappId, number, lid);
      if (!winner) throw err;
      return winner;
    }
  }
  async function saveMedia(companyId, msg) {
    if (!msg.media) return {};
    try {
      const data = typeof msg.media.data === "function" ? await msg.media.data() : msg.media.data;
      const ext = msg.media.mimetype.split("/")[1]?.split(";")[0] ?? "bin";
      const file = await deps.storage.save(companyId, data, { filename: msg.media.filename ?? `${msg.kind}-${msg.providerId}.${ext}`, mimetype: msg.media.mimetype.split(";")[0] });
      return { file };
    } catch (err) {
      log.warn({ err, providerId: msg.providerId }, "inbound media not stored");
      return { error: err.code ?? "ERR_WAPP_DOWNLOAD_MEDIA" };
    }
  }
  async function store(companyId, whatsappId, msg, number, media) {
    const { contact, liveTicketId } = await resolveContact(companyId, whatsappId, msg, number);
    const reopenMinutes = autoReopenMinutes(await deps.settings.get(companyId, "autoReopenTimeout"));
    return knex.transaction(async (trx) => {
      const now = dbNow();
      const lastMessage = labelOf(msg, media.file);
      const unread = msg.fromMe ? 0 : 1;
      let ticket;
      let isNewTicket = false;
      let rated;
      let reopenedTicket = false;
      if (liveTicketId) {
        const touched = await Ticket.scoped(companyId).transacting(trx).where({ id: liveTicketId, liveSlot: 1 }).patch({
          unreadMessages: raw("?? + ?", ["unreadMessages", unread]),
          lastMessage,
          updatedAt: now,
          ...msg.fromMe ? {} : { lastInboundAt: now }
        });
        if (!touched) throw new RetryTransaction("the live ticket was closed meanwhile");
      } else {
        const answered = !msg.fromMe && !msg.isGroup ? await takeRatingAnswer(companyId, contact.id, whatsappId, msg.body, trx, deps.clock) : void 0;
        const reopened = !answered && !msg.fromMe && !msg.isGroup ? await reopenRecentlyClosed(trx, { companyId, contactId: contact.id, whatsappId, minutes: reopenMinutes, now, activity: { lastMessage, updatedAt: now, lastInboundAt: now } }) : void 0;
        if (answered || reopened) {
          ticket = (answered ?? reopened).ticket;
          rated = (answered ?? reopened).before;
          reopenedTicket = !!reopened;
        } else {
          try {
            ticket = await Ticket.scoped(companyId).transacting(trx).insert(newTicketFields({
              contactId: contact.id,
              whatsappId,
              isGroup: msg.isGroup,
              unreadMessages: unread,
              lastMessage,
              ...msg.fromMe ? {} : { lastInboundAt: now }
            }));
            isNewTicket = true;
          } catch (err) {
            if (isUniqueViolation(err)) throw new RetryTransaction("another message opened the ticket first");
            throw err;
          }
        }
      }
      const ticketId = ticket?.id ?? liveTicketId;
      const quoted = msg.quotedProviderId ? await Message.scoped(companyId).transacting(trx).where({ whatsappId, providerId: msg.quotedProviderId }).select("id").first() : void 0;
      let message;
      try {
        message = await Message.scoped(companyId).transacting(trx).insert({
          ...inboundMessageFields(msg, media, { ticketId, contactId: contact.id, whatsappId }),
          quotedMsgId: quoted?.id ?? null,
          createdAt: sentAt(msg.timestamp, dbNow())
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateMessage();
        throw err;
      }
      if (!ticket) ticket = await Ticket.scoped(companyId).transacting(trx).findById(ticketId);
      return { contact, ticket, message, isNewTicket, rated, reopened: reopenedTicket };
    });
  }
  async function onMessage(conn, msg) {
    if (deps.storage.spaceLow?.()) throw diskFull();
    const { companyId, whatsappId } = conn;
    const cached = await deps.connections.get(companyId, whatsappId);
    if (!cached) return log.warn({ whatsappId }, "inbound message for an unknown connection");
    const settings = await deps.settings.all(companyId);
    if (msg.isGroup && settings.get("CheckMsgIsGroup") !== "disabled") return;
    if (msg.kind === "edit" || msg.kind === "delete" || msg.kind === "reaction") return applyToTarget(companyId, whatsappId, msg);
    const number = normalizeNumber(msg.from);
    if (!number) return log.warn({ from: msg.from }, "inbound message without a usable sender");
    const media = await saveMedia(companyId, msg);
    let stored;
    try {
      const grouped = await groupCommit.submit(companyId, cached, msg, number, media);
      if (grouped.kind === "duplicate") throw new DuplicateMessage();
      stored = grouped.kind === "stored" ? { ...grouped, rated: void 0, reopened: false } : await withRetries(() => store(companyId, whatsappId, msg, number, media));
    } catch (err) {
      if (media.file) await deps.storage.remove(media.file.key).catch(() => void 0);
      if (err instanceof DuplicateMessage) return msg.fromMe ? void 0 : respondToReplay(companyId, whatsappId, msg.providerId);
      throw err;
    }
    const { contact, ticket, message, isNewTicket, rated, reopened } = stored;
    const view = stored.view ?? await ticketView(companyId, ticket, { contacts: [contact], whatsapps: [cached.whatsapp], queues: cached.queues });
    await publishTicket(deps, isNewTicket ? { kind: "created", companyId, ticket, origin: "contact", view } : rated ? { kind: "updated", companyId, ticket, before: rated, view } : { kind: "activity", companyId, ticket, view });
    await deps.bus.emitMessageChange(companyId, view, { action: "create", message: messageJson(message), ticket: view, contact: contact.toJSON() });
    if (isNewTicket) await queuedLater(options.onNewTicket?.(companyId, ticket, cached));
    if (msg.fromMe || msg.kind === "call_log") return;
    if (!("passed" in stored && stored.passed)) await queuedLater(options.respond({ companyId, ticketId: ticket.id, messageId: message.id, ticket, message, isNewTicket }));
    if (rated && !reopened) return;
    await deps.hooks.run("onInboundMessage", { companyId, ticket, message, contact, connection: cached.whatsapp, isNewTicket }, log);
  }
  async function queuedLater(work) {
    try {
      await work;
    } catch (err) {
      if (!(err instanceof JobQueueUnavailableError)) throw err;
      log.warn({ err }, "inbound message stored; its jobs wait for the job queue (reconciler)");
    }
  }
  async function respondToReplay(companyId, whatsappId, providerId) {
    const stored = await Message.scoped(companyId).where({ whatsappId, providerId }).select("id", "ticketId", "fromMe").first();
    if (stored?.ticketId && !stored.fromMe) await options.respond({ companyId, ticketId: stored.ticketId, messageId: stored.id });
  }
  async function applyToTarget(companyId, whatsappId, msg) {
    if (!msg.targetProviderId) return;
    const target = Message.scoped(companyId).where({ whatsappId, providerId: msg.targetProviderId });
    let message;
    if (msg.kind === "edit") {
      const current = await target.clone().first();
      message = current && await editWithHistory(deps.knex, companyId, current, msg.body, { fromMe: msg.fromMe, userId: null });
      if (message) await refreshLastMessage(deps, companyId, message);
    } else {
      const changed = await target.clone().patch(msg.kind === "delete" ? { isDeleted: true } : { reaction: msg.body || null });
      message = changed ? await target.clone().first() : void 0;
    }
    if (!message) return;
    const [view] = await withReactions(companyId, [message]);
    await deps.bus.emitMessageChange(companyId, message.ticketId, { action: "update", message: messageJson(view) });
  }
  async function onAck(conn, update) {
    const query = Message.scoped(conn.companyId).where({ whatsappId: conn.whatsappId, providerId: update.providerId });
    const changed = update.error ? await query.clone().patch({ status: "failed", error: update.error.slice(0, 1e3) }) : await query.clone().where("ack", "<", update.ack).patch({ ack: update.ack });
    if (!changed) return;
    const message = await query.clone().first();
    if (message) await deps.bus.emitMessageChange(conn.companyId, message.ticketId, { action: "update", message: messageJson(message) });
  }
  async function onCall(conn, call) {
    if (!(await deps.settings.get(conn.companyId, "call") === "disabled")) return;
    try {
      const provider = deps.provider(conn.whatsappId);
      await provider.rejectCall?.(call);
    } catch (err) {
      log.warn({ err }, "call not rejected");
    }
    const at = call.timestamp.toTimeString().slice(0, 5);
    await onMessage(conn, {
      providerId: `call-${call.providerId}`,
      from: call.from,
      fromMe: false,
      isGroup: false,
      kind: "call_log",
      body: `Chamada de ${call.isVideo ? "v\xEDdeo" : "voz"} perdida \xE0s ${at}`,
      data: { isVideo: call.isVideo },
      timestamp: call.timestamp
    });
    const number = normalizeNumber(call.from);
    const found = await lookup(conn.companyId, conn.whatsappId, number);
    if (found?.liveTicketId) {
      const ticket = await Ticket.scoped(conn.companyId).findById(found.liveTicketId);
      if (ticket) await options.notify(conn.companyId, ticket, found.contact, "As chamadas de voz e v\xEDdeo est\xE3o desabilitadas para este n\xFAmero. Por favor, envie uma mensagem de texto.");
    }
  }
  return { onMessage, onAck, onCall };
}
export {
  createInboundHandler
};
