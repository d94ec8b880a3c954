import { loadCaller } from "../../auth/caller.js";
import { Ticket } from "../../db/models/index.js";
import { forbidden, notFound } from "../../http/errors.js";
async function loadActor(user) {
  const caller = await loadCaller(user.companyId, user.id);
  if (!caller) throw notFound("ERR_NO_USER_FOUND");
  return caller;
}
function canSee(actor, ticket) {
  if (actor.isAdmin || ticket.userId === actor.id) return true;
  return ticket.queueId ? actor.queueIds.includes(ticket.queueId) : actor.allTicket;
}
function canAct(actor, ticket) {
  if (actor.isAdmin) return true;
  return canSee(actor, ticket) && (ticket.userId === actor.id || !ticket.userId);
}
async function visibleTicket(user, ticketId) {
  const [actor, ticket] = await Promise.all([loadActor(user), Ticket.scoped(user.companyId).findById(ticketId)]);
  if (!ticket) throw notFound("ERR_NO_TICKET_FOUND", "Ticket not found");
  if (!canSee(actor, ticket)) throw forbidden("ERR_NO_PERMISSION", "You may not see this ticket");
  return ticket;
}
function whereCanSee(actor, table = "tickets") {
  return (q) => {
    if (actor.isAdmin) return;
    q.where(`${table}.userId`, actor.id).orWhereIn(`${table}.queueId`, actor.queueIds.length ? actor.queueIds : [0]);
    if (actor.allTicket) q.orWhereNull(`${table}.queueId`);
  };
}
export {
  canAct,
  canSee,
  loadActor,
  visibleTicket,
  whereCanSee
};
