import { Contact, Queue, Ticket, User, Whatsapp } from '../../db/models/index.js';
import { dbNow } from '../../db/time.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { PipelineDeps } from '../../messaging/deps.js';
import type { MessageSender } from '../../messaging/outbound.js';
import { protocolOf, renderTemplate } from '../../messaging/templates.js';
import { canAct, canSee, type Actor } from './access.js';
import type { TicketChangeNotice } from '../../sdk/services.js';
import { newTicketFields, publishTicket, type TicketEvent } from './lifecycle.js';
import { ratingQuestion } from './rating.js';
import { ticketView, type TicketView } from './view.js';

export interface TicketChange {
  status?: 'open' | 'pending' | 'closed';
  userId?: number | null;
  queueId?: number | null;
  whatsappId?: number;
  useIntegration?: boolean;
  promptId?: number | null;
  integrationId?: number | null;
}

export interface NewTicket { contactId: number; queueId?: number | null; whatsappId?: number | null; userId?: number | null; status?: 'open' | 'pending' }

const DEFAULT_ACCEPTED = '{{greeting}} {{firstName}}, meu nome é {{user}} e vou continuar o seu atendimento.';
const DEFAULT_TRANSFER = 'Seu atendimento foi transferido{{queueText}}. Aguarde, por favor.';

/** Ticket transitions (core §4), shared by the routes and the inactivity jobs. */
export function createTicketService(deps: PipelineDeps, sender: MessageSender, onLive?: (companyId: number, ticket: Ticket) => Promise<void>) {
  const { settings } = deps;
  /** Every event and hook of a ticket leaves through the lifecycle (lifecycle.ts). */
  const publish = (event: TicketEvent) => publishTicket(deps, event);

  /** Announces a change of `ticket` from `before` (its columns before the change) with its hooks. */
  async function emitUpdate(companyId: number, ticket: Ticket, before: Partial<Ticket>, userId?: number): Promise<TicketView> {
    return (await publish({ kind: 'updated', companyId, ticket, before, userId }))!;
  }

  /**
   * Re-reads a ticket and announces it (the tag routes, and plugins through sdk.services.tickets, after changing
   * it); `change` says what changed, for onTicketUpdate.
   */
  async function emitChange(companyId: number, ticketId: number, change: TicketChangeNotice = {}): Promise<void> {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket) return;
    await publish({
      kind: 'updated', companyId, ticket, before: (change.previous ?? {}) as Partial<Ticket>, also: change.changed, declared: true, userId: change.userId,
    });
  }

  async function load(companyId: number, id: number) {
    const ticket = await Ticket.scoped(companyId).findById(id);
    if (!ticket) throw notFound('ERR_NO_TICKET_FOUND');
    return ticket;
  }

  /** 409 naming the other live ticket's user and queue (core §8: the console shows both). */
  async function otherOpenTicket(companyId: number, contactId: number, whatsappId: number | null | undefined) {
    const other = await Ticket.scoped(companyId).where({ contactId, whatsappId: whatsappId ?? null, liveSlot: 1 }).first();
    const [user, queue] = await Promise.all([
      other?.userId ? User.scoped(companyId).findById(other.userId).select('id', 'name') : undefined,
      other?.queueId ? Queue.scoped(companyId).findById(other.queueId).select('id', 'name') : undefined,
    ]);
    return conflict('ERR_OTHER_OPEN_TICKET', `The contact already has an open ticket${user ? ` with ${user.name}` : ''}${queue ? ` in ${queue.name}` : ''}`, {
      ticketId: other?.id, uuid: other?.uuid, user: user ? { id: user.id, name: user.name } : null, queue: queue ? { id: queue.id, name: queue.name } : null,
    });
  }

  async function patchTicket(companyId: number, ticket: Ticket, patch: Partial<Ticket>) {
    try {
      return await Ticket.scoped(companyId).patchAndFetchById(ticket.id, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw await otherOpenTicket(companyId, ticket.contactId, patch.whatsappId ?? ticket.whatsappId);
      throw err;
    }
  }

  async function say(companyId: number, ticket: Ticket, text: string | null | undefined, vars: { user?: string; queue?: string } = {}) {
    if (!text || !text.trim() || ticket.isGroup) return;
    const contact = await Contact.scoped(companyId).findById(ticket.contactId);
    if (!contact) return;
    const body = renderTemplate(text, { name: contact.name, protocol: protocolOf(ticket), ...vars });
    await sender.send({ companyId, ticket, contact, body });
  }

  async function assertInCompany(companyId: number, change: { userId?: number | null; queueId?: number | null; whatsappId?: number | null }) {
    const [user, queue, whatsapp] = await Promise.all([
      change.userId ? User.scoped(companyId).findById(change.userId).select('id', 'name') : undefined,
      change.queueId ? Queue.scoped(companyId).findById(change.queueId).select('id', 'name') : undefined,
      change.whatsappId ? Whatsapp.scoped(companyId).findById(change.whatsappId) : undefined,
    ]);
    if (change.userId && !user) throw notFound('ERR_NO_USER_FOUND');
    if (change.queueId && !queue) throw notFound('ERR_NO_QUEUE_FOUND');
    if (change.whatsappId && !whatsapp) throw notFound('ERR_NO_WAPP_FOUND');
    return { user, queue, whatsapp };
  }

  /** Close (core §4): status closed, the closing user kept, queue and integration cleared; closing and rating messages. */
  /** `timeout`: a company rule closed it (noQueueTimeout, outOfHoursAction): no completion message, no rating. */
  async function close(companyId: number, ticket: Ticket, byUserId: number | null, reason: 'agent' | 'inactivity' | 'timeout' = 'agent') {
    const whatsapp = ticket.whatsappId ? (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp : undefined;
    const askRating = reason === 'agent' && !ticket.isGroup && await settings.isEnabled(companyId, 'userRating');
    const closed = await patchTicket(companyId, ticket, {
      status: 'closed', userId: byUserId ?? ticket.userId ?? null, queueId: null, queueOptionId: null, chatbot: false, botOwner: null,
      useIntegration: false, integrationId: null, promptId: null, unreadMessages: 0, closedAt: dbNow(),
      ratingRequestedAt: askRating ? dbNow() : null, rating: null,
    } as Partial<Ticket>);
    await emitUpdate(companyId, closed, ticket, byUserId ?? undefined);
    if (reason !== 'timeout') await say(companyId, closed, reason === 'inactivity' ? whatsapp?.expiresInactiveMessage : whatsapp?.complationMessage);
    if (askRating) await say(companyId, closed, ratingQuestion(whatsapp));
    return closed;
  }

  async function update(actor: Actor, id: number, change: TicketChange): Promise<TicketView> {
    const companyId = actor.companyId;
    const ticket = await load(companyId, id);
    if (!canSee(actor, ticket) || !canAct(actor, ticket)) throw forbidden('ERR_NO_PERMISSION');
    // Only an admin assigns a ticket to someone else outright; a user may transfer (with a queue) or take it.
    const { user, queue } = await assertInCompany(companyId, change);

    if (change.status === 'closed') {
      if (ticket.status === 'closed') return ticketView(companyId, ticket);
      return ticketView(companyId, await close(companyId, ticket, actor.id));
    }

    const previous = { status: ticket.status, userId: ticket.userId, queueId: ticket.queueId };
    const patch: Partial<Ticket> = {};
    let greeting: 'accepted' | 'transfer' | null = null;
    const userIdGiven = change.userId !== undefined;
    const queueIdGiven = change.queueId !== undefined && change.queueId !== ticket.queueId;

    if (change.status === 'open' && ticket.status !== 'open') {
      // Accept (pending → open) or reopen (closed → open): the ticket becomes the caller's unless an admin names someone.
      const assignee = actor.isAdmin && change.userId ? change.userId : actor.id;
      // A person takes over: whatever bot held the conversation lets go (responder chain).
      Object.assign(patch, { status: 'open', userId: assignee, chatbot: false, botOwner: null, acceptedAt: dbNow() });
      if (ticket.status === 'closed') Object.assign(patch, { closedAt: null, ratingRequestedAt: null, queueId: change.queueId ?? null });
      else if (change.queueId !== undefined) patch.queueId = change.queueId;
      if (ticket.status === 'pending') greeting = 'accepted';
    } else if (change.status === 'pending' && ticket.status === 'open' && !queueIdGiven) {
      // Return: back to the queue's waiting list.
      Object.assign(patch, { status: 'pending', userId: null });
    } else if (queueIdGiven || (userIdGiven && change.userId !== ticket.userId)) {
      // Transfer: to a queue (waiting for someone there) and/or to a user.
      if (ticket.status === 'closed') throw badRequest('ERR_TICKET_CLOSED', 'Reopen the ticket before transferring it');
      if (queueIdGiven) patch.queueId = change.queueId ?? null;
      if (userIdGiven && change.userId) {
        patch.userId = change.userId;
        patch.status = change.status ?? (ticket.status === 'pending' && !actor.isAdmin ? 'pending' : ticket.status);
      } else if (queueIdGiven) {
        Object.assign(patch, { userId: null, status: 'pending' });
      } else {
        Object.assign(patch, { userId: null, status: 'pending' });
      }
      patch.chatbot = false;
      patch.botOwner = null;
      greeting = 'transfer';
    } else if (change.status && change.status !== ticket.status) {
      throw badRequest('ERR_INVALID_TRANSITION', `A ${ticket.status} ticket cannot become ${change.status} this way`);
    }
    if (change.whatsappId !== undefined && change.whatsappId !== ticket.whatsappId) patch.whatsappId = change.whatsappId;
    if (change.useIntegration !== undefined) patch.useIntegration = change.useIntegration;
    if (change.promptId !== undefined) patch.promptId = change.promptId;
    if (change.integrationId !== undefined) patch.integrationId = change.integrationId;
    if (Object.keys(patch).length === 0) return ticketView(companyId, ticket);

    const updated = await patchTicket(companyId, ticket, patch);
    const view = await emitUpdate(companyId, updated, ticket, actor.id);
    if (updated.status !== 'closed' && previous.status === 'closed') await onLive?.(companyId, updated);
    // The family's own texts (ticketAcceptedMessage, transferMessage) are sent whenever set; else the toggles send ours.
    const ownText = async (key: string) => (await settings.get(companyId, key))?.trim() || null;
    const acceptedText = greeting === 'accepted' ? await ownText('ticketAcceptedMessage') : null;
    if (greeting === 'accepted' && (acceptedText || await settings.isEnabled(companyId, 'sendGreetingAccepted'))) {
      await say(companyId, updated, acceptedText ?? DEFAULT_ACCEPTED, { user: actor.name });
    }
    const transferText = greeting === 'transfer' ? await ownText('transferMessage') : null;
    if (greeting === 'transfer' && (transferText || await settings.isEnabled(companyId, 'sendMsgTransfTicket'))) {
      const queueName = queue?.name ?? (await assertInCompany(companyId, { queueId: updated.queueId })).queue?.name;
      const text = transferText ?? DEFAULT_TRANSFER.replace('{{queueText}}', queueName ? ' para o setor *{{queue}}*' : user ? ' para *{{user}}*' : '');
      await say(companyId, updated, text, { queue: queueName ?? '', user: user?.name ?? '' });
    }
    return view;
  }

  async function create(actor: Actor, input: NewTicket): Promise<TicketView> {
    const companyId = actor.companyId;
    if (!actor.isAdmin) {
      if (!input.queueId) throw badRequest('ERR_QUEUE_REQUIRED', 'Choose a queue');
      if (!actor.queueIds.includes(input.queueId)) throw forbidden('ERR_NO_PERMISSION', 'Not one of your queues');
      if (input.userId && input.userId !== actor.id) throw forbidden('ERR_NO_PERMISSION');
    }
    const contact = await Contact.scoped(companyId).findById(input.contactId);
    if (!contact) throw notFound('ERR_NO_CONTACT_FOUND');
    await assertInCompany(companyId, { userId: input.userId, queueId: input.queueId, whatsappId: input.whatsappId });
    const whatsappId = input.whatsappId ?? actor.whatsappId
      ?? (await Whatsapp.scoped(companyId).where({ isDefault: true }).select('id').first())?.id;
    if (!whatsappId) throw notFound('ERR_NO_DEF_WAPP_FOUND');
    const status = input.status ?? 'open';
    let ticket: Ticket;
    try {
      ticket = await Ticket.scoped(companyId).insertAndFetch(newTicketFields({
        contactId: contact.id, whatsappId, queueId: input.queueId ?? null, status, isGroup: contact.isGroup,
        userId: status === 'open' ? input.userId ?? actor.id : input.userId ?? null, ...(status === 'open' ? { acceptedAt: dbNow() } : {}),
      }));
    } catch (err) {
      if (isUniqueViolation(err)) throw await otherOpenTicket(companyId, contact.id, whatsappId);
      throw new AppError('ERR_CREATING_TICKET', 500, (err as Error).message);
    }
    await onLive?.(companyId, ticket);
    return (await publish({ kind: 'created', companyId, ticket, origin: 'agent', userId: actor.id }))!;
  }

  async function remove(actor: Actor, id: number) {
    if (!actor.isAdmin) throw forbidden('ERR_NO_PERMISSION');
    const ticket = await load(actor.companyId, id);
    await Ticket.scoped(actor.companyId).deleteById(ticket.id);
    await publish({ kind: 'deleted', companyId: actor.companyId, ticket, userId: actor.id });
  }

  /**
   * A user is leaving (deleted): their live tickets go back to their queue's waiting line, each announced
   * (the agents' lists update live, and the old audience drops it) and passed to onTicketUpdate.
   */
  async function releaseUser(companyId: number, userId: number, byUserId?: number) {
    // No longer a candidate for automatic assignment: the released tickets must go to someone else.
    await User.scoped(companyId).where('id', userId).patch({ online: false, away: true } as Partial<User>);
    const held = await Ticket.scoped(companyId).where({ userId }).whereNot('status', 'closed');
    for (const ticket of held) {
      const released = await Ticket.scoped(companyId).patchAndFetchById(ticket.id, { status: 'pending', userId: null } as Partial<Ticket>);
      await emitUpdate(companyId, released, ticket, byUserId);
    }
  }

  /** Marks a ticket read (the agent opened its messages). */
  async function markRead(companyId: number, ticket: Ticket) {
    if (ticket.unreadMessages === 0) return;
    await Ticket.scoped(companyId).findById(ticket.id).patch({ unreadMessages: 0 } as Partial<Ticket>);
    ticket.unreadMessages = 0;
    await publish({ kind: 'read', companyId, ticket });
  }

  return { load, update, create, remove, close, markRead, emitUpdate, emitChange, releaseUser };
}

export type TicketService = ReturnType<typeof createTicketService>;
