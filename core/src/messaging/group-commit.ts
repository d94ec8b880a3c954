import type { Knex } from 'knex';
import { Contact, Message, Ticket } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { isUniqueViolation } from '../db/errors.js';
import { ticketViews, type TicketView } from '../domains/tickets/view.js';
import type { CachedConnection } from './connection-cache.js';
import { normalizeNumber } from '../util/phone.js';
import type { InboundMessage } from './provider.js';
import { inboundMessageFields, labelOf, type StoredMedia } from './inbound-fields.js';

/**
 * Group commit for the common inbound case: a message from a known contact who already has a live
 * ticket on the connection. Messages of one connection that arrive while a batch is being written
 * wait for the next batch, which stores them all at once: one contact read, one transaction
 * holding one ticket UPDATE and one multi-row message INSERT, then one read of each back and the
 * event payloads for the batch. A burst of N messages costs about nine statements instead of eight
 * per message.
 *
 * Anything else (a new contact or ticket, a contact to rename or map to its @lid, a quoted reply,
 * a ticket closed meanwhile, a failed batch) is answered 'single' and takes the one-message path,
 * which has its own race handling. The unique keys stay the correctness guard for both paths.
 */
export type GroupOutcome =
  | { kind: 'stored'; contact: Contact; ticket: Ticket; message: Message; view: TicketView }
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

/** Eligible messages of a batch, matched to their contact and live ticket. */
interface Row { item: Pending; contact: Contact; ticketId: number }

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
    const ticketIds = [...new Set(rows.map((r) => r.ticketId))];
    const committed = await this.knex.transaction(async (trx) => {
      const changed = await touchTickets(trx, companyId, rows, now);
      // A ticket closed since the contact was read: roll back, the single path opens a new one.
      if (changed !== ticketIds.length) throw new TicketsMoved();
      await trx('messages').insert(rows.map(({ item, contact, ticketId }) => Message.fromJson({
        ...inboundMessageFields(item.msg, item.media, { ticketId, contactId: contact.id, whatsappId }),
        companyId, createdAt: now, updatedAt: now,
      }, { skipValidation: true }).$toDatabaseJson()));
      return true;
    }).catch((err) => { if (err instanceof TicketsMoved) return false; throw err; });
    if (!committed) {
      for (const { item } of rows) item.resolve({ kind: 'single' });
      return;
    }

    const [messages, tickets] = await Promise.all([
      Message.scoped(companyId).where('whatsappId', whatsappId).whereIn('providerId', rows.map((r) => r.item.msg.providerId)),
      Ticket.scoped(companyId).whereIn('id', ticketIds),
    ]);
    const contacts = [...new Map(rows.map((r) => [r.contact.id, r.contact] as const)).values()];
    const views = await ticketViews(companyId, tickets, { contacts, whatsapps: [conn.whatsapp], queues: conn.queues });
    const messageOf = new Map(messages.map((m) => [m.providerId, m] as const));
    const ticketOf = new Map(tickets.map((t) => [t.id, t] as const));
    const viewOf = new Map(views.map((v) => [v.id, v] as const));
    for (const { item, contact, ticketId } of rows) {
      const message = messageOf.get(item.msg.providerId);
      const ticket = ticketOf.get(ticketId);
      const view = viewOf.get(ticketId);
      item.resolve(message && ticket && view ? { kind: 'stored', contact, ticket, message, view } : { kind: 'single' });
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
      .join('tickets', (j) => j.on('tickets.contactId', 'contacts.id')
        .andOn('tickets.whatsappId', this.knex.raw('?', [whatsappId]))
        .andOn('tickets.liveSlot', this.knex.raw('1')))
      .whereIn('contacts.number', numbers)
      .select('contacts.*', 'tickets.id as liveTicketId') as unknown as Array<Contact & { liveTicketId: number }>;
    const byNumber = new Map(found.map((row) => {
      const ticketId = Number(row.liveTicketId);
      delete (row as Partial<typeof row>).liveTicketId;
      return [row.number, { contact: row as Contact, ticketId }] as const;
    }));
    const inBatch = new Set<string>();
    const rows: Row[] = [];
    for (const item of batch) {
      const { msg } = item;
      if (inBatch.has(msg.providerId)) { item.resolve({ kind: 'duplicate' }); continue; }
      inBatch.add(msg.providerId);
      const known = byNumber.get(item.number);
      const lid = msg.lid ? normalizeNumber(msg.lid) || undefined : undefined;
      const renames = !msg.fromMe && !msg.isGroup && !!msg.pushName && known?.contact.name === known?.contact.number;
      if (!known || renames || (lid && known.contact.lid !== lid)) { item.resolve({ kind: 'single' }); continue; }
      rows.push({ item, ...known });
    }
    return rows;
  }
}

/**
 * One UPDATE for every ticket of the batch (unread count, last message, activity times), each
 * only while it is still live. Returns how many tickets it changed.
 */
async function touchTickets(trx: Knex.Transaction, companyId: number, rows: Row[], now: string): Promise<number> {
  const perTicket = new Map<number, { unread: number; lastMessage: string; inbound: boolean }>();
  for (const { item, ticketId } of rows) {
    const entry = perTicket.get(ticketId) ?? { unread: 0, lastMessage: '', inbound: false };
    entry.unread += item.msg.fromMe ? 0 : 1;
    entry.lastMessage = labelOf(item.msg, item.media.file);
    entry.inbound ||= !item.msg.fromMe;
    perTicket.set(ticketId, entry);
  }
  type Touch = { unread: number; lastMessage: string; inbound: boolean };
  /** `CASE id WHEN … THEN … ELSE column END` over the tickets `which` selects. */
  const byTicket = (column: string, value: (t: Touch) => Knex.Value, which: (t: Touch) => boolean = () => true) => {
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
