import { raw } from 'objection';
import { randomUUID } from 'node:crypto';
import { Contact, ContactCustomField, Message, Ticket } from '../db/models/index.js';
import { contactNumberOfIdentity, numberOfIdentity } from './identities.js';
import { dbNow } from '../db/time.js';
import { newTicketFields, publishTicket } from '../domains/tickets/lifecycle.js';
import { takeRatingAnswer } from '../domains/tickets/rating.js';
import { normalizeNumber } from '../util/phone.js';
import { ticketView, type TicketView } from '../domains/tickets/view.js';
import type { CachedConnection } from './connection-cache.js';
import { isUniqueViolation, RetryTransaction, withRetries } from '../db/errors.js';
import type { ConnectionRef, InboundCall, InboundHandler, PipelineDeps } from './deps.js';
import { messageJson, withReactions } from './message-view.js';
import { editWithHistory, refreshLastMessage } from './message-history.js';
import { inboundMessageFields, labelOf, sentAt, type StoredMedia } from './inbound-fields.js';
import { GroupCommit, type PassesCheck } from './group-commit.js';
import { autoReopenMinutes, reopenRecentlyClosed } from './auto-reopen.js';
import type { InboundMessage, PresenceUpdate } from './provider.js';
import { JobQueueUnavailableError } from '../jobs/types.js';
import { diskFull } from '../storage/index.js';

export interface InboundOptions {
  /**
   * A message from the contact was committed: its turn in the responder chain, as a durable job
   * (resolves once the job is stored; the bots answer later, never on this path).
   */
  respond(input: { companyId: number; ticketId: number; messageId: number; ticket?: Ticket; message?: Message; isNewTicket?: boolean }): Promise<void>;
  /**
   * Whether no responder could act on a message past its ticket's first, asked before a batch stores it: such a
   * message moves the ticket's responder cursor in the batch's own UPDATE and is not handed to `respond`.
   */
  passes?: PassesCheck;
  /** A new live ticket was opened (inactivity jobs). */
  onNewTicket?(companyId: number, ticket: Ticket, conn: CachedConnection): Promise<void>;
  /** Sends a plain text on a ticket (call notices). */
  notify(companyId: number, ticket: Ticket, contact: Contact, body: string): Promise<void>;
}

class DuplicateMessage extends Error {}

/**
 * The inbound pipeline. A message from a known contact with a live ticket, or from a first-time writer, goes
 * through the group commit (group-commit.ts): in steady state one read (contact, live ticket, its tags), then
 * BEGIN, one UPDATE of the ticket, one INSERT of the message returning its row, COMMIT: 5 statements, the
 * responder chain's included when no responder could act on it. The rest (a quoted reply, a contact to rename or
 * map to its @lid, a rating answer) takes the single path below. Settings, the connection, its queues and the
 * company's hours come from in-process caches.
 *
 * Correctness comes from the database's unique keys, not from pre-checks: messages(whatsappId,
 * providerId) makes a replay store nothing; contacts(companyId, number|lid) makes one person one
 * contact; tickets_live_contact_unique makes one live ticket per contact and connection. A lost race
 * re-reads (contacts) or retries the transaction with a fresh snapshot (tickets).
 */
export function createInboundHandler(deps: PipelineDeps, options: InboundOptions): InboundHandler {
  const { knex, log } = deps;
  const groupCommit = new GroupCommit(knex, (err) => log.warn({ err }, 'inbound batch not stored together; storing its messages one by one'), options.passes);

  /** The contact by number or @lid, with the id of its live ticket on this connection, in one read. */
  async function lookup(companyId: number, whatsappId: number, number: string, lid?: string) {
    const rows = await Contact.scoped(companyId)
      .leftJoin('tickets', (j) => j.on('tickets.contactId', 'contacts.id')
        .andOn('tickets.whatsappId', knex.raw('?', [whatsappId]))
        .andOn('tickets.liveSlot', knex.raw('1')))
      .where((q) => { q.where('contacts.number', number); if (lid) q.orWhere('contacts.lid', lid); })
      .select('contacts.*', 'tickets.id as liveTicketId')
      .limit(2) as Array<Contact & { liveTicketId: number | null }>;
    // A number match wins over a lid match (two rows only while a lid is being mapped).
    const row = rows.find((r) => r.number === number) ?? rows[0];
    if (!row) return undefined;
    const liveTicketId = row.liveTicketId ? Number(row.liveTicketId) : null;
    delete (row as Partial<typeof row>).liveTicketId;
    return { contact: row as Contact, liveTicketId };
  }

  async function resolveContact(companyId: number, whatsappId: number, msg: InboundMessage, number: string) {
    const lid = msg.lid ? normalizeNumber(msg.lid) || undefined : undefined;
    const found = await lookup(companyId, whatsappId, number, lid);
    if (found) {
      const patch: Partial<Contact> = {};
      if (lid && !found.contact.lid) patch.lid = lid;
      if (!msg.fromMe && !msg.isGroup && msg.pushName && found.contact.name === found.contact.number) patch.name = msg.pushName;
      if (Object.keys(patch).length) {
        // A lid already mapped to another row is left alone: the number row stays the contact.
        await found.contact.$query().patch(patch).catch((err) => { if (!isUniqueViolation(err)) throw err; });
        Object.assign(found.contact, patch);
      }
      return found;
    }
    try {
      const contact = await Contact.scoped(companyId).insertAndFetch({
        uuid: randomUUID(), number, lid: lid ?? null, isGroup: msg.isGroup, whatsappId,
        name: (!msg.fromMe && !msg.isGroup && msg.pushName) || number,
      } as Partial<Contact>);
      return { contact, liveTicketId: null };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Another message of the same person created it first: read theirs.
      const winner = await lookup(companyId, whatsappId, number, lid);
      if (!winner) throw err;
      return winner;
    }
  }

  async function saveMedia(companyId: number, msg: InboundMessage): Promise<StoredMedia> {
    if (!msg.media) return {};
    try {
      const data = typeof msg.media.data === 'function' ? await msg.media.data() : msg.media.data;
      const ext = msg.media.mimetype.split('/')[1]?.split(';')[0] ?? 'bin';
      const file = await deps.storage.save(companyId, data, { filename: msg.media.filename ?? `${msg.kind}-${msg.providerId}.${ext}`, mimetype: msg.media.mimetype.split(';')[0] });
      return { file };
    } catch (err) {
      log.warn({ err, providerId: msg.providerId }, 'inbound media not stored');
      return { error: (err as { code?: string }).code ?? 'ERR_WAPP_DOWNLOAD_MEDIA' };
    }
  }

  async function store(companyId: number, whatsappId: number, msg: InboundMessage, number: string, media: StoredMedia) {
    const { contact, liveTicketId } = await resolveContact(companyId, whatsappId, msg, number);
    const reopenMinutes = autoReopenMinutes(await deps.settings.get(companyId, 'autoReopenTimeout'));
    return knex.transaction(async (trx) => {
      const now = dbNow();
      const lastMessage = labelOf(msg, media.file);
      const unread = msg.fromMe ? 0 : 1;
      let ticket: Ticket | undefined;
      let isNewTicket = false;
      let rated: Ticket | undefined;
      let reopenedTicket = false;
      if (liveTicketId) {
        // The row lock taken here serialises concurrent messages of one ticket (no FK-lock deadlock).
        const touched = await Ticket.scoped(companyId).transacting(trx).where({ id: liveTicketId, liveSlot: 1 }).patch({
          unreadMessages: raw('?? + ?', ['unreadMessages', unread]), lastMessage, updatedAt: now,
          ...(msg.fromMe ? {} : { lastInboundAt: now }),
        } as unknown as Partial<Ticket>);
        if (!touched) throw new RetryTransaction('the live ticket was closed meanwhile');
      } else {
        // A closed ticket's rating question may be waiting: this message answers it, or the contact moved on.
        const answered = !msg.fromMe && !msg.isGroup ? await takeRatingAnswer(companyId, contact.id, whatsappId, msg.body, trx, deps.clock) : undefined;
        const reopened = !answered && !msg.fromMe && !msg.isGroup
          ? await reopenRecentlyClosed(trx, { companyId, contactId: contact.id, whatsappId, minutes: reopenMinutes, now, activity: { lastMessage, updatedAt: now, lastInboundAt: now } })
          : undefined;
        if (answered || reopened) {
          // Either way a change of a closed ticket, announced as an update from what it was.
          ticket = (answered ?? reopened)!.ticket;
          rated = (answered ?? reopened)!.before;
          reopenedTicket = !!reopened;
        } else {
          try {
            ticket = await Ticket.scoped(companyId).transacting(trx).insert(newTicketFields({
              contactId: contact.id, whatsappId, isGroup: msg.isGroup, unreadMessages: unread, lastMessage,
              ...(msg.fromMe ? {} : { lastInboundAt: now }),
            }));
            isNewTicket = true;
          } catch (err) {
            if (isUniqueViolation(err)) throw new RetryTransaction('another message opened the ticket first');
            throw err;
          }
        }
      }
      const ticketId = ticket?.id ?? liveTicketId!;
      const quoted = msg.quotedProviderId
        ? await Message.scoped(companyId).transacting(trx).where({ whatsappId, providerId: msg.quotedProviderId }).select('id').first()
        : undefined;
      let message: Message;
      try {
        message = await Message.scoped(companyId).transacting(trx).insert({
          ...inboundMessageFields(msg, media, { ticketId, contactId: contact.id, whatsappId }), quotedMsgId: quoted?.id ?? null,
          createdAt: sentAt(msg.timestamp, dbNow()),
        } as Partial<Message>);
      } catch (err) {
        if (isUniqueViolation(err)) throw new DuplicateMessage();
        throw err;
      }
      if (!ticket) ticket = await Ticket.scoped(companyId).transacting(trx).findById(ticketId);
      return { contact, ticket: ticket!, message, isNewTicket, rated, reopened: reopenedTicket };
    });
  }

  async function onMessage(conn: ConnectionRef, msg: InboundMessage) {
    // Refused before anything is written when the data folder is nearly full: the sender delivers it again later.
    if (deps.storage.spaceLow?.()) throw diskFull();
    const { companyId, whatsappId } = conn;
    const cached = await deps.connections.get(companyId, whatsappId);
    if (!cached) return log.warn({ whatsappId }, 'inbound message for an unknown connection');
    const settings = await deps.settings.all(companyId);
    // CheckMsgIsGroup enabled: group conversations are ignored.
    if (msg.isGroup && settings.get('CheckMsgIsGroup') !== 'disabled') return;
    if (msg.kind === 'edit' || msg.kind === 'delete' || msg.kind === 'reaction') return applyToTarget(companyId, whatsappId, msg);
    // An opaque-addressed channel (a chat id) keys its sender by identity; a phone one, as ever, by number.
    const opaque = deps.providers?.capabilities(cached.whatsapp.provider)?.addressing === 'opaque';
    const number = opaque ? await opaqueSender(companyId, whatsappId, cached.whatsapp.provider, msg) : normalizeNumber(msg.from);
    if (!number) return log.warn({ from: msg.from }, 'inbound message without a usable sender');

    const media = await saveMedia(companyId, msg);
    let stored: Awaited<ReturnType<typeof store>> & { view?: TicketView };
    try {
      const grouped = await groupCommit.submit(companyId, cached, msg, number, media);
      if (grouped.kind === 'duplicate') throw new DuplicateMessage();
      stored = grouped.kind === 'stored'
        ? { ...grouped, rated: undefined, reopened: false }
        : await withRetries(() => store(companyId, whatsappId, msg, number, media));
    } catch (err) {
      if (media.file) await deps.storage.remove(media.file.key).catch(() => undefined);
      // A replay: stored once already. Its turn is asked for again (a no-op if it was answered), in
      // case the process that stored it died before the job was written.
      if (err instanceof DuplicateMessage) return msg.fromMe ? undefined : respondToReplay(companyId, whatsappId, msg.providerId);
      throw err;
    }
    const { contact, ticket, message, isNewTicket, rated, reopened } = stored;
    if (msg.contactFields && !msg.fromMe) await setContactFields(companyId, contact.id, msg.contactFields);
    const view = stored.view ?? await ticketView(companyId, ticket, { contacts: [contact], whatsapps: [cached.whatsapp], queues: cached.queues });
    // A new ticket, a rating answered (a change of the closed ticket), or message activity on the live one.
    await publishTicket(deps, isNewTicket ? { kind: 'created', companyId, ticket, origin: 'contact', view }
      : rated ? { kind: 'updated', companyId, ticket, before: rated, view }
        : { kind: 'activity', companyId, ticket, view });
    await deps.bus.emitMessageChange(companyId, view, { action: 'create', message: messageJson(message), ticket: view, contact: contact.toJSON() });
    if (isNewTicket) await queuedLater(options.onNewTicket?.(companyId, ticket, cached));
    if (msg.fromMe || msg.kind === 'call_log') return;
    // A rating answer gets a turn too (the chain passes over a closed ticket), so the cursor moves past it.
    if (!('passed' in stored && stored.passed)) await queuedLater(options.respond({ companyId, ticketId: ticket.id, messageId: message.id, ticket, message, isNewTicket }));
    if (rated && !reopened) return;
    // Observers only: answering is the responder chain's job.
    await deps.hooks.run('onInboundMessage', { companyId, ticket, message, contact, connection: cached.whatsapp, isNewTicket }, log);
  }

  /** The sender of a message on an opaque channel: its identity's contact (made on a first message). */
  async function opaqueSender(companyId: number, whatsappId: number, kind: string, msg: InboundMessage) {
    const address = msg.from.trim();
    if (!address || msg.isGroup || address.length > 128) return '';
    return contactNumberOfIdentity(companyId, whatsappId, kind, address, msg.fromMe ? undefined : msg.pushName);
  }

  /** Facts the channel told about the contact (a deep-link payload), kept as its extra info: one field per name. */
  async function setContactFields(companyId: number, contactId: number, fields: Record<string, string>) {
    for (const [name, value] of Object.entries(fields)) {
      const field = { name: name.slice(0, 255), value: value.slice(0, 10_000) };
      const changed = await ContactCustomField.scoped(companyId).where({ contactId, name: field.name }).patch({ value: field.value } as Partial<ContactCustomField>);
      if (!changed) await ContactCustomField.scoped(companyId).insert({ contactId, ...field } as Partial<ContactCustomField>);
    }
  }

  /**
   * The message is committed: the delivery is acknowledged even when its jobs cannot be enqueued now (Redis away).
   * The reconciler enqueues its turn when Redis is back (its message is past the ticket's cursor).
   */
  async function queuedLater(work: Promise<unknown> | undefined) {
    try {
      await work;
    } catch (err) {
      if (!(err instanceof JobQueueUnavailableError)) throw err;
      log.warn({ err }, 'inbound message stored; its jobs wait for the job queue (reconciler)');
    }
  }

  async function respondToReplay(companyId: number, whatsappId: number, providerId: string) {
    const stored = await Message.scoped(companyId).where({ whatsappId, providerId }).select('id', 'ticketId', 'fromMe').first();
    if (stored?.ticketId && !stored.fromMe) await options.respond({ companyId, ticketId: stored.ticketId, messageId: stored.id });
  }

  /** Edits, deletions and reactions change the message they point at; they are not new messages. */
  async function applyToTarget(companyId: number, whatsappId: number, msg: InboundMessage) {
    if (!msg.targetProviderId) return;
    const target = Message.scoped(companyId).where({ whatsappId, providerId: msg.targetProviderId });
    let message: Message | undefined;
    if (msg.kind === 'edit') {
      // The body it replaces goes to the message's history (GET /messages/:id/history).
      const current = await target.clone().first();
      message = current && await editWithHistory(deps.knex, companyId, current, msg.body, { fromMe: msg.fromMe, userId: null });
      if (message) await refreshLastMessage(deps, companyId, message);
    } else {
      const changed = await target.clone().patch(msg.kind === 'delete' ? { isDeleted: true } : { reaction: msg.body || null } as Partial<Message>);
      message = changed ? await target.clone().first() : undefined;
    }
    if (!message) return;
    const [view] = await withReactions(companyId, [message]);
    await deps.bus.emitMessageChange(companyId, message.ticketId, { action: 'update', message: messageJson(view) });
  }

  async function onAck(conn: ConnectionRef, update: { providerId: string; ack: number; error?: string }) {
    // Acks only rise: a late lower ack never overwrites a higher one. A delivery failure the channel reports
    // afterwards (a channel's `failed` status) shows the message as failed, with the channel's reason.
    const query = Message.scoped(conn.companyId).where({ whatsappId: conn.whatsappId, providerId: update.providerId });
    const changed = update.error
      ? await query.clone().patch({ status: 'failed', error: update.error.slice(0, 1000) } as Partial<Message>)
      : await query.clone().where('ack', '<', update.ack).patch({ ack: update.ack } as Partial<Message>);
    if (!changed) return;
    const message = await query.clone().first();
    if (message) await deps.bus.emitMessageChange(conn.companyId, message.ticketId, { action: 'update', message: messageJson(message) });
  }

  /** Calls: with the `call` setting disabled the call is rejected, logged as a call_log message and the contact told. */
  async function onCall(conn: ConnectionRef, call: InboundCall) {
    if (!(await deps.settings.get(conn.companyId, 'call') === 'disabled')) return;
    try {
      const provider = deps.provider(conn.whatsappId) as { rejectCall?: (c: InboundCall) => Promise<void> };
      await provider.rejectCall?.(call);
    } catch (err) {
      log.warn({ err }, 'call not rejected');
    }
    const at = call.timestamp.toTimeString().slice(0, 5);
    await onMessage(conn, {
      providerId: `call-${call.providerId}`, from: call.from, fromMe: false, isGroup: false, kind: 'call_log',
      body: `Chamada de ${call.isVideo ? 'vídeo' : 'voz'} perdida às ${at}`, data: { isVideo: call.isVideo }, timestamp: call.timestamp,
    });
    const number = normalizeNumber(call.from);
    const found = await lookup(conn.companyId, conn.whatsappId, number);
    if (found?.liveTicketId) {
      const ticket = await Ticket.scoped(conn.companyId).findById(found.liveTicketId);
      if (ticket) await options.notify(conn.companyId, ticket, found.contact, 'As chamadas de voz e vídeo estão desabilitadas para este número. Por favor, envie uma mensagem de texto.');
    }
  }

  /**
   * A contact typing or recording: told to those who may see their live ticket on this connection (`contactPresence`).
   * Nothing is written, and a contact or ticket not known yet is not made: their first message does that.
   */
  async function onPresence(conn: ConnectionRef, update: PresenceUpdate) {
    const { companyId, whatsappId } = conn;
    const cached = await deps.connections.get(companyId, whatsappId);
    if (!cached) return;
    const opaque = deps.providers?.capabilities(cached.whatsapp.provider)?.addressing === 'opaque';
    const number = opaque ? await numberOfIdentity(companyId, cached.whatsapp.provider, update.from.trim()) : normalizeNumber(update.from);
    const lid = update.lid ? normalizeNumber(update.lid) || undefined : undefined;
    const found = number || lid ? await lookup(companyId, whatsappId, number || '-', lid) : undefined;
    if (!found?.liveTicketId) return;
    const ticket = await Ticket.scoped(companyId).findById(found.liveTicketId).select('id', 'queueId', 'userId');
    if (ticket) deps.bus.emitForTicket(companyId, ticket, 'contactPresence', { ticketId: ticket.id, contactId: found.contact.id, presence: update.presence });
  }

  return { onMessage, onAck, onCall, onPresence };
}
