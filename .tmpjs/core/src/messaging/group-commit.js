import { randomUUID } from "node:crypto";
import { Contact, Message, Ticket } from "../db/models/index.js";
import { dbNow } from "../db/time.js";
import { isUniqueViolation } from "../db/errors.js";
import { columnsOf, insertReturning, jsonArrayOf, parseJsonArray } from "../db/returning.js";
import { newTicketFields } from "../domains/tickets/lifecycle.js";
import { ticketViews } from "../domains/tickets/view.js";
import { normalizeNumber } from "../util/phone.js";
import { inboundMessageFields, labelOf, sentAt } from "./inbound-fields.js";
const MAX_BATCH = 200;
const WRITE_ATTEMPTS = 3;
const TICKET = "t__";
class TicketsMoved extends Error {
}
class GroupCommit {
  constructor(knex, onError, passes) {
    this.knex = knex;
    this.onError = onError;
    this.passes = passes;
  }
  knex;
  onError;
  passes;
  lanes = /* @__PURE__ */ new Map();
  /** Stores `msg` with the messages arriving alongside it, or says it needs the one-message path. */
  submit(companyId, conn, msg, number, media) {
    if (msg.quotedProviderId) return Promise.resolve({ kind: "single" });
    const whatsappId = conn.whatsapp.id;
    let lane = this.lanes.get(whatsappId);
    if (!lane) {
      lane = { companyId, conn, waiting: [], writing: false };
      this.lanes.set(whatsappId, lane);
    }
    lane.conn = conn;
    const outcome = new Promise((resolve) => lane.waiting.push({ msg, number, media, resolve }));
    if (!lane.writing) {
      lane.writing = true;
      setImmediate(() => void this.drain(whatsappId, lane));
    }
    return outcome;
  }
  async drain(whatsappId, lane) {
    while (lane.waiting.length) {
      const batch = lane.waiting.splice(0, MAX_BATCH);
      try {
        await this.write(lane.companyId, lane.conn, batch);
      } catch (err) {
        if (!isUniqueViolation(err)) this.onError(err);
        for (const item of batch) item.resolve({ kind: "single" });
      }
    }
    lane.writing = false;
    if (!lane.waiting.length) this.lanes.delete(whatsappId);
  }
  /**
   * Writes the batch; when one of its tickets was closed between the read and the UPDATE, reads and writes again, a
   * few times, before its messages go the single way (which would lose the order of a burst's messages).
   */
  async write(companyId, conn, batch) {
    let items = batch;
    for (let attempt = 1; ; attempt++) {
      const rows = await this.eligible(companyId, conn.whatsapp.id, items);
      if (!rows.length) return;
      if (await this.writeRows(companyId, conn, rows)) return;
      items = rows.map((r) => r.item);
      if (attempt === WRITE_ATTEMPTS) {
        for (const item of items) item.resolve({ kind: "single" });
        return;
      }
    }
  }
  /** One attempt: false when a ticket was closed since the read (nothing written). */
  async writeRows(companyId, conn, rows) {
    const whatsappId = conn.whatsapp.id;
    await this.askResponders(companyId, whatsappId, rows);
    const now = dbNow();
    const written = await this.knex.transaction(async (trx) => {
      const live = rows.filter((r) => r.live);
      const { touched, asRead } = live.length ? await touchTickets(trx, companyId, live, now) : { touched: 0, asRead: true };
      if (touched !== new Set(live.map((r) => r.ticketId)).size) throw new TicketsMoved();
      const newcomers = rows.filter((r) => !r.contact);
      const opened = newcomers.length ? await openTickets(trx, companyId, whatsappId, newcomers, now) : [];
      const messages = await insertReturning(trx, "messages", rows.map(({ item, contact, ticketId, passes }) => ({
        ...Message.fromJson({
          ...inboundMessageFields(item.msg, item.media, { ticketId, contactId: contact.id, whatsappId }),
          companyId,
          createdAt: sentAt(item.msg.timestamp, now),
          updatedAt: now
        }, { skipValidation: true }).$toDatabaseJson(),
        botPassed: passes ? 1 : 0
      })));
      return { opened, messages, asRead };
    }).catch((err) => {
      if (err instanceof TicketsMoved) return null;
      throw err;
    });
    if (!written) return false;
    await this.announce(companyId, conn, rows, written, now);
    return true;
  }
  /**
   * Asks the responder chain, before anything is written, whether any responder could act on each message from
   * the contact on a live ticket. A passed message behind one still waiting for its turn is met by that turn,
   * which asks again (it may have given the ticket to a responder).
   */
  async askResponders(companyId, whatsappId, rows) {
    if (!this.passes) return;
    const tickets = /* @__PURE__ */ new Map();
    for (const row of rows) {
      const { item, live, contact, ticketId } = row;
      if (!live || !contact || !ticketId || item.msg.fromMe || item.msg.kind === "call_log") continue;
      let ticket = tickets.get(ticketId);
      if (!ticket) tickets.set(ticketId, ticket = Ticket.fromDatabaseJson({ ...live.stored }));
      const draft = Message.fromJson({ ...inboundMessageFields(item.msg, item.media, { ticketId, contactId: contact.id, whatsappId }), companyId }, { skipValidation: true });
      row.passes = await this.passes(companyId, ticket, draft);
    }
  }
  /**
   * Hands each message its stored row, its ticket as the batch left it and the ticket's view: from the rows the
   * batch read and wrote (a database without INSERT … RETURNING reads the messages back).
   */
  // Models are made from copies: objection parses a row in place, and the UPDATE's guard compares the row as stored.
  async announce(companyId, conn, rows, written, now) {
    const { opened, messages: inserted, asRead } = written;
    const liveIds = [...new Set(rows.filter((r) => r.live).map((r) => r.ticketId))];
    const unsettled = [...new Set(rows.filter((r) => r.live && !r.passes && !Number(r.live.stored.botCursor)).map((r) => r.ticketId))];
    const [stored, fresh, cursors] = await Promise.all([
      inserted ?? this.knex("messages").where({ companyId, whatsappId: conn.whatsapp.id }).whereIn("providerId", rows.map((r) => r.item.msg.providerId)),
      // Another writer changed a live ticket meanwhile: those are read back.
      asRead ? null : Ticket.scoped(companyId).whereIn("id", liveIds),
      asRead && unsettled.length ? Ticket.scoped(companyId).whereIn("id", unsettled).select("id", "botCursor") : []
    ]);
    const messageOf = new Map(stored.map((m) => [String(m.providerId), Message.fromDatabaseJson(m)]));
    const touches = touchesByKey(rows.filter((r) => r.live), (r) => r.ticketId);
    const tickets = /* @__PURE__ */ new Map();
    const tagsOf = /* @__PURE__ */ new Map();
    for (const ticket of fresh ?? []) tickets.set(ticket.id, ticket);
    for (const row of rows) {
      if (!row.live || tickets.has(row.ticketId)) continue;
      const touch = touches.get(row.ticketId);
      tickets.set(row.ticketId, Ticket.fromDatabaseJson({ ...row.live.stored, ...touchedColumns(row.live.stored, touch, now) }));
      tagsOf.set(row.ticketId, row.live.tags);
    }
    for (const { id, botCursor } of cursors) tickets.get(id).botCursor = botCursor;
    for (const ticket of opened) {
      tickets.set(Number(ticket.id), Ticket.fromDatabaseJson(ticket));
      tagsOf.set(Number(ticket.id), []);
    }
    const contacts = [...new Map(rows.map((r) => [r.contact.id, r.contact])).values()];
    const views = await ticketViews(companyId, [...tickets.values()], { contacts, whatsapps: [conn.whatsapp], queues: conn.queues, tags: tagsOf });
    const viewOf = new Map(views.map((v) => [v.id, v]));
    for (const { item, contact, ticketId, opens, passes } of rows) {
      const message = messageOf.get(item.msg.providerId);
      const ticket = tickets.get(ticketId);
      const view = viewOf.get(ticketId);
      item.resolve(message && ticket && view ? { kind: "stored", contact, ticket, message, view, isNewTicket: !!opens, passed: !!passes } : { kind: "single" });
    }
  }
  /**
   * Matches the batch to contacts and live tickets in one read (each live ticket whole, with its tags); resolves
   * at once the messages that need the single path, and the second copy of an event delivered twice within the
   * batch. Replays of stored messages are not looked for: they are rare (after a reconnect), and the unique key
   * (whatsappId, providerId) fails the batch's INSERT, sending it the single way.
   */
  async eligible(companyId, whatsappId, batch) {
    const numbers = [...new Set(batch.map((p) => p.number))];
    const ticketColumns = await columnsOf(this.knex, "tickets");
    const tags = jsonArrayOf(this.knex, { id: "tags.id", name: "tags.name", color: "tags.color" });
    const found = await Contact.scoped(companyId).leftJoin("tickets", (j) => j.on("tickets.contactId", "contacts.id").andOn("tickets.whatsappId", this.knex.raw("?", [whatsappId])).andOn("tickets.liveSlot", this.knex.raw("1"))).whereIn("contacts.number", numbers).select(
      "contacts.*",
      ...ticketColumns.map((c) => `tickets.${c} as ${TICKET}${c}`),
      this.knex.raw(
        `(SELECT ${tags} FROM ?? JOIN ?? ON ?? = ?? WHERE ?? = ? AND ?? = ??) AS ??`,
        ["ticketTags", "tags", "tags.id", "ticketTags.tagId", "ticketTags.companyId", companyId, "ticketTags.ticketId", "tickets.id", `${TICKET}tags`]
      )
    ).toKnexQuery();
    const byNumber = new Map(found.map((row) => {
      const contact = {};
      const ticket = {};
      for (const key in row) {
        if (key.startsWith(TICKET)) ticket[key.slice(TICKET.length)] = row[key];
        else contact[key] = row[key];
      }
      const tagList = parseJsonArray(ticket.tags);
      delete ticket.tags;
      const live = ticket.id === null || ticket.id === void 0 ? void 0 : { stored: ticket, tags: tagList };
      return [String(row.number), { contact: Contact.fromDatabaseJson(contact), live }];
    }));
    const inBatch = /* @__PURE__ */ new Set();
    const opened = /* @__PURE__ */ new Set();
    const rows = [];
    for (const item of batch) {
      const { msg } = item;
      if (inBatch.has(msg.providerId)) {
        item.resolve({ kind: "duplicate" });
        continue;
      }
      inBatch.add(msg.providerId);
      const known = byNumber.get(item.number);
      if (!known) {
        if (msg.lid) {
          item.resolve({ kind: "single" });
          continue;
        }
        rows.push({ item, opens: !opened.has(item.number) });
        opened.add(item.number);
        continue;
      }
      const lid = msg.lid ? normalizeNumber(msg.lid) || void 0 : void 0;
      const renames = !msg.fromMe && !msg.isGroup && !!msg.pushName && known.contact.name === known.contact.number;
      if (!known.live || renames || lid && known.contact.lid !== lid) {
        item.resolve({ kind: "single" });
        continue;
      }
      rows.push({ item, contact: known.contact, ticketId: Number(known.live.stored.id), live: known.live });
    }
    return rows;
  }
}
function touchesByKey(rows, keyOf) {
  const touches = /* @__PURE__ */ new Map();
  for (const row of rows) {
    const touch = touches.get(keyOf(row)) ?? { unread: 0, lastMessage: "", inbound: false };
    touch.unread += row.item.msg.fromMe ? 0 : 1;
    touch.lastMessage = labelOf(row.item.msg, row.item.media.file);
    touch.inbound ||= !row.item.msg.fromMe;
    touches.set(keyOf(row), touch);
  }
  return touches;
}
async function openTickets(trx, companyId, whatsappId, rows, now) {
  const firsts = /* @__PURE__ */ new Map();
  for (const { item } of rows) if (!firsts.has(item.number)) firsts.set(item.number, item.msg);
  await trx("contacts").insert([...firsts].map(([number, msg]) => Contact.fromJson({
    companyId,
    uuid: randomUUID(),
    number,
    lid: null,
    isGroup: msg.isGroup,
    whatsappId,
    name: !msg.fromMe && !msg.isGroup && msg.pushName || number,
    createdAt: now,
    updatedAt: now
  }, { skipValidation: true }).$toDatabaseJson()));
  const contacts = await Contact.scoped(companyId).transacting(trx).whereIn("number", [...firsts.keys()]);
  const contactOf = new Map(contacts.map((c) => [c.number, c]));
  const touches = touchesByKey(rows, (r) => r.item.number);
  await trx("tickets").insert(contacts.map((contact) => {
    const touch = touches.get(contact.number);
    return Ticket.fromJson({
      companyId,
      ...newTicketFields({
        contactId: contact.id,
        whatsappId,
        isGroup: contact.isGroup,
        unreadMessages: touch.unread,
        lastMessage: touch.lastMessage,
        lastInboundAt: touch.inbound ? now : null
      }),
      createdAt: now,
      updatedAt: now
    }, { skipValidation: true }).$toDatabaseJson();
  }));
  const tickets = await trx("tickets").where({ companyId, whatsappId, liveSlot: 1 }).whereIn("contactId", contacts.map((c) => c.id));
  const ticketOf = new Map(tickets.map((t) => [Number(t.contactId), Number(t.id)]));
  for (const row of rows) {
    row.contact = contactOf.get(row.item.number);
    row.ticketId = ticketOf.get(row.contact.id);
  }
  return tickets;
}
function touchedColumns(stored, touch, now) {
  return {
    unreadMessages: Number(stored.unreadMessages ?? 0) + touch.unread,
    lastMessage: touch.lastMessage,
    ...touch.inbound ? { lastInboundAt: now } : {},
    updatedAt: now
  };
}
async function touchTickets(trx, companyId, rows, now) {
  const perTicket = touchesByKey(rows, (r) => r.ticketId);
  const liveOf = new Map(rows.map((r) => [r.ticketId, r.live]));
  const byTicket = (value, otherwise, which = () => true) => {
    const whens = [...perTicket].filter(([, touch]) => which(touch));
    if (!whens.length) return otherwise;
    return trx.raw(`CASE ?? ${whens.map(() => "WHEN ? THEN ?").join(" ")} ELSE ? END`, ["id", ...whens.flatMap(([id, touch]) => [id, value(touch)]), otherwise]);
  };
  const changes = {
    unreadMessages: trx.raw("?? + ?", ["unreadMessages", byTicket((t) => t.unread, trx.raw("0"), (t) => t.unread > 0)]),
    lastMessage: byTicket((t) => t.lastMessage, trx.raw("??", ["lastMessage"])),
    lastInboundAt: byTicket(() => now, trx.raw("??", ["lastInboundAt"]), (t) => t.inbound),
    updatedAt: now
  };
  const asRead = (q) => {
    for (const [id, { stored, tags }] of liveOf) {
      q.orWhere((same) => same.where("tickets.id", id).where("tickets.updatedAt", stored.updatedAt).where("tickets.unreadMessages", Number(stored.unreadMessages)).where("tickets.status", stored.status).whereRaw("(SELECT COUNT(*) FROM ?? WHERE ?? = ? AND ?? = ??) = ?", ["ticketTags", "ticketTags.companyId", companyId, "ticketTags.ticketId", "tickets.id", tags.length]));
    }
  };
  const live = () => trx("tickets").where({ companyId, liveSlot: 1 }).whereIn("id", [...perTicket.keys()]);
  const unchanged = await live().where(asRead).update(changes);
  if (unchanged === perTicket.size) return { touched: unchanged, asRead: true };
  const changed = await live().whereNot(asRead).whereNot("tickets.updatedAt", now).update(changes);
  return { touched: unchanged + changed, asRead: false };
}
export {
  GroupCommit
};
