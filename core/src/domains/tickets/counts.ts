import { Ticket } from '../../db/models/index.js';
import type { Actor } from './access.js';

/** The part of a list filter the kept counts can answer (migration 060): status, queues, users and visibility. */
export interface CountFilter {
  status?: string;
  showAll: boolean;
  queueIds?: number[];
  users?: number[];
}

/** Ids as the counts store them: 0 means "none" there, so only real ids (≥ 1) may be matched. */
const realIds = (ids: number[]) => ids.filter((id) => id > 0);

/**
 * The number of tickets `listTickets` would match with this filter, read from `ticketCounts` (a few rows a
 * company) instead of counting the tickets. Mirrors the list's conditions one for one: an id list that
 * held only ids no ticket can have (0, negatives) matches nothing, as `IN (0)` does on the tickets (a queue
 * list still matches the tickets without a queue, as the list does).
 */
export async function keptTicketCount(actor: Actor, filter: CountFilter): Promise<number> {
  const q = Ticket.knex()('ticketCounts').where('companyId', actor.companyId);
  if (filter.status) q.where('status', filter.status);
  if (!filter.showAll) {
    const mine = realIds(actor.queueIds);
    q.where((visible) => {
      visible.where('userId', actor.id).orWhere((unassigned) => {
        unassigned.where('userId', 0).where((queue) => {
          queue.whereIn('queueId', mine.length ? mine : [-1]);
          if (actor.isAdmin || actor.allTicket) queue.orWhere('queueId', 0);
        });
      });
    });
  }
  // As the list: the chosen queues and the tickets without one (kept as queue 0).
  if (filter.queueIds?.length) q.whereIn('queueId', [...realIds(filter.queueIds), 0]);
  if (filter.users?.length) q.whereIn('userId', realIds(filter.users).length ? realIds(filter.users) : [-1]);
  const row = await q.sum({ total: 'n' }).first() as { total: number | string | null } | undefined;
  return Number(row?.total ?? 0);
}
