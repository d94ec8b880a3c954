import type { AtriumSdk, Tag, Ticket } from '@atrium/core/sdk';
import type { BoardScope } from './access.js';
import type { LaneTag, TicketCard } from './types.js';

/** Most cards one board answer carries (live tickets, newest first). */
export const BOARD_LIMIT = 500;
const LIVE = ['open', 'pending'];

export const toTagCard = (tag: Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>): LaneTag => ({ id: tag.id, name: tag.name, color: tag.color, kanban: Number(tag.kanban) });

/** The card shape the board, the routes and the realtime event share. */
export function toTicketCard(ticket: Ticket): TicketCard {
  const json = ticket.toJSON() as unknown as Ticket;
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    queueId: ticket.queueId ?? null,
    userId: ticket.userId ?? null,
    lastMessage: ticket.lastMessage ?? null,
    unreadMessages: Number(ticket.unreadMessages ?? 0),
    updatedAt: String(json.updatedAt),
    contact: ticket.contact
      ? { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number, profilePicUrl: ticket.contact.profilePicUrl ?? null }
      : null,
    tags: (ticket.tags ?? []).map(toTagCard).sort((a, b) => a.id - b.id),
  };
}

/** Live tickets the scope allows, newest first, with contact and tags. */
export async function listBoardTickets(sdk: AtriumSdk, companyId: number, scope: BoardScope): Promise<TicketCard[]> {
  const query = sdk.models.Ticket.scoped(companyId)
    .whereIn('tickets.status', LIVE)
    .withGraphFetched('[contact, tags]')
    .orderBy('tickets.updatedAt', 'desc')
    .orderBy('tickets.id', 'desc')
    .limit(BOARD_LIMIT);
  if (scope.kind === 'queues') {
    query.where((qb) => {
      if (scope.queueIds.length > 0) qb.whereIn('tickets.queueId', scope.queueIds);
      else qb.whereRaw('1 = 0');
      if (scope.includeUnqueued) {
        qb.orWhere((sub) => {
          sub.whereNull('tickets.queueId');
          if (scope.unqueuedUserId !== undefined) sub.where('tickets.userId', scope.unqueuedUserId);
        });
      }
    });
  }
  const tickets = await query;
  return tickets.map(toTicketCard);
}

/** One ticket of the company as a card, or undefined (another company's id reads as missing). */
export async function findTicketCard(sdk: AtriumSdk, companyId: number, ticketId: number): Promise<TicketCard | undefined> {
  const ticket = await sdk.models.Ticket.scoped(companyId).findById(ticketId).withGraphFetched('[contact, tags]');
  return ticket ? toTicketCard(ticket) : undefined;
}

/** The company's kanban tags: the board's lanes, in creation order. */
export async function listLaneTags(sdk: AtriumSdk, companyId: number): Promise<LaneTag[]> {
  return (await sdk.services.tags.kanbanLanes(companyId)).map(toTagCard);
}
