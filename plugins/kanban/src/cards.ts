import type { AtriumSdk, Tag, TicketView } from '@atrium/core/sdk';
import type { BoardScope } from './access.js';
import type { LaneTag, TicketCard } from './types.js';

/** Most cards one board answer carries (live tickets, newest first). */
export const BOARD_LIMIT = 500;
const LIVE: Array<'open' | 'pending'> = ['open', 'pending'];

export const toTagCard = (tag: Pick<Tag, 'id' | 'name' | 'color' | 'kanban'>): LaneTag => ({ id: tag.id, name: tag.name, color: tag.color, kanban: Number(tag.kanban) });

/**
 * The card shape the board, the routes and the realtime event share, from the core's ticket view. The view's tags
 * carry no `kanban`: a tag is a lane (kanban 1) exactly when it is among the company's lanes.
 */
export function toTicketCard(ticket: TicketView, laneIds: ReadonlySet<number>): TicketCard {
  return {
    id: ticket.id,
    uuid: ticket.uuid,
    status: ticket.status,
    queueId: ticket.queueId ?? null,
    userId: ticket.userId ?? null,
    lastMessage: ticket.lastMessage ?? null,
    unreadMessages: Number(ticket.unreadMessages ?? 0),
    updatedAt: String(ticket.updatedAt),
    contact: ticket.contact
      ? { id: ticket.contact.id, name: ticket.contact.name, number: ticket.contact.number, profilePicUrl: ticket.contact.profilePicUrl ?? null }
      : null,
    tags: ticket.tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color, kanban: laneIds.has(tag.id) ? 1 : 0 })).sort((a, b) => a.id - b.id),
  };
}

const laneIdsOf = async (sdk: AtriumSdk, companyId: number) => new Set((await sdk.services.tags.kanbanLanes(companyId)).map((tag) => tag.id));


/** Live tickets the scope allows, newest first, with contact and tags. */
export async function listBoardTickets(sdk: AtriumSdk, companyId: number, scope: BoardScope): Promise<TicketCard[]> {
  const [tickets, laneIds] = await Promise.all([
    sdk.services.tickets.views(companyId, {
      statuses: LIVE,
      limit: BOARD_LIMIT,
      ...(scope.kind === 'queues'
        ? { queues: { ids: scope.queueIds, unqueued: scope.includeUnqueued && (scope.unqueuedUserId !== undefined ? { userId: scope.unqueuedUserId } : true) } }
        : {}),
    }),
    laneIdsOf(sdk, companyId),
  ]);
  return tickets.map((ticket) => toTicketCard(ticket, laneIds));
}

/** One ticket of the company as a card, or undefined (another company's id reads as missing). */
export async function findTicketCard(sdk: AtriumSdk, companyId: number, ticketId: number): Promise<TicketCard | undefined> {
  const [ticket, laneIds] = await Promise.all([sdk.services.tickets.view(companyId, ticketId), laneIdsOf(sdk, companyId)]);
  return ticket ? toTicketCard(ticket, laneIds) : undefined;
}

/** The company's kanban tags: the board's lanes, in creation order. */
export async function listLaneTags(sdk: AtriumSdk, companyId: number): Promise<LaneTag[]> {
  return (await sdk.services.tags.kanbanLanes(companyId)).map(toTagCard);
}
