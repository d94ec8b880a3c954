/**
 * Socket.io room names, and who hears a ticket (core §6) expressed as rooms.
 *
 * A socket joins, once at connect (and again when its user's profile or queues change), the rooms of
 * what its user may see: the admins' room, one room per queue of the user, the room of tickets without
 * a queue (users with allTicket) and its own user room. A ticket event names the few rooms of that
 * ticket's audience, so socket.io's union of those rooms is exactly the sockets allowed to see it;
 * nothing ticket-related goes to the whole company.
 */

/** What a socket's rooms depend on: the fields of the tickets' `Actor` that decide visibility. */
export interface Viewer { id: number; isAdmin: boolean; allTicket: boolean; queueIds: number[] }

/** What a ticket's audience depends on. */
export interface TicketAudience { id: number; queueId: number | null; userId: number | null }

/** A ticket row or view: only id, queueId and userId are read. */
export interface TicketLike { id: number; queueId?: unknown; userId?: unknown }

export const rooms = {
  /** Every socket of the company: events that are not about one ticket (settings, contacts …). */
  company: (companyId: number) => `company-${companyId}`,
  user: (userId: number) => `user-${userId}`,
  ticket: (ticketId: number | string) => `ticket-${ticketId}`,
  notification: (companyId: number) => `company-${companyId}-notification`,
  /** Admins (profile admin or super) of the company: they see every ticket. */
  admins: (companyId: number) => `company-${companyId}-admins`,
  /** Users who belong to the queue. */
  queue: (companyId: number, queueId: number) => `company-${companyId}-queue-${queueId}`,
  /** Users with allTicket enabled: they see the tickets without a queue. */
  unqueued: (companyId: number) => `company-${companyId}-unqueued`,
  /** An expired company's renewal sockets: they hear its payment events and nothing else. */
  billing: (companyId: number) => `company-${companyId}-billing`,
};

const idOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export function audienceOf(ticket: TicketLike): TicketAudience {
  return { id: Number(ticket.id), queueId: idOrNull(ticket.queueId), userId: idOrNull(ticket.userId) };
}

/** The audience rooms a viewer's sockets join (besides the company and user rooms every socket has). */
export function viewerRooms(companyId: number, viewer: Viewer): string[] {
  if (viewer.isAdmin) return [rooms.admins(companyId)];
  const list = viewer.queueIds.map((queueId) => rooms.queue(companyId, queueId));
  if (viewer.allTicket) list.push(rooms.unqueued(companyId));
  return list;
}

/**
 * The rooms whose members may see the ticket: the admins, its queue's members (or, without a queue,
 * the allTicket users) and its assigned user. Mirrors `canSee` in domains/tickets/access.ts.
 */
export function ticketRooms(companyId: number, ticket: TicketLike): string[] {
  const { queueId, userId } = audienceOf(ticket);
  const list = [rooms.admins(companyId), queueId ? rooms.queue(companyId, queueId) : rooms.unqueued(companyId)];
  if (userId) list.push(rooms.user(userId));
  return list;
}

/** Whether a room is one of the company's audience rooms (left when the viewer's access changes). */
export function isAudienceRoom(companyId: number, room: string): boolean {
  return room === rooms.admins(companyId) || room === rooms.unqueued(companyId) || room.startsWith(`company-${companyId}-queue-`);
}
