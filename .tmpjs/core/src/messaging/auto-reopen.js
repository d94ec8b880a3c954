import { raw } from "objection";
import { Ticket } from "../db/models/index.js";
import { toDbTime } from "../db/time.js";
async function reopenRecentlyClosed(trx, input) {
  const { companyId, contactId, whatsappId, minutes } = input;
  if (!(minutes > 0)) return void 0;
  const since = toDbTime(Date.parse(`${input.now.replace(" ", "T")}Z`) - minutes * 6e4);
  const before = await Ticket.scoped(companyId).transacting(trx).where({ contactId, whatsappId, status: "closed" }).orderBy("id", "desc").first();
  if (!before?.closedAt || toDbTime(before.closedAt) < since) return void 0;
  const reopened = await Ticket.scoped(companyId).transacting(trx).where({ id: before.id, status: "closed" }).patch({
    ...input.activity,
    status: "pending",
    closedAt: null,
    ratingRequestedAt: null,
    unreadMessages: raw("?? + ?", ["unreadMessages", 1])
  });
  if (!reopened) return void 0;
  const ticket = await Ticket.scoped(companyId).transacting(trx).findById(before.id);
  return { ticket, before };
}
const autoReopenMinutes = (value) => Number(value || 0) || 0;
export {
  autoReopenMinutes,
  reopenRecentlyClosed
};
