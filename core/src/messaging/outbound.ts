import { Contact, Message, Ticket, Whatsapp } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { AppError, notFound } from '../http/errors.js';
import type { StoredFile } from '../storage/index.js';
import { ticketView, type KnownRelations } from '../domains/tickets/view.js';
import type { PipelineDeps } from './deps.js';
import { addressOn } from './identities.js';
import { publishTicket } from '../domains/tickets/lifecycle.js';
import { openLiveTicket } from './live-ticket.js';
import { mediaTypeOf, messageJson, withQuoted } from './message-view.js';
import { SESSION_MOVING } from './session-rpc.js';
import { createLoopGuard, LOOP_CAP, LOOP_WINDOW_MS } from './loop-guard.js';
import type { OutboundMessage } from './provider.js';

/**
 * A send that finds its connection moving between processes (its process died, another takes the
 * session over within a lease time) stays 'sending' and is tried again by this durable job, every
 * second for up to a minute, then counts as failed. Only then: a send that reached a live process
 * and timed out may have left, so it is never repeated.
 */
const REDELIVER_JOB = 'messages.redeliver';
const REDELIVER_EVERY_MS = 1000;
const REDELIVER_ATTEMPTS = 60;
/**
 * A channel that says "too many sends, try later" (a provider's AppError with status 429 and, when the channel gave
 * one, `details.retryAfter`: the Cloud API's rate limits) is not a failure: the message stays 'sending' and the same
 * durable job tries it again after the wait the channel asked for (else a growing one), a few times, before it
 * counts as failed.
 */
const isRateLimit = (err: unknown) => err instanceof AppError && err.statusCode === 429;
const RATE_LIMIT_ATTEMPTS = 5;
const RATE_LIMIT_FIRST_WAIT_MS = 15_000;
const RATE_LIMIT_MAX_WAIT_MS = 60 * 60_000;
interface RedeliverJob { companyId: number; messageId: number; attempt: number; rateLimited?: number }

/** The wait a rate-limited send asks for: Retry-After in seconds or as an HTTP date, else 15 s doubled each time. */
export function rateLimitWait(retryAfter: unknown, rateLimited: number, now = Date.now()): number {
  let ms: number | undefined;
  if (typeof retryAfter === 'string' && retryAfter.trim()) {
    const seconds = Number(retryAfter);
    ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - now;
  }
  if (ms === undefined || !Number.isFinite(ms)) ms = RATE_LIMIT_FIRST_WAIT_MS * 2 ** rateLimited;
  return Math.min(Math.max(ms, 1000), RATE_LIMIT_MAX_WAIT_MS);
}

export interface SendInput {
  companyId: number;
  ticket: Ticket;
  body?: string;
  media?: StoredFile;
  quotedMsgId?: number | null;
  userId?: number | null;
  /** The ticket's contact when the caller has it (saves a read). */
  contact?: Contact;
  /** Send the voice note as a push-to-talk audio. */
  asVoice?: boolean;
  /** Forwarded from another conversation (issue 28): stored and sent marked so. */
  forwarded?: boolean;
  /** A channel template instead of free text (`body` is then its text as the agent sees it). */
  template?: { name: string; language: string; parameters: string[] };
}

export interface SendToContactInput {
  companyId: number;
  contactId: number;
  whatsappId?: number;
  body?: string;
  media?: StoredFile;
  userId?: number | null;
  /** A message of the contact's conversation to answer as a quoted reply (the caller checked it is theirs). */
  quotedMsgId?: number | null;
  /** A channel template instead of free text (see SendInput.template). */
  template?: SendInput['template'];
}

export interface MessageSender {
  /** Stores the message ('sending'), hands it to the provider, then marks it 'sent' or 'failed'. Never throws for a provider failure. */
  send(input: SendInput): Promise<Message>;
  /** Opens or reuses the contact's live ticket (default connection when none given) and sends. */
  sendToContact(input: SendToContactInput): Promise<{ ticket: Ticket; message: Message }>;
  /** Re-sends a failed message. */
  retry(companyId: number, messageId: number): Promise<Message>;
}

/** The connection a send goes through: the one asked for, else the company's default. */
export async function sendingConnection(companyId: number, whatsappId?: number): Promise<Whatsapp> {
  const whatsapp = whatsappId
    ? await Whatsapp.scoped(companyId).findById(whatsappId)
    : await Whatsapp.scoped(companyId).where({ isDefault: true }).first();
  if (!whatsapp) throw notFound(whatsappId ? 'ERR_NO_WAPP_FOUND' : 'ERR_NO_DEF_WAPP_FOUND');
  return whatsapp;
}

const lastMessageOf = (body: string | undefined, media?: StoredFile) => (body && body.trim() ? body : media ? media.name : '');

export interface SenderOptions {
  /** An automated send tripped the loop guard on this ticket: hand it to people (the responder chain does). */
  onLoop?(companyId: number, ticket: Ticket): Promise<void>;
}

export const AUTOMATION_LOOP = 'ERR_AUTOMATION_LOOP';

export function createSender(deps: PipelineDeps, options: SenderOptions = {}): MessageSender {
  const { bus, hooks, log } = deps;
  const loops = createLoopGuard();

  /** Counts an automated send against the loop guard; refuses it (409) once the ticket's automation is stopped. */
  async function checkLoop(companyId: number, ticket: Ticket, userId: number | null | undefined) {
    if (userId) return loops.person(ticket.id);
    const verdict = loops.automated(ticket.id);
    if (verdict === 'ok') return;
    if (verdict === 'tripped') {
      log.warn({ ticketId: ticket.id, cap: LOOP_CAP, windowMs: LOOP_WINDOW_MS }, 'automated messages loop on a ticket: handed to people');
      await options.onLoop?.(companyId, ticket);
    }
    throw new AppError(AUTOMATION_LOOP, 409, `More than ${LOOP_CAP} automated messages in ${LOOP_WINDOW_MS / 1000} s on this ticket: automation stopped until a person writes on it`);
  }

  /** Hands a stored message to the provider and records the outcome; the message is never lost. */
  async function deliver(companyId: number, message: Message, ticket: Ticket, contact: Contact, attempt = 0, rateLimited = 0): Promise<Message> {
    let patch: Partial<Message>;
    try {
      const provider = deps.provider(ticket.whatsappId!);
      const quoted = message.quotedMsgId ? await Message.scoped(companyId).findById(message.quotedMsgId).select('providerId', 'fromMe') : undefined;
      const mediaKey = (message.data as { mediaKey?: string } | null)?.mediaKey;
      const path = mediaKey ? deps.storage.resolve(mediaKey) : undefined;
      const kind = (await deps.connections.get(companyId, ticket.whatsappId!))?.whatsapp.provider;
      const sent = await provider.send({
        to: await addressOn(deps.providers, companyId, kind, contact),
        isGroup: contact.isGroup,
        body: message.body ?? undefined,
        template: (message.data as { template?: OutboundMessage['template'] } | null)?.template,
        quotedProviderId: quoted?.providerId ?? undefined,
        ...(quoted?.providerId ? { quotedFromMe: quoted.fromMe } : {}),
        ...(message.isForwarded ? { forwarded: true } : {}),
        media: path ? {
          path, mimetype: String((message.data as { mimetype?: string }).mimetype ?? 'application/octet-stream'),
          filename: message.mediaName ?? 'file', caption: message.body ?? undefined,
          asVoice: Boolean((message.data as { asVoice?: boolean }).asVoice),
        } : undefined,
      });
      patch = { status: 'sent', providerId: sent.providerId, ack: Math.max(message.ack, sent.ack), error: null };
    } catch (err) {
      const code = err instanceof AppError ? err.code : 'ERR_SENDING_WAPP_MSG';
      if (code === SESSION_MOVING && attempt < REDELIVER_ATTEMPTS) {
        await deps.jobs.enqueue<RedeliverJob>(REDELIVER_JOB, { companyId, messageId: message.id, attempt: attempt + 1 }, {
          delayMs: REDELIVER_EVERY_MS, jobId: `redeliver-${message.id}-${attempt + 1}`,
        });
        log.info({ messageId: message.id, attempt }, 'connection moving between processes; the send waits');
        return message;
      }
      if (isRateLimit(err) && rateLimited < RATE_LIMIT_ATTEMPTS) {
        const delayMs = rateLimitWait((err as AppError).details?.retryAfter, rateLimited);
        await deps.jobs.enqueue<RedeliverJob>(REDELIVER_JOB, { companyId, messageId: message.id, attempt, rateLimited: rateLimited + 1 }, {
          delayMs, jobId: `ratelimit-${message.id}-${rateLimited + 1}`,
        });
        log.info({ messageId: message.id, rateLimited, delayMs }, 'the channel limits this number\'s sends; the send waits');
        return message;
      }
      log.warn({ err, messageId: message.id, ticketId: ticket.id }, 'sending failed');
      patch = { status: 'failed', error: `${code}: ${(err as Error).message ?? ''}`.slice(0, 1000) };
    }
    // The row is ours until the provider's acks find it by the providerId set here: no read-back needed.
    await message.$query().patch(patch);
    message.$set({ ...patch, updatedAt: new Date().toISOString() });
    await bus.emitMessageChange(companyId, ticket, { action: 'update', message: messageJson(message) });
    return message;
  }

  deps.jobs.define<RedeliverJob>(REDELIVER_JOB, async ({ companyId, messageId, attempt, rateLimited }) => {
    const message = await Message.scoped(companyId).findById(messageId);
    if (!message || message.status !== 'sending') return;
    const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
    const contact = ticket && await Contact.scoped(companyId).findById(ticket.contactId);
    if (!ticket || !contact) return;
    await deliver(companyId, message, ticket, contact, attempt, rateLimited ?? 0);
  });

  /** Runs the pre-send rule of a provider a plugin (or the core's cloud module) registered; built-in kinds have none. */
  async function checkChannel(companyId: number, whatsappId: number, contact: Contact, userId: number | null) {
    if (!deps.providers) return;
    const conn = await deps.connections.get(companyId, whatsappId);
    if (!conn || !deps.providers.get(conn.whatsapp.provider)?.beforeSend) return;
    await deps.providers.beforeSend(conn.whatsapp.provider, { companyId, whatsappId, contactId: contact.id, to: contact.number, isGroup: contact.isGroup, userId });
  }

  /** The contact and, from the connection cache, the ticket's connection and its queues: not re-read for the event. */
  async function knownRelations(companyId: number, ticket: Ticket, contact: Contact): Promise<KnownRelations> {
    const conn = ticket.whatsappId ? await deps.connections.get(companyId, ticket.whatsappId) : undefined;
    return conn ? { contacts: [contact], whatsapps: [conn.whatsapp], queues: conn.queues } : { contacts: [contact] };
  }

  async function send(input: SendInput): Promise<Message> {
    const { companyId, ticket } = input;
    const body = input.body ?? '';
    if (!body.trim() && !input.media) throw new AppError('ERR_VALIDATION', 400, 'Empty message', { field: 'body' });
    await checkLoop(companyId, ticket, input.userId);
    const contact = input.contact ?? ticket.contact ?? await Contact.scoped(companyId).findById(ticket.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    // A channel's own rule (the Cloud API's 24-hour window) refuses a free-form send before anything is stored.
    if (!input.template && ticket.whatsappId) await checkChannel(companyId, ticket.whatsappId, contact, input.userId ?? null);

    // Stored before the provider is called: a crash or a provider error leaves a visible 'sending'/'failed' row.
    const { message, updatedTicket } = await deps.knex.transaction(async (trx) => {
      // Every column is given (nulls included), so the inserted model is the row: it is turned into the model a
      // read would give (ISO times, booleans, parsed data) instead of being read back.
      const inserted = await Message.scoped(companyId).transacting(trx).insert({
        ticketId: ticket.id, contactId: contact.id, whatsappId: ticket.whatsappId, body, fromMe: true, ack: 0, read: true,
        isDeleted: false, isEdited: false, isForwarded: Boolean(input.forwarded), status: 'sending', userId: input.userId ?? null, quotedMsgId: input.quotedMsgId ?? null,
        providerId: null, error: null, participant: null, reaction: null,
        mediaType: input.media ? (input.asVoice ? 'audio' : mediaTypeOf(input.media.mimetype)) : null,
        mediaUrl: input.media?.url ?? null, mediaName: input.media?.name ?? null,
        data: input.media ? { mediaKey: input.media.key, mimetype: input.media.mimetype, ...(input.asVoice ? { asVoice: true } : {}) }
          : input.template ? { template: input.template } : null,
      } as Partial<Message>);
      const message = Message.fromDatabaseJson(inserted.$toDatabaseJson());
      const updatedTicket = await Ticket.scoped(companyId).transacting(trx).patchAndFetchById(ticket.id, {
        lastMessage: lastMessageOf(body, input.media), updatedAt: dbNow(),
      } as Partial<Ticket>);
      return { message, updatedTicket };
    });
    Object.assign(ticket, updatedTicket);
    // A reply shows the message it quotes from its first event on (as the message list reads it).
    if (message.quotedMsgId) await withQuoted(companyId, [message]);
    await bus.emitMessageChange(companyId, ticket, {
      action: 'create', message: messageJson(message), ticket: await ticketView(companyId, ticket, await knownRelations(companyId, ticket, contact)), contact: contact.toJSON(),
    });
    await hooks.run('onOutboundMessage', { companyId, ticket, message }, log);
    return deliver(companyId, message, ticket, contact);
  }

  async function sendToContact(input: SendToContactInput) {
    const { companyId } = input;
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    const whatsapp = await sendingConnection(companyId, input.whatsappId);
    const { ticket, created } = await openLiveTicket(companyId, { contactId: contact.id, whatsappId: whatsapp.id, isGroup: contact.isGroup });
    if (created) await publishTicket(deps, { kind: 'created', companyId, ticket, origin: 'send', userId: input.userId ?? undefined, relations: { contacts: [contact] } });
    const message = await send({ companyId, ticket, body: input.body, media: input.media, userId: input.userId, contact, quotedMsgId: input.quotedMsgId, template: input.template });
    return { ticket, message };
  }

  async function retry(companyId: number, messageId: number) {
    const message = await Message.scoped(companyId).findById(messageId);
    if (!message) throw notFound('ERR_NO_MESSAGE_FOUND');
    if (!message.fromMe || message.status !== 'failed') throw new AppError('ERR_MESSAGE_NOT_FAILED', 409, 'Only a failed message can be re-sent');
    const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
    const contact = ticket && await Contact.scoped(companyId).findById(ticket.contactId);
    if (!ticket || !contact) throw notFound('ERR_NO_TICKET_FOUND');
    const sending = await message.$query().patchAndFetch({ status: 'sending', error: null } as Partial<Message>);
    await bus.emitMessageChange(companyId, ticket, { action: 'update', message: messageJson(sending) });
    return deliver(companyId, sending, ticket, contact);
  }

  return { send, sendToContact, retry };
}
