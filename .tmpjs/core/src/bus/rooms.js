const rooms = {
  /** Every socket of the company: events that are not about one ticket (settings, contacts …). */
  company: (companyId) => `company-${companyId}`,
  user: (userId) => `user-${userId}`,
  ticket: (ticketId) => `ticket-${ticketId}`,
  notification: (companyId) => `company-${companyId}-notification`,
  /** Admins (profile admin or super) of the company: they see every ticket. */
  admins: (companyId) => `company-${companyId}-admins`,
  /** Users who belong to the queue. */
  queue: (companyId, queueId) => `company-${companyId}-queue-${queueId}`,
  /** Users with allTicket enabled: they see the tickets without a queue. */
  unqueued: (companyId) => `company-${companyId}-unqueued`,
  /** An expired company's renewal sockets: they hear its payment events and nothing else. */
  billing: (companyId) => `company-${companyId}-billing`
};
const idOrNull = (value) => value === null || value === void 0 ? null : Number(value);
function audienceOf(ticket) {
  return { id: Number(ticket.id), queueId: idOrNull(ticket.queueId), userId: idOrNull(ticket.userId) };
}
function viewerRooms(companyId, viewer) {
  if (viewer.isAdmin) return [rooms.admins(companyId)];
  const list = viewer.queueIds.map((queueId) => rooms.queue(companyId, queueId));
  if (viewer.allTicket) list.push(rooms.unqueued(companyId));
  return list;
}
function ticketRooms(companyId, ticket) {
  const { queueId, userId } = audienceOf(ticket);
  const list = [rooms.admins(companyId), queueId ? rooms.queue(companyId, queueId) : rooms.unqueued(companyId)];
  if (userId) list.push(rooms.user(userId));
  return list;
}
function isAudienceRoom(companyId, room) {
  return room === rooms.admins(companyId) || room === rooms.unqueued(companyId) || room.startsWith(`company-${companyId}-queue-`);
}
export {
  audienceOf,
  isAudienceRoom,
  rooms,
  ticketRooms,
  viewerRooms
};
