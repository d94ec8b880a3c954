import type { Knex } from 'knex';
import { randomUUID } from 'node:crypto';
import { Contact, Message, Ticket } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { isUniqueViolation } from '../db/errors.js';
import { columnsOf, insertReturning, jsonArrayOf, parseJsonArray } from '../db/returning.js';
import { newTicketFields } from '../domains/tickets/lifecycle.js';
import { ticketViews, type TicketView } from '../domains/tickets/view.js';
import type { CachedConnection } from './connection-cache.js';
import { normalizeNumber } from '../util/phone.js';
import type { InboundMessage } from './provider.js';
import { inboundMessageFields, labelOf, sentAt, type StoredMedia } from './inbound-fields.js';

/**
 * Group commit for the common inbound cases: a message from a known contact who already has a live
 * ticket on the connection, and the messages of a person writing for the first time. Messages of
 * one connection that arrive while a batch is being written wait for the next batch, which stores
 * them all at once: one read of the contacts with their live tickets (whole) and those tickets' tags,
 * then one transaction holding one UPDATE of the live tickets, the new contacts and tickets (two
 * multi-row INSERTs and their read-backs) and one multi-row message INSERT that returns the stored
 * rows. The event payloads are built from what the batch read and wrote, not read again. A
 * steady-state message alone costs five statements (read, BEGIN, UPDATE, INSERT, COMMIT); a burst of
 * N about as many in all. (MySQL has no INSERT … RETURNING: there the messages are read back.)
 *
 * The responder chain is asked before the write whether any responder could act on each message from
 * the contact (`passes`, in memory); the message is stored marked so (botPassed) and gets no turn, and
 * the chain spends no statement on it (a turn that meets it later asks again).
 *
 * The views are built from the tickets as read when the UPDATE finds them unchanged (touchTickets);
 * tickets another writer touched in between are read back after the commit, and a ticket closed
 * meanwhile rolls the batch back to be read and written again. The UPDATE comes before the message
 * INSERT, as on every path that writes a ticket's messages: the ticket's row lock is taken first, and
 * the INSERT's foreign-key lock on the same row cannot deadlock with another writer.
 *
 * Anything else (a known contact without a live ticket, whose pending rating may be answered; a
 * contact to rename or map to its @lid; a quoted reply; a failed batch) is answered 'single' and takes
 * the one-message path, which has its own race handling. The unique keys stay the correctness guard
 * for both paths.
 */
export type GroupOutcome =
  | { kind: 'stored'; contact: Contact; ticket: Ticket; message: Message; view: TicketView; isNewTicket: boolean; passed: boolean }
  | { kind: 'duplicate' }
  | { kind: 'single' };

/** Whether no responder could act on a message past its ticket's first (the responder chain's `passes`). */
export type PassesCheck = (companyId: number, ticket: Ticket, message: Message) => Promise<boolean>;

interface Pending {
  msg: InboundMessage;
  number: string;
  media: StoredMedia;
  resolve(outcome: GroupOutcome): void;
}

interface Lane { companyId: number; conn: CachedConnection; waiting: Pending[]; writing: boolean }

type DbRow = Record<string, unknown>;
/** What a batch's transaction wrote: the tickets it opened, the messages as stored (null: not returned), and whether
 * the live tickets were changed as read. */
interface Written { opened: DbRow[]; messages: DbRow[] | null; asRead: boolean }
interface TagRef { id: number; name: string; color: string }

/** A live ticket as the batch read it: its row as stored, and its tags. */
interface LiveTicket { stored: DbRow; tags: TagRef[] }

/** A batch is capped so its statements stay well under the databases' placeholder limits. */
const MAX_BATCH = 200;
/** Reads and writes of a batch whose tickets keep being closed under it, before it goes the single way. */
const WRITE_ATTEMPTS = 3;
/** The prefix of the live ticket's columns in the contacts read. */
const TICKET = 't__';

class TicketsMoved extends Error {}

/**
 * A message the batch stores, matched to its contact and live ticket; for a first-time writer both
 * are opened inside the batch's transaction (`opens`: this message opens the ticket). `passes`: no
 * responder could act on it, so the ticket's UPDATE moves the cursor past it.
 */
interface Row { item: Pending; contact?: Contact; ticketId?: number; live?: LiveTicket; opens?: boolean; passes?: boolean }
type Stored = Row & { contact: Contact; ticketId: number };

export class GroupCommit {
  private lanes = new Map<number, Lane>();

  constructor(private readonly knex: Knex, private readonly onError: (err: unknown) => void, private readonly passes?: PassesCheck) {}

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

  /**
   * Writes the batch; when one of its tickets was closed between the read and the UPDATE, reads and writes again, a
   * few times, before its messages go the single way (which would lose the order of a burst's messages).
   */
  private async write(companyId: number, conn: CachedConnection, batch: Pending[]) {
    let items = batch;
    for (let attempt = 1; ; attempt++) {
      const rows = await this.eligible(companyId, conn.whatsapp.id, items);
      if (!rows.length) return;
      if (await this.writeRows(companyId, conn, rows)) return;
      items = rows.map((r) => r.item);
      if (attempt === WRITE_ATTEMPTS) {
        for (const item of items) item.resolve({ kind: 'single' });
        return;
      }
    }
  }

  /** One attempt: false when a ticket was closed since the read (nothing written). */
  private async writeRows(companyId: number, conn: CachedConnection, rows: Row[]): Promise<boolean> {
    const whatsappId = conn.whatsapp.id;
    await this.askResponders(companyId, whatsappId, rows);

    const now = dbNow();
    const written = await this.knex.transaction(async (trx) => {
      // The live tickets first: their row locks serialise this batch with the other writers of those tickets.
      const live = rows.filter((r) => r.live);
      const { touched, asRead } = live.length ? await touchTickets(trx, companyId, live, now) : { touched: 0, asRead: true };
      // A ticket closed since the batch read it: roll back, and read again (write).
      if (touched !== new Set(live.map((r) => r.ticketId)).size) throw new TicketsMoved();
      const newcomers = rows.filter((r) => !r.contact);
      const opened = newcomers.length ? await openTickets(trx, companyId, whatsappId, newcomers, now) : [];
      const messages = await insertReturning(trx, 'messages', (rows as Stored[]).map(({ item, contact, ticketId, passes }) => ({
        ...Message.fromJson({
          ...inboundMessageFields(item.msg, item.media, { ticketId, contactId: contact.id, whatsappId }),
          companyId, createdAt: sentAt(item.msg.timestamp, now), updatedAt: now,
        }, { skipValidation: true }).$toDatabaseJson(),
        botPassed: passes ? 1 : 0,
      })));
      return { opened, messages, asRead };
    }).catch((err) => { if (err instanceof TicketsMoved) return null; throw err; });
    if (!written) return false;
    await this.announce(companyId, conn, rows as Stored[], written, now);
    return true;
  }

  /**
   * Asks the responder chain, before anything is written, whether any responder could act on each message from
   * the contact on a live ticket. A passed message behind one still waiting for its turn is met by that turn,
   * which asks again (it may have given the ticket to a responder).
   */
  private async askResponders(companyId: number, whatsappId: number, rows: Row[]) {
    if (!this.passes) return;
    const tickets = new Map<number, Ticket>();
    for (const row of rows) {
      const { item, live, contact, ticketId } = row;
      if (!live || !contact || !ticketId || item.msg.fromMe || item.msg.kind === 'call_log') continue;
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
  private async announce(companyId: number, conn: CachedConnection, rows: Stored[], written: Written, now: string) {
    const { opened, messages: inserted, asRead } = written;
    const liveIds = [...new Set(rows.filter((r) => r.live).map((r) => r.ticketId))];
    // A ticket whose first contact message had not been dealt with when the batch read it (cursor 0): its messages
    // were not passed (the chain decides after the commit), and the cursor that decision needs may have moved since.
    const unsettled = [...new Set(rows.filter((r) => r.live && !r.passes && !Number(r.live.stored.botCursor)).map((r) => r.ticketId))];
    const [stored, fresh, cursors] = await Promise.all([
      inserted ?? this.knex('messages').where({ companyId, whatsappId: conn.whatsapp.id }).whereIn('providerId', rows.map((r) => r.item.msg.providerId)) as Promise<DbRow[]>,
      // Another writer changed a live ticket meanwhile: those are read back.
      asRead ? null : Ticket.scoped(companyId).whereIn('id', liveIds),
      asRead && unsettled.length ? Ticket.scoped(companyId).whereIn('id', unsettled).select('id', 'botCursor') : [],
    ]);
    const messageOf = new Map(stored.map((m) => [String(m.providerId), Message.fromDatabaseJson(m)] as const));
    const touches = touchesByKey(rows.filter((r) => r.live), (r) => r.ticketId);
    const tickets = new Map<number, Ticket>();
    const tagsOf = new Map<number, TagRef[]>();
    for (const ticket of fresh ?? []) tickets.set(ticket.id, ticket);
    for (const row of rows) {
      if (!row.live || tickets.has(row.ticketId)) continue;
      const touch = touches.get(row.ticketId)!;
      tickets.set(row.ticketId, Ticket.fromDatabaseJson({ ...row.live.stored, ...touchedColumns(row.live.stored, touch, now) }));
      tagsOf.set(row.ticketId, row.live.tags);
    }
    for (const { id, botCursor } of cursors) tickets.get(id)!.botCursor = botCursor;
    for (const ticket of opened) {
      tickets.set(Number(ticket.id), Ticket.fromDatabaseJson(ticket));
      tagsOf.set(Number(ticket.id), []);
    }
    const contacts = [...new Map(rows.map((r) => [r.contact.id, r.contact] as const)).values()];
    const views = await ticketViews(companyId, [...tickets.values()], { contacts, whatsapps: [conn.whatsapp], queues: conn.queues, tags: tagsOf });
    const viewOf = new Map(views.map((v) => [v.id, v] as const));
    for (const { item, contact, ticketId, opens, passes } of rows) {
      const message = messageOf.get(item.msg.providerId);
      const ticket = tickets.get(ticketId);
      const view = viewOf.get(ticketId);
      // Stored and committed: a missing row would be a bug, and the single path then finds the replay.
      item.resolve(message && ticket && view
        ? { kind: 'stored', contact, ticket, message, view, isNewTicket: !!opens, passed: !!passes }
        : { kind: 'single' });
    }
  }

  /**
   * Matches the batch to contacts and live tickets in one read (each live ticket whole, with its tags); resolves
   * at once the messages that need the single path, and the second copy of an event delivered twice within the
   * batch. Replays of stored messages are not looked for: they are rare (after a reconnect), and the unique key
   * (whatsappId, providerId) fails the batch's INSERT, sending it the single way.
   */
  private async eligible(companyId: number, whatsappId: number, batch: Pending[]): Promise<Row[]> {
    const numbers = [...new Set(batch.map((p) => p.number))];
    const ticketColumns = await columnsOf(this.knex, 'tickets');
    const tags = jsonArrayOf(this.knex, { id: 'tags.id', name: 'tags.name', color: 'tags.color' });
    const found = await (Contact.scoped(companyId)
      .leftJoin('tickets', (j) => j.on('tickets.contactId', 'contacts.id')
        .andOn('tickets.whatsappId', this.knex.raw('?', [whatsappId]))
        .andOn('tickets.liveSlot', this.knex.raw('1')))
      .whereIn('contacts.number', numbers)
      .select('contacts.*', ...ticketColumns.map((c) => `tickets.${c} as ${TICKET}${c}`),
        this.knex.raw(`(SELECT ${tags} FROM ?? JOIN ?? ON ?? = ?? WHERE ?? = ? AND ?? = ??) AS ??`,
          ['ticketTags', 'tags', 'tags.id', 'ticketTags.tagId', 'ticketTags.companyId', companyId, 'ticketTags.ticketId', 'tickets.id', `${TICKET}tags`]))
      .toKnexQuery() as unknown as Promise<DbRow[]>);
    const byNumber = new Map(found.map((row) => {
      const contact: DbRow = {};
      const ticket: DbRow = {};
      for (const key in row) {
        if (key.startsWith(TICKET)) ticket[key.slice(TICKET.length)] = row[key];
        else contact[key] = row[key];
      }
      const tagList = parseJsonArray<TagRef>(ticket.tags);
      delete ticket.tags;
      const live = ticket.id === null || ticket.id === undefined ? undefined : { stored: ticket, tags: tagList };
      return [String(row.number), { contact: Contact.fromDatabaseJson(contact), live }] as const;
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
      if (!known.live || renames || (lid && known.contact.lid !== lid)) { item.resolve({ kind: 'single' }); continue; }
      rows.push({ item, contact: known.contact, ticketId: Number(known.live.stored.id), live: known.live });
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
  const tickets = await trx('tickets').where({ companyId, whatsappId, liveSlot: 1 }).whereIn('contactId', contacts.map((c) => c.id)) as DbRow[];
  const ticketOf = new Map(tickets.map((t) => [Number(t.contactId), Number(t.id)] as const));
  for (const row of rows) {
    row.contact = contactOf.get(row.item.number)!;
    row.ticketId = ticketOf.get(row.contact.id)!;
  }
  return tickets;
}

/** The columns a batch's messages change on a live ticket, as stored. */
function touchedColumns(stored: DbRow, touch: TicketTouch, now: string): DbRow {
  return {
    unreadMessages: Number(stored.unreadMessages ?? 0) + touch.unread, lastMessage: touch.lastMessage,
    ...(touch.inbound ? { lastInboundAt: now } : {}), updatedAt: now,
  };
}

/**
 * The live tickets' UPDATE: unread count, last message and activity times. Those the batch read are changed by one
 * UPDATE that matches each only as read (its `updatedAt`, which every write of a shown column sets, its unread count,
 * status and number of tags), so the views built from what was read are true. When another writer touched one of
 * them in between, a second UPDATE changes those, and the caller reads them back (`asRead` false). Each ticket is
 * changed only while it is live: `touched` counts them.
 */
async function touchTickets(trx: Knex.Transaction, companyId: number, rows: Row[], now: string): Promise<{ touched: number; asRead: boolean }> {
  const perTicket = touchesByKey(rows, (r) => r.ticketId!);
  const liveOf = new Map(rows.map((r) => [r.ticketId!, r.live!] as const));
  /** `CASE id WHEN … THEN … ELSE otherwise END` over the tickets `which` selects. */
  const byTicket = (value: (t: TicketTouch) => Knex.Value, otherwise: Knex.Raw, which: (t: TicketTouch) => boolean = () => true) => {
    const whens = [...perTicket].filter(([, touch]) => which(touch));
    if (!whens.length) return otherwise;
    return trx.raw(`CASE ?? ${whens.map(() => 'WHEN ? THEN ?').join(' ')} ELSE ? END`, ['id', ...whens.flatMap(([id, touch]) => [id, value(touch)]), otherwise]);
  };
  const changes = {
    unreadMessages: trx.raw('?? + ?', ['unreadMessages', byTicket((t) => t.unread, trx.raw('0'), (t) => t.unread > 0)]),
    lastMessage: byTicket((t) => t.lastMessage, trx.raw('??', ['lastMessage'])),
    lastInboundAt: byTicket(() => now, trx.raw('??', ['lastInboundAt']), (t) => t.inbound),
    updatedAt: now,
  };
  const asRead = (q: Knex.QueryBuilder) => {
    for (const [id, { stored, tags }] of liveOf) {
      q.orWhere((same) => same.where('tickets.id', id).where('tickets.updatedAt', stored.updatedAt as string)
        .where('tickets.unreadMessages', Number(stored.unreadMessages)).where('tickets.status', stored.status as string)
        .whereRaw('(SELECT COUNT(*) FROM ?? WHERE ?? = ? AND ?? = ??) = ?', ['ticketTags', 'ticketTags.companyId', companyId, 'ticketTags.ticketId', 'tickets.id', tags.length]));
    }
  };
  const live = () => trx('tickets').where({ companyId, liveSlot: 1 }).whereIn('id', [...perTicket.keys()]);
  const unchanged = await live().where(asRead).update(changes);
  if (unchanged === perTicket.size) return { touched: unchanged, asRead: true };
  // Not those the first UPDATE changed (their updatedAt is now `now`): a ticket another writer also stamped with
  // this very millisecond is left out, and the count then sends the batch round again.
  const changed = await live().whereNot(asRead).whereNot('tickets.updatedAt', now).update(changes);
  return { touched: unchanged + changed, asRead: false };
}
