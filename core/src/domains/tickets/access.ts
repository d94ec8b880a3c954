import type { AuthUser } from '../../auth/index.js';
import { loadCaller } from '../../auth/caller.js';
import { Ticket } from '../../db/models/index.js';
import { forbidden, notFound } from '../../http/errors.js';

/** The caller with what ticket permissions depend on (core §6): a part of the request's `Caller` (auth/caller.ts). */
export interface Actor {
  id: number;
  companyId: number;
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: number[];
  whatsappId: number | null;
  name: string;
}

/** The caller as the ticket routes check them, cached for a moment per process (db/caller-cache.ts says when it is forgotten). */
export async function loadActor(user: Pick<AuthUser, 'id' | 'companyId'>): Promise<Actor> {
  const caller = await loadCaller(user.companyId, user.id);
  if (!caller) throw notFound('ERR_NO_USER_FOUND');
  return caller;
}

/**
 * Who may see a ticket: an admin any; a user their own, and those of their queues; tickets without a
 * queue only admins (and users with allTicket enabled, who are notified of every pending ticket).
 */
export function canSee(actor: Pick<Actor, 'id' | 'isAdmin' | 'allTicket' | 'queueIds'>, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (actor.isAdmin || ticket.userId === actor.id) return true;
  return ticket.queueId ? actor.queueIds.includes(ticket.queueId) : actor.allTicket;
}

/** Who may change a ticket: an admin any; a user one they see that is theirs or nobody's yet. */
export function canAct(actor: Actor, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (actor.isAdmin) return true;
  return canSee(actor, ticket) && (ticket.userId === actor.id || !ticket.userId);
}

/**
 * The ticket `ticketId` of the caller's company if the caller may see it (core §6): 404 when the company
 * has no such ticket, 403 when it is outside what the caller sees. Routes about one ticket (notes, tags,
 * plugins through sdk.services.tickets) check with this, as the tickets routes do.
 */
export async function visibleTicket(user: Pick<AuthUser, 'id' | 'companyId'>, ticketId: number): Promise<Ticket> {
  const [actor, ticket] = await Promise.all([loadActor(user), Ticket.scoped(user.companyId).findById(ticketId)]);
  if (!ticket) throw notFound('ERR_NO_TICKET_FOUND', 'Ticket not found');
  if (!canSee(actor, ticket)) throw forbidden('ERR_NO_PERMISSION', 'You may not see this ticket');
  return ticket;
}

/** `canSee` as a where clause on a tickets table (alias `table`), for lists of things that belong to tickets. */
export function whereCanSee(actor: Actor, table = 'tickets') {
  return (q: import('knex').Knex.QueryBuilder) => {
    if (actor.isAdmin) return;
    q.where(`${table}.userId`, actor.id).orWhereIn(`${table}.queueId`, actor.queueIds.length ? actor.queueIds : [0]);
    if (actor.allTicket) q.orWhereNull(`${table}.queueId`);
  };
}
