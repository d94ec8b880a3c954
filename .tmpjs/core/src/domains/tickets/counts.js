import { Ticket } from "../../db/models/index.js";
const realIds = (ids) => ids.filter((id) => id > 0);
async function keptTicketCount(actor, filter) {
  const q = Ticket.knex()("ticketCounts").where("companyId", actor.companyId);
  if (filter.status) q.where("status", filter.status);
  if (!filter.showAll) {
    const mine = realIds(actor.queueIds);
    q.where((visible) => {
      visible.where("userId", actor.id).orWhere((unassigned) => {
        unassigned.where("userId", 0).where((queue) => {
          queue.whereIn("queueId", mine.length ? mine : [-1]);
          if (actor.isAdmin || actor.allTicket) queue.orWhere("queueId", 0);
        });
      });
    });
  }
  if (filter.queueIds?.length) q.whereIn("queueId", [...realIds(filter.queueIds), 0]);
  if (filter.users?.length) q.whereIn("userId", realIds(filter.users).length ? realIds(filter.users) : [-1]);
  const row = await q.sum({ total: "n" }).first();
  return Number(row?.total ?? 0);
}
export {
  keptTicketCount
};
