import type { AuthUser } from '../../auth/index.js';
import { User } from '../../db/models/index.js';
import type { Ticket } from '../../db/models/index.js';
import { notFound } from '../../http/errors.js';

/** The caller with what ticket permissions depend on (core §6). */
export interface Actor {
  id: number;
  companyId: number;
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: number[];
  whatsappId: number | null;
  name: string;
}

export async function loadActor(user: AuthUser): Promise<Actor> {
  // Two small reads side by side: a graph fetch of the queues cost more CPU than both (every ticket request loads the actor).
  // userQueues has no companyId: its rows are the caller's own, found by the id of the signed-in user.
  const [row, queues] = await Promise.all([
    User.scoped(user.companyId).findById(user.id).select('id', 'companyId', 'name', 'profile', 'super', 'allTicket', 'whatsappId'),
    User.knex()('userQueues').where({ userId: user.id }).select('queueId') as Promise<Array<{ queueId: number }>>,
  ]);
  if (!row) throw notFound('ERR_NO_USER_FOUND');
  return {
    id: row.id, companyId: row.companyId, name: row.name,
    isAdmin: row.profile === 'admin' || row.super,
    allTicket: row.allTicket === 'enabled',
    queueIds: queues.map((q) => Number(q.queueId)),
    whatsappId: row.whatsappId ?? null,
  };
}

/**
 * Who may see a ticket: an admin any; a user their own, and those of their queues; tickets without a
 * queue only admins (and users with allTicket enabled, who are notified of every pending ticket).
 */
export function canSee(actor: Actor, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (actor.isAdmin || ticket.userId === actor.id) return true;
  return ticket.queueId ? actor.queueIds.includes(ticket.queueId) : actor.allTicket;
}

/** Who may change a ticket: an admin any; a user one they see that is theirs or nobody's yet. */
export function canAct(actor: Actor, ticket: Pick<Ticket, 'userId' | 'queueId'>): boolean {
  if (actor.isAdmin) return true;
  return canSee(actor, ticket) && (ticket.userId === actor.id || !ticket.userId);
}
