import { Contact, ContactCustomField, Ticket, TicketNote } from "../db/models/index.js";
import { SandboxOutbox } from "../messaging/providers/sandbox-outbox.js";
import { publishTicket } from "../domains/tickets/lifecycle.js";
import { eraseFromAuditLog } from "../audit/erase.js";
import { recordPrivacyEvent } from "./record.js";
import { removeFiles } from "./files-in-use.js";
import { mediaKeyOf, messagesOf, schedulesOf } from "./subject.js";
async function eraseContact(app, subject, userId) {
  const { companyId, ticketIds, contact } = subject;
  const counts = {};
  for (const handler of app.privacy.handlers()) {
    for (const [table, n] of Object.entries(await handler.erase(subject))) counts[`${handler.pluginId}.${table}`] = n;
  }
  const keys = /* @__PURE__ */ new Set();
  for (const m of await messagesOf(subject).select("id", "data", "mediaUrl").whereNotNull("mediaUrl")) {
    const key = mediaKeyOf(m);
    if (key) keys.add(key);
  }
  for (const s of await schedulesOf(subject).whereNotNull("mediaPath").select("mediaPath")) keys.add(s.mediaPath);
  const tickets = await Ticket.scoped(companyId).whereIn("id", ticketIds);
  const numbers = [contact.number, contact.lid].filter((n) => Boolean(n));
  await app.knex.transaction(async (trx) => {
    counts.messages = await messagesOf(subject).transacting(trx).delete();
    counts.notes = await TicketNote.scoped(companyId).transacting(trx).where((q) => q.whereIn("ticketId", ticketIds).orWhere("contactId", contact.id)).delete();
    counts.schedules = await schedulesOf(subject).transacting(trx).delete();
    counts.tickets = await Ticket.scoped(companyId).transacting(trx).whereIn("id", ticketIds).delete();
    counts.customFields = await ContactCustomField.scoped(companyId).transacting(trx).where("contactId", contact.id).delete();
    counts.contactTags = await trx("contactTags").where({ companyId, contactId: contact.id }).delete();
    counts.sandboxOutbox = await SandboxOutbox.scoped(companyId).transacting(trx).whereIn("to", numbers).delete();
    counts.contacts = await Contact.scoped(companyId).transacting(trx).where("id", contact.id).delete();
  });
  counts.files = await removeFiles(app, companyId, [...keys]);
  counts.auditEntries = await eraseFromAuditLog(app.knex, { companyId, contactId: contact.id, ticketIds, values: [...numbers, contact.name, contact.email] });
  for (const ticket of tickets) await publishTicket({ bus: app.bus, hooks: app.hooks, log: app.log }, { kind: "deleted", companyId, ticket, userId });
  app.bus.emit(companyId, "contact", { action: "delete", contactId: contact.id });
  await recordPrivacyEvent({ companyId, kind: "erasure", contactId: contact.id, userId, counts });
  return counts;
}
export {
  eraseContact
};
