import { Message, MessageEdit, Ticket } from "../db/models/index.js";
import { publishTicket } from "../domains/tickets/lifecycle.js";
async function editWithHistory(knex, companyId, message, body, editor) {
  if ((message.body ?? "") === body) return void 0;
  return knex.transaction(async (trx) => {
    await MessageEdit.scoped(companyId).transacting(trx).insert({
      messageId: message.id,
      previousBody: message.body ?? null,
      fromMe: editor.fromMe,
      userId: editor.userId,
      createdAt: (/* @__PURE__ */ new Date()).toISOString()
    });
    return message.$query(trx).patchAndFetch({ body, isEdited: true });
  });
}
async function refreshLastMessage(deps, companyId, message) {
  const latest = await Message.scoped(companyId).where("ticketId", message.ticketId).max("id as id").first();
  if (Number(latest?.id) !== message.id) return;
  const ticket = await Ticket.scoped(companyId).findById(message.ticketId);
  if (!ticket || ticket.lastMessage === message.body) return;
  await ticket.$query().patch({ lastMessage: message.body ?? "" });
  ticket.lastMessage = message.body ?? "";
  await publishTicket(deps, { kind: "activity", companyId, ticket });
}
export {
  editWithHistory,
  refreshLastMessage
};
