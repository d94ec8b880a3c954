import { Ticket } from "../db/models/index.js";
import { isUniqueViolation, RetryTransaction } from "../db/errors.js";
import { newTicketFields } from "../domains/tickets/lifecycle.js";
function findLiveTicket(companyId, contactId, whatsappId, trx) {
  return Ticket.scoped(companyId).transacting(trx).where({ contactId, whatsappId, liveSlot: 1 }).first();
}
async function openLiveTicket(companyId, fields, trx) {
  const existing = await findLiveTicket(companyId, fields.contactId, fields.whatsappId, trx);
  if (existing) return { ticket: existing, created: false };
  try {
    const ticket = await Ticket.scoped(companyId).transacting(trx).insertAndFetch(newTicketFields(fields));
    return { ticket, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    if (trx) throw new RetryTransaction("lost the live-ticket race");
    const winner = await findLiveTicket(companyId, fields.contactId, fields.whatsappId);
    if (!winner) throw err;
    return { ticket: winner, created: false };
  }
}
export {
  findLiveTicket,
  openLiveTicket
};
