import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Contact, Message, Ticket } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { isUniqueViolation } from '../db/errors.js';
import { newTicketFields } from '../domains/tickets/lifecycle.js';
import { ticketViews, type TicketView } from '../domains/tickets/view.js';
import type { CachedConnection } from './connection-cache.js';
import { normalizeNumber } from '../util/phone.js';
import type { InboundMessage } from './provider.js';
import { inboundMessageFields, labelOf, type StoredMedia } from './inbound-fields.js';

/**
 * Group commit for the common inbound cases: a message from a known contact who already has a live
 * ticket on the connection, and the messages of a person writing for the first time. Messages of
 * one connection that arrive while a batch is being written wait for the next batch, which stores
 * them all at once: one contact read, then one transaction holding one UPDATE of the live tickets,
 * the new contacts and tickets (two multi-row INSERTs and their read-backs) and one multi-row
 * message INSERT; then one read of the messages and tickets back and the event payloads for the
 * batch. A burst of N messages costs about a dozen statements instead of eight or more each.
 *
 * Anything else (a known contact without a live ticket, whose pending rating may be answered; a
 * contact to rename or map to its @lid; a quoted reply; a ticket closed meanwhile; a failed batch)
 * is answered 'single' and takes the one-message path, which has its own race handling. The
 * unique keys stay the correctness guard for both paths.
 */
export type GroupOutcome =
  | { kind: 'stored'; contact: Contact; ticket: Ticket; message: Message; view: TicketView; isNewTicket: boolean }
  | { kind: 'duplicate' }
  | { kind: 'single' };

interface Pending {
  msg: InboundMessage;
  number: string;
  media: StoredMedia;
  resolve(outcome: GroupOutcome): void;
}

interface Lane { companyId: number; conn: CachedConnection; waiting: Pending[]; writing: boolean }

/** A batch is capped so its statements stay well under the databases' placeholder limits. */
const MAX_BATCH = 200;

class TicketsMoved extends Error {}

/**
 * A message the batch stores, matched to its contact and live ticket; for a first-time writer both
 * are opened inside the batch's transaction (`opens`: this message opens the ticket).
 */
interface Row { item: Pending; contact?: Contact; ticketId?: number; opens?: boolean }
type Stored = Row & { contact: Contact; ticketId: number };

export class GroupCommit {
  private lanes = new Map<number, Lane>();

  constructor(private readonly knex: Knex, private readonly onError: (err: unknown) => void) {}

  /** Stores `msg` with the messages arriving alongside it, or says it needs the one-message path. */
  submit(companyId: number, conn: CachedConnection, msg: InboundMessage, number: string, media: StoredMedia): Promise<GroupOutcome> {
    if (msg.quotedProviderId) return Promise.resolve({ kind: 'single' });
    const whatsappId = conn.whatsapp.id;
    let lane = this.lanes.get(whatsappId);
    if (!lane) { lane = { companyId, conn, waiting: [], writing: false }; this.lanes.set(whatsappId, lane); }
    lane.conn = conn;
    const outcome = new Promise<GroupOutcome>((resolve) => lane!.waiting.push({ msg, number, media, resolve }));
    // Started on the next turn, so the messages handed over in this one share the batch.
    if (!lane.writing) { lane.writing = true; setImmediate(() => void this.drain(whatsappId, lane!)); }
    return outcome;
  }

  private async drain(whatsappId: number, lane: Lane) {
    while (lane.waiting.length) {
      const batch = lane.waiting.splice(0, MAX_BATCH);
      try {
        await this.write(lane.companyId, lane.conn, batch);
      } catch (err) {
        // Whatever went wrong, nothing of the batch was committed: each message goes the single way.
        if (!isUniqueViolation(err)) this.onError(err);
        for (const item of batch) item.resolve({ kind: 'single' });
      }
    }
    lane.writing = false;
    if (!lane.waiting.length) this.lanes.delete(whatsappId);
  }

  private async write(companyId: number, conn: CachedConnection, batch: Pending[]) {
    const whatsappId = conn.whatsapp.id;
    const rows = await this.eligible(companyId, whatsappId, batch);
    if (!rows.length) return;

    const now = dbNow();
    const liveIds = [...new Set(rows.flatMap((r) => (r.ticketId ? [r.ticketId] : [])))];
    const committed = await this.knex.transaction(async (trx) => {
      const touched = rows.filter((r) => r.ticketId);
      if (touched.length && await touchTickets(trx, companyId, touched, now) !== liveIds.length) {
        // A ticket closed since the contact was read: roll back, the single path opens a new one.
        throw new TicketsMoved();
      }
      const newcomers = rows.filter((r) => !r.contact);
      if (newcomers.length) await openTickets(trx, companyId, whatsappId, newcomers, now);
      await trx('messages').insert((rows as Stored[]).map(({ item, contact, ticketId }) => Message.fromJson({
        ...inboundMessageFields(item.msg, item.media, { ticketId, contactId: contact.id, whatsappId }),
        companyId, createdAt: now, updatedAt: now,
      }, { skipValidation: true }).$toDatabaseJson()));
      return true;
    }).catch((err) => { if (err instanceof TicketsMoved) return false; throw err; });
    if (!committed) {
      for (const { item } of rows) item.resolve({ kind: 'single' });
      return;
    }
    await this.announce(companyId, conn, rows as Stored[]);
  }

  /** Reads the batch's messages and tickets back and hands each message its stored rows and ticket view. */
  private async announce(companyId: number, conn: CachedConnection, rows: Stored[]) {
    const ticketIds = [...new Set(rows.map((r) => r.ticketId))];
    const [messages, tickets] = await Promise.all([
      Message.scoped(companyId).where('whatsappId', conn.whatsapp.id).whereIn('providerId', rows.map((r) => r.item.msg.providerId)),
      Ticket.scoped(companyId).whereIn('id', ticketIds),
    ]);
    const contacts = [...new Map(rows.map((r) => [r.contact.id, r.contact] as const)).values()];
    const views = await ticketViews(companyId, tickets, { contacts, whatsapps: [conn.whatsapp], queues: conn.queues });
    const messageOf = new Map(messages.map((m) => [m.providerId, m] as const));
    const ticketOf = new Map(tickets.map((t) => [t.id, t] as const));
    const viewOf = new Map(views.map((v) => [v.id, v] as const));
    for (const { item, contact, ticketId, opens } of rows) {
      const message = messageOf.get(item.msg.providerId);
      const ticket = ticketOf.get(ticketId);
      const view = viewOf.get(ticketId);
      // Stored and committed: a missing read-back would be a bug, and the single path then finds the replay.
      item.resolve(message && ticket && view ? { kind: 'stored', contact, ticket, message, view, isNewTicket: !!opens } : { kind: 'single' });
    }
  }

  /**
   * Matches the batch to contacts and live tickets in one read; resolves at once the messages that
   * need the single path, and the second copy of an event delivered twice within the batch.
   * Replays of stored messages are not looked for: they are rare (after a reconnect), and the
   * unique key (whatsappId, providerId) fails the batch's INSERT, sending it the single way.
   */
  private async eligible(companyId: number, whatsappId: number, batch: Pending[]): Promise<Row[]> {
    const numbers = [...new Set(batch.map((p) => p.number))];
    const found = await Contact.scoped(companyId)
      .leftJoin('tickets', (j) => j.on('tickets.contactId', 'contacts.id')
        .andOn('tickets.whatsappId', this.knex.raw('?', [whatsappId]))
        .andOn('tickets.liveSlot', this.knex.raw('1')))
      .whereIn('contacts.number', numbers)
      .select('contacts.*', 'tickets.id as liveTicketId') as unknown as Array<Contact & { liveTicketId: number | null }>;
    const byNumber = new Map(found.map((row) => {
      const ticketId = row.liveTicketId ? Number(row.liveTicketId) : undefined;
      delete (row as Partial<typeof row>).liveTicketId;
      return [row.number, { contact: row as Contact, ticketId }] as const;
    }));
    const inBatch = new Set<string>();
    const opened = new Set<string>();
    const rows: Row[] = [];
    for (const item of batch) {
      const { msg } = item;
      if (inBatch.has(msg.providerId)) { item.resolve({ kind: 'duplicate' }); continue; }
      inBatch.add(msg.providerId);
      const known = byNumber.get(item.number);
      if (!known) {
        // A first-time writer; one known by an @lid only is the single path's to map.
        if (msg.lid) { item.resolve({ kind: 'single' }); continue; }
        rows.push({ item, opens: !opened.has(item.number) });
        opened.add(item.number);
        continue;
      }
      const lid = msg.lid ? normalizeNumber(msg.lid) || undefined : undefined;
      const renames = !msg.fromMe && !msg.isGroup && !!msg.pushName && known.contact.name === known.contact.number;
      if (!known.ticketId || renames || (lid && known.contact.lid !== lid)) { item.resolve({ kind: 'single' }); continue; }
      rows.push({ item, ...known });
    }
    return rows;
  }
}

/** What a batch does to one ticket: unread added, the newest message's label, whether the contact wrote. */
interface TicketTouch { unread: number; lastMessage: string; inbound: boolean }

function touchesByKey<K>(rows: Row[], keyOf: (row: Row) => K): Map<K, TicketTouch> {
  const touches = new Map<K, TicketTouch>();
  for (const row of rows) {
    const touch = touches.get(keyOf(row)) ?? { unread: 0, lastMessage: '', inbound: false };
    touch.unread += row.item.msg.fromMe ? 0 : 1;
    touch.lastMessage = labelOf(row.item.msg, row.item.media.file);
    touch.inbound ||= !row.item.msg.fromMe;
    touches.set(keyOf(row), touch);
  }
  return touches;
}

/**
 * Contacts and live tickets for the batch's first-time writers, two multi-row INSERTs read back by
 * their unique keys; fills in each row's contact and ticket. A person created meanwhile by another
 * path fails the INSERT on contacts(companyId, number): the batch then goes the single way.
 */
async function openTickets(trx: Knex.Transaction, companyId: number, whatsappId: number, rows: Row[], now: string) {
  const firsts = new Map<string, InboundMessage>();
  for (const { item } of rows) if (!firsts.has(item.number)) firsts.set(item.number, item.msg);
  await trx('contacts').insert([...firsts].map(([number, msg]) => Contact.fromJson({
    companyId, uuid: randomUUID(), number, lid: null, isGroup: msg.isGroup, whatsappId,
    name: (!msg.fromMe && !msg.isGroup && msg.pushName) || number, createdAt: now, updatedAt: now,
  }, { skipValidation: true }).$toDatabaseJson()));
  const contacts = await Contact.scoped(companyId).transacting(trx).whereIn('number', [...firsts.keys()]);
  const contactOf = new Map(contacts.map((c) => [c.number, c] as const));

  const touches = touchesByKey(rows, (r) => r.item.number);
  await trx('tickets').insert(contacts.map((contact) => {
    const touch = touches.get(contact.number)!;
    return Ticket.fromJson({
      companyId, ...newTicketFields({
        contactId: contact.id, whatsappId, isGroup: contact.isGroup, unreadMessages: touch.unread, lastMessage: touch.lastMessage,
        lastInboundAt: touch.inbound ? now : null,
      }), createdAt: now, updatedAt: now,
    }, { skipValidation: true }).$toDatabaseJson();
  }));
  const tickets = await trx('tickets').where({ companyId, whatsappId, liveSlot: 1 }).whereIn('contactId', contacts.map((c) => c.id)).select('id', 'contactId');
  const ticketOf = new Map(tickets.map((t: { id: number; contactId: number }) => [Number(t.contactId), Number(t.id)] as const));
  for (const row of rows) {
    row.contact = contactOf.get(row.item.number)!;
    row.ticketId = ticketOf.get(row.contact.id)!;
  }
}

/**
 * One UPDATE for every live ticket of the batch (unread count, last message, activity times), each
 * only while it is still live. Returns how many tickets it changed.
 */
async function touchTickets(trx: Knex.Transaction, companyId: number, rows: Row[], now: string): Promise<number> {
  const perTicket = touchesByKey(rows, (r) => r.ticketId!);
  /** `CASE id WHEN … THEN … ELSE column END` over the tickets `which` selects. */
  const byTicket = (column: string, value: (t: TicketTouch) => Knex.Value, which: (t: TicketTouch) => boolean = () => true) => {
    const whens = [...perTicket].filter(([, t]) => which(t));
    if (!whens.length) return trx.raw('??', [column]);
    return trx.raw(`CASE ?? ${whens.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ?? END`, ['id', ...whens.flatMap(([id, t]) => [id, value(t)]), column]);
  };
  return trx('tickets').where({ companyId, liveSlot: 1 }).whereIn('id', [...perTicket.keys()]).update({
    unreadMessages: trx.raw('?? + ?', ['unreadMessages', byTicket('unreadMessages', (t) => t.unread, (t) => t.unread > 0)]),
    lastMessage: byTicket('lastMessage', (t) => t.lastMessage),
    lastInboundAt: byTicket('lastInboundAt', () => now, (t) => t.inbound),
    updatedAt: now,
  });
}
