import { Contact, Message, Schedule, Ticket } from "../db/models/index.js";
import { notFound } from "../http/errors.js";
async function loadSubject(companyId, contactId) {
  const contact = await Contact.scoped(companyId).findById(contactId);
  if (!contact) throw notFound("ERR_NO_CONTACT_FOUND", "Contact not found");
  const tickets = await Ticket.scoped(companyId).where({ contactId }).select("id").orderBy("id");
  return {
    companyId,
    contact: { id: contact.id, name: contact.name, number: contact.number, lid: contact.lid ?? null, email: contact.email ?? null },
    ticketIds: tickets.map((t) => t.id)
  };
}
const messagesOf = (subject) => Message.scoped(subject.companyId).where((q) => q.whereIn("ticketId", subject.ticketIds).orWhere("contactId", subject.contact.id));
const schedulesOf = (subject) => Schedule.scoped(subject.companyId).where("contactId", subject.contact.id);
function mediaKeyOf(message) {
  const data = message.data;
  if (data && typeof data.mediaKey === "string") return data.mediaKey;
  const at = message.mediaUrl?.indexOf("/media/") ?? -1;
  return at >= 0 ? decodeURIComponent(message.mediaUrl.slice(at + "/media/".length)) : void 0;
}
export {
  loadSubject,
  mediaKeyOf,
  messagesOf,
  schedulesOf
};
