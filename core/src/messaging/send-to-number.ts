import { Ticket, type Contact, type Message } from '../db/models/index.js';
import { AppError, badRequest } from '../http/errors.js';
import type { StoredFile } from '../storage/index.js';
import { isValidNumber, normalizeNumber } from '../util/phone.js';
import { findOrCreateContact } from '../domains/contacts/find-or-create.js';
import type { PipelineDeps } from './deps.js';
import { newTicketFields, publishTicket } from '../domains/tickets/lifecycle.js';
import { findLiveTicket } from './live-ticket.js';
import { SESSION_MOVING } from './session-rpc.js';
import { sendingConnection, type MessageSender } from './outbound.js';

export interface SendToNumberInput {
  companyId: number;
  /** A phone number with country code; punctuation is ignored. */
  number: string;
  /** The connection to send through; the company's default when left out. */
  whatsappId?: number;
  /** The contact's name when the number is new (default: the number). */
  name?: string;
  body?: string;
  media?: StoredFile;
  userId?: number | null;
  /**
   * A Cloud API template (the only message that reaches a contact outside the 24-hour window), as
   * `sdk.services.whatsappCloud.prepare` answers it with its `body`: sent instead of free text.
   */
  template?: { name: string; language: string; parameters: string[] };
  /**
   * true: open (or reuse) the contact's live ticket, as sendToContact does: the conversation waits for agents.
   * false (campaigns): no pending ticket is left in the agents' queues. The message joins the contact's live
   * ticket on that connection if there is one; otherwise it is kept on the contact's latest closed ticket there
   * (one is created, closed, the first time), so the history shows what was sent. A reply opens a ticket as usual.
   */
  openTicket: boolean;
}

export interface SendToNumberResult { contact: Contact; ticket: Ticket; message: Message; createdContact: boolean }

/** The ticket a message sent without opening one is kept on (see SendToNumberInput.openTicket). */
async function quietTicketFor(deps: PipelineDeps, companyId: number, contact: Contact, whatsappId: number, userId?: number | null): Promise<Ticket> {
  const live = await findLiveTicket(companyId, contact.id, whatsappId);
  if (live) return live;
  const closed = await Ticket.scoped(companyId).where({ contactId: contact.id, whatsappId, status: 'closed' }).orderBy('id', 'desc').first();
  if (closed) return closed;
  // closedAt stays null: no agent resolved it, so the dashboard's resolved counts leave it out.
  const ticket = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({ contactId: contact.id, whatsappId, status: 'closed' }));
  // Created closed, out of the agents' lists: the hook hears it, no socket event (the message's event shows it).
  await publishTicket(deps, { kind: 'created', companyId, ticket, origin: 'send', userId: userId ?? undefined, silent: true });
  return ticket;
}

/**
 * services.messages.sendToNumber: send to a number that need not be a contact yet. The number is checked with
 * the connection's provider (ERR_WAPP_INVALID_CONTACT when it has no account, ERR_WAPP_CHECK_CONTACT when the
 * check itself fails), the contact is created on the canonical number the provider answers, then the message
 * is sent with or without opening a ticket.
 */
/**
 * The provider's number check. A connection moving between processes (ERR_SESSION_MOVING, see session-rpc.ts)
 * is reported as the plugins' one "connection not available now" code, ERR_WAPP_NOT_INITIALIZED: callers such as
 * the campaigns dispatcher already wait and retry on it.
 */
async function numberCheck(deps: PipelineDeps, whatsappId: number, digits: string) {
  try {
    return await deps.provider(whatsappId).checkNumber(digits);
  } catch (err) {
    if (err instanceof AppError && err.code === SESSION_MOVING) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, 'The connection is moving to another process; try again shortly');
    throw err;
  }
}

export function createSendToNumber(deps: PipelineDeps, sender: MessageSender) {
  return async function sendToNumber(input: SendToNumberInput): Promise<SendToNumberResult> {
    const { companyId } = input;
    const digits = normalizeNumber(input.number);
    if (!isValidNumber(digits)) throw badRequest('ERR_WAPP_INVALID_CONTACT', 'Not a valid number', { field: 'number' });
    if (!input.body?.trim() && !input.media && !input.template) throw badRequest('ERR_VALIDATION', 'Empty message', { field: 'body' });
    const whatsapp = await sendingConnection(companyId, input.whatsappId);
    let check: { exists: boolean; number: string };
    try {
      check = await numberCheck(deps, whatsapp.id, digits);
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log.warn({ err, whatsappId: whatsapp.id }, 'number check failed');
      throw new AppError('ERR_WAPP_CHECK_CONTACT', 502, 'The connection could not check the number');
    }
    const canonical = normalizeNumber(check.number || digits);
    if (!check.exists || !isValidNumber(canonical)) throw badRequest('ERR_WAPP_INVALID_CONTACT', 'This number has no account on the channel', { field: 'number' });

    const { contact, created } = await findOrCreateContact(deps.bus, companyId, canonical, input.name);
    if (input.openTicket) {
      const { ticket, message } = await sender.sendToContact({ companyId, contactId: contact.id, whatsappId: whatsapp.id, body: input.body, media: input.media, userId: input.userId, template: input.template });
      return { contact, ticket, message, createdContact: created };
    }
    const ticket = await quietTicketFor(deps, companyId, contact, whatsapp.id, input.userId);
    const message = await sender.send({ companyId, ticket, contact, body: input.body, media: input.media, userId: input.userId, template: input.template });
    return { contact, ticket, message, createdContact: created };
  };
}

/** services.messages.checkNumber: the provider's number check through a company's connection (see MessagesService). */
export function createCheckNumber(deps: PipelineDeps) {
  return async function checkNumber(companyId: number, number: string, whatsappId?: number): Promise<{ exists: boolean; number: string }> {
    const digits = normalizeNumber(number);
    if (!isValidNumber(digits)) return { exists: false, number: digits };
    const whatsapp = await sendingConnection(companyId, whatsappId);
    const check = await numberCheck(deps, whatsapp.id, digits);
    return { exists: check.exists, number: normalizeNumber(check.number || digits) };
  };
}
