import type { Readable } from 'node:stream';
import type { AuthUser } from '../auth/index.js';
import { Contact, Message, MessageEdit, MessageReaction, Queue, Ticket, User } from '../db/models/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import type { MessageView } from '../domains/messages/schemas.js';
import { canSee, loadActor, type Actor } from '../domains/tickets/access.js';
import type { TicketService } from '../domains/tickets/service.js';
import type { PipelineDeps } from './deps.js';
import { addressOn } from './identities.js';
import { findLiveTicket } from './live-ticket.js';
import { editWithHistory, refreshLastMessage } from './message-history.js';
import { messageJson, withReactions } from './message-view.js';
import { sendingConnection, type MessageSender } from './outbound.js';
import type { MessageTarget } from './provider.js';

/** WhatsApp lets the sender edit a message for 15 minutes after sending it. */
export const EDIT_WINDOW_MS = 15 * 60_000;

/** One emoji (with its modifiers, joiners and flags), nothing else. */
const EMOJI = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Component}|\u200d|\ufe0f)+$/u;
const hasPictograph = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

/** Who acts: a signed-in user (the routes' `request.user`; a plugin passes the user it acts for). */
export type ActingUser = Pick<AuthUser, 'id' | 'companyId'>;
/**
 * The external API's caller: a connection's token. It acts for the connection on that connection's tickets only;
 * with `userId` it acts as that user of the company (a reaction or a forward is a person's), else as the connection
 * itself, which owns the messages sent without a person (its own sends, bots').
 */
export interface ActingConnection { companyId: number; connectionId: number; userId?: number | null }
export type Acting = ActingUser | ActingConnection;

/** The actor the rules see, with the person behind it (null for a connection acting alone). */
type ResolvedActor = Actor & { userId: number | null; connectionId?: number };

export interface ForwardInput { messageId: number; contactId: number; ticketId?: number | null; queueId?: number | null }
export interface HistoryEntry { body: string | null; createdAt: string; fromMe: boolean; userId: number | null; userName: string | null }

export interface MessageActions {
  /** Deletes the caller's own message for everyone (an admin, or a connection, also one sent without a person). */
  remove(who: Acting, messageId: number): Promise<MessageView>;
  /** Edits the user's own text message (15 minutes): on the phone, then stored with the replaced body in its history. */
  edit(who: Acting, messageId: number, body: string): Promise<MessageView>;
  /** Every body the message had, oldest first, the current one last. */
  history(who: Acting, messageId: number): Promise<{ messageId: number; history: HistoryEntry[] }>;
  /** The user's reaction ('' removes it): one per user per message. `ticketId`, when given, must be the company's. */
  react(who: Acting, messageId: number, emoji: string, ticketId?: number | null): Promise<MessageView>;
  /** Sends a copy of the message (text or file) to another contact of the company, marked forwarded. */
  forward(who: Acting, input: ForwardInput): Promise<MessageView>;
}

/**
 * Message actions (issue 28): edit (own text, 15 minutes) with its history, react (one reaction per agent),
 * forward to another contact. Each is made on the phone first, then stored, then announced to the ticket's
 * audience as an `appMessage` update. The routes (domains/messages/actions.ts) and `services.messages` use it.
 */
export function createMessageActions(deps: PipelineDeps, sender: MessageSender, tickets: TicketService): MessageActions {
  async function resolve(who: Acting): Promise<ResolvedActor> {
    if (!('connectionId' in who)) return { ...(await loadActor(who)), userId: who.id };
    const { companyId, connectionId, userId } = who;
    if (userId) return { ...(await loadActor({ id: userId, companyId })), userId, connectionId };
    // The connection alone sees its own tickets, whatever their queue.
    return { id: 0, companyId, isAdmin: true, allTicket: true, queueIds: [], whatsappId: connectionId, name: '', userId: null, connectionId };
  }

  /** Who a fromMe message belongs to: the person who sent it, or (none) the connection or an admin. */
  function owns(actor: ResolvedActor, message: Message, orUnattributed: boolean) {
    if (!message.fromMe) return false;
    if (actor.userId === null) return !message.userId;
    return message.userId === actor.userId || (orUnattributed && actor.isAdmin && !message.userId);
  }

  /** The message if the caller may see its ticket: another company's (or connection's) is not found, another queue's forbidden. */
  async function visibleMessage(actor: ResolvedActor, messageId: number) {
    const message = await Message.scoped(actor.companyId).findById(messageId);
    if (!message) throw notFound('ERR_NO_MESSAGE_FOUND');
    const ticket = await Ticket.scoped(actor.companyId).findById(message.ticketId);
    if (!ticket || (actor.connectionId && ticket.whatsappId !== actor.connectionId)) throw notFound('ERR_NO_MESSAGE_FOUND');
    if (!canSee(actor, ticket)) throw forbidden('ERR_NO_PERMISSION', 'You may not see this ticket');
    return { message, ticket };
  }

  /** The connection's kind, from the connection cache (no statement in steady state). */
  async function kindOf(companyId: number, whatsappId: number | null | undefined) {
    return whatsappId ? (await deps.connections.get(companyId, whatsappId))?.whatsapp.provider : undefined;
  }

  /** How long a sent text may be edited: the channel's own window (ChannelCapabilities.edit), else WhatsApp's 15 minutes. */
  async function editWindowMs(companyId: number, whatsappId: number | null | undefined): Promise<number | null> {
    const kind = await kindOf(companyId, whatsappId);
    const edit = kind ? deps.providers?.capabilities(kind)?.edit : undefined;
    if (!edit) return EDIT_WINDOW_MS;
    return edit.windowMinutes === null ? null : edit.windowMinutes * 60_000;
  }

  /** Where the provider finds the message: the ticket's contact (its address on the channel) and the message's own id. */
  async function targetOf(companyId: number, ticket: Ticket, message: Message): Promise<MessageTarget | undefined> {
    if (!message.providerId || !ticket.whatsappId) return undefined;
    const contact = await Contact.scoped(companyId).findById(ticket.contactId).select('id', 'number', 'isGroup');
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    const to = await addressOn(deps.providers, companyId, await kindOf(companyId, ticket.whatsappId), contact);
    return { to, isGroup: contact.isGroup, providerId: message.providerId, fromMe: message.fromMe };
  }

  /** Runs the provider's part; its failure is the action's error code, the message is left as it was. */
  async function onPhone(whatsappId: number, code: string, what: string, run: (p: ReturnType<PipelineDeps['provider']>) => Promise<void>) {
    try {
      await run(deps.provider(whatsappId));
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_WAPP_NOT_INITIALIZED') throw err;
      deps.log.warn({ err }, `provider ${what} failed`);
      throw new AppError(code, 400, `The message could not be ${what} on the phone network`);
    }
  }

  /** Tells the ticket's audience, with the message's reactions; answers the same view. */
  async function announce(companyId: number, ticket: Ticket, message: Message) {
    const [loaded] = await withReactions(companyId, [message]);
    const view = messageJson(loaded);
    await deps.bus.emitMessageChange(companyId, ticket, { action: 'update', message: view });
    return view;
  }

  async function edit(who: Acting, messageId: number, body: string) {
    const actor = await resolve(who);
    const { message, ticket } = await visibleMessage(actor, messageId);
    // Only the agent's own text: the contact's messages and other agents' are theirs to change.
    if (!owns(actor, message, false)) throw forbidden('ERR_NO_PERMISSION', 'Only your own messages can be edited');
    if (message.isDeleted) throw conflict('ERR_MESSAGE_DELETED', 'The message was deleted');
    if (message.mediaType) throw badRequest('ERR_EDIT_NOT_TEXT', 'Only a text message can be edited');
    if (message.status === 'sending') throw conflict('ERR_MESSAGE_SENDING', 'The message is still being sent');
    const windowMs = await editWindowMs(actor.companyId, ticket.whatsappId);
    if (windowMs !== null && deps.clock.now().getTime() - Date.parse(message.createdAt!) > deps.clock.scale(windowMs)) {
      throw badRequest('ERR_EDIT_WINDOW_PASSED', `A message can be edited for ${windowMs / 60_000} minutes after it was sent`, { minutes: windowMs / 60_000 });
    }
    if (!body.trim()) throw badRequest('ERR_VALIDATION', 'Empty message', { field: 'body' });
    const target = await targetOf(actor.companyId, ticket, message);
    if (target && message.body !== body) await onPhone(ticket.whatsappId!, 'ERR_EDIT_WAPP_MSG', 'edited', (p) => p.editMessage(target, body));
    const edited = await editWithHistory(deps.knex, actor.companyId, message, body, { fromMe: true, userId: actor.userId });
    if (edited) await refreshLastMessage(deps, actor.companyId, edited);
    return announce(actor.companyId, ticket, edited ?? message);
  }

  async function history(who: Acting, messageId: number) {
    const actor = await resolve(who);
    const { message } = await visibleMessage(actor, messageId);
    const edits = await MessageEdit.scoped(actor.companyId).where('messageId', message.id).orderBy('id');
    const userIds = [...new Set([message.userId, ...edits.map((e) => e.userId)].filter((id): id is number => !!id))];
    const names = new Map(userIds.length
      ? (await User.scoped(actor.companyId).whereIn('id', userIds).select('id', 'name')).map((u) => [u.id, u.name] as const)
      : []);
    // Each body with who wrote it and when: the first as sent, each later one as the edit before it left it.
    const authors = [{ at: message.createdAt!, fromMe: message.fromMe, userId: message.userId ?? null },
      ...edits.map((e) => ({ at: e.createdAt!, fromMe: e.fromMe, userId: e.userId ?? null }))];
    const bodies = [...edits.map((e) => e.previousBody ?? null), message.body ?? null];
    return {
      messageId: message.id,
      history: bodies.map((body, i) => ({
        body, createdAt: authors[i].at, fromMe: authors[i].fromMe, userId: authors[i].userId,
        userName: authors[i].userId ? names.get(authors[i].userId!) ?? null : null,
      })),
    };
  }

  async function react(who: Acting, messageId: number, rawEmoji: string, ticketId?: number | null) {
    const actor = await resolve(who);
    if (actor.userId === null) throw badRequest('ERR_VALIDATION', 'A reaction is a person\'s: name the user who reacts', { field: 'body/userId' });
    const { message, ticket } = await visibleMessage(actor, messageId);
    const emoji = rawEmoji.trim();
    // The client names the ticket it shows; the message may be of an earlier ticket of the conversation.
    if (ticketId && !(await Ticket.scoped(actor.companyId).findById(ticketId).select('id'))) throw notFound('ERR_NO_TICKET_FOUND');
    if (emoji && !(EMOJI.test(emoji) && hasPictograph.test(emoji))) throw badRequest('ERR_INVALID_EMOJI', 'The reaction must be an emoji', { field: 'body/emoji' });
    if (message.isDeleted) throw conflict('ERR_MESSAGE_DELETED', 'The message was deleted');
    const reactions = MessageReaction.scoped(actor.companyId).where('messageId', message.id);
    const mine = await reactions.clone().where('userId', actor.id).first();
    if ((mine?.emoji ?? '') === emoji) return announce(actor.companyId, ticket, message);
    // The company's agents share one number, and WhatsApp keeps one reaction per sender: the phone shows the
    // latest remaining one.
    const others = await reactions.clone().whereNot('userId', actor.id).orderBy('updatedAt', 'desc').orderBy('id', 'desc').first();
    const shown = emoji || others?.emoji || '';
    const target = await targetOf(actor.companyId, ticket, message);
    if (target) await onPhone(ticket.whatsappId!, 'ERR_REACT_WAPP_MSG', 'reacted to', (p) => p.react(target, shown));
    if (!emoji) await reactions.clone().where('userId', actor.id).delete();
    else if (mine) await mine.$query().patch({ emoji } as Partial<MessageReaction>);
    else {
      try {
        await MessageReaction.scoped(actor.companyId).insert({ messageId: message.id, userId: actor.id, emoji } as Partial<MessageReaction>);
      } catch (err) {
        // The same agent's second tab won the race: one reaction per agent, the latest one.
        if (!isUniqueViolation(err)) throw err;
        await reactions.clone().where('userId', actor.id).patch({ emoji } as Partial<MessageReaction>);
      }
    }
    return announce(actor.companyId, ticket, message);
  }

  async function forward(who: Acting, input: ForwardInput) {
    const actor = await resolve(who);
    if (actor.userId === null) throw badRequest('ERR_VALIDATION', 'A forward opens a ticket for a person: name the user who forwards', { field: 'body/userId' });
    const { companyId } = actor;
    const { message: source, ticket: sourceTicket } = await visibleMessage(actor, input.messageId);
    if (source.isDeleted) throw conflict('ERR_MESSAGE_DELETED', 'The message was deleted');
    if (source.mediaType === 'call_log') throw badRequest('ERR_FORWARD_NOT_ALLOWED', 'This message cannot be forwarded');
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    // Checked even when a live ticket is reused (the queue only applies to a new one).
    if (input.queueId && !(await Queue.scoped(companyId).findById(input.queueId).select('id'))) throw notFound('ERR_NO_QUEUE_FOUND');
    const ticket = await forwardTicket(actor, contact, sourceTicket, input);
    const mediaKey = (source.data as { mediaKey?: string } | null)?.mediaKey;
    // The forward owns a copy of the file: deleting either message later leaves the other's intact.
    const media = mediaKey && source.mediaUrl ? await deps.storage.save(companyId, deps.storage.open(mediaKey) as Readable, {
      filename: source.mediaName ?? 'file', mimetype: String((source.data as { mimetype?: string }).mimetype ?? 'application/octet-stream'),
    }) : undefined;
    // A file sent without a caption carries its name as the body: not a caption to repeat.
    const body = media && source.body === source.mediaName ? '' : source.body ?? '';
    const sent = await sender.send({ companyId, ticket, contact, body, media, userId: actor.id, forwarded: true });
    return messageJson(sent);
  }

  /**
   * The ticket a forward goes to: the one named if it is the contact's and live, else the contact's live ticket on
   * that connection (the source's, else the default), else a new open one for the caller (one live ticket per
   * contact and connection still holds: the ticket service refuses a second).
   */
  async function forwardTicket(actor: Actor, contact: Contact, source: Ticket, input: { ticketId?: number | null; queueId?: number | null }) {
    const { companyId } = actor;
    let ticket: Ticket | undefined;
    if (input.ticketId) {
      ticket = await Ticket.scoped(companyId).findById(input.ticketId);
      if (!ticket || ticket.contactId !== contact.id) throw notFound('ERR_NO_TICKET_FOUND');
    }
    const whatsappId = ticket?.whatsappId ?? source.whatsappId ?? (await sendingConnection(companyId)).id;
    if (!ticket || ticket.status === 'closed') ticket = await findLiveTicket(companyId, contact.id, whatsappId);
    if (!ticket) {
      const view = await tickets.create(actor, { contactId: contact.id, whatsappId, queueId: input.queueId ?? null, status: 'open' });
      ticket = await Ticket.scoped(companyId).findById(view.id);
      if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    }
    if (!canSee(actor, ticket)) throw forbidden('ERR_NO_PERMISSION', 'You may not see this ticket');
    return ticket;
  }

  async function remove(who: Acting, messageId: number) {
    const actor = await resolve(who);
    const { message, ticket } = await visibleMessage(actor, messageId);
    // Only own messages (core §6): sent from here, by the caller (an admin may delete the bot's too).
    if (!owns(actor, message, true)) throw forbidden('ERR_NO_PERMISSION', 'Only your own messages can be deleted');
    if (message.isDeleted) return messageJson(message);
    const target = await targetOf(actor.companyId, ticket, message);
    if (target) await onPhone(ticket.whatsappId!, 'ERR_DELETE_WAPP_MSG', 'deleted', (p) => p.deleteMessage(target.to, target.providerId, true));
    const deleted = await message.$query().patchAndFetch({ isDeleted: true } as Partial<Message>);
    return announce(actor.companyId, ticket, deleted);
  }

  return { edit, history, react, forward, remove };
}
