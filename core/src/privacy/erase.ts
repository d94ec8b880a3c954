import type { FastifyInstance } from 'fastify';
import { Contact, ContactCustomField, ContactIdentity, Ticket, TicketNote } from '../db/models/index.js';
import { SandboxOutbox } from '../messaging/providers/sandbox-outbox.js';
import { publishTicket } from '../domains/tickets/lifecycle.js';
import { eraseFromAuditLog } from '../audit/erase.js';
import { recordPrivacyEvent } from './record.js';
import { removeFiles } from './files-in-use.js';
import { mediaKeyOf, messagesOf, schedulesOf } from './subject.js';
import type { PrivacySubject } from './types.js';

/**
 * Erases a contact and everything held about it (LGPD / GDPR erasure): first each plugin's rows (through
 * its `sdk.privacy` handler: campaign list items and sends, flow runs, bot sessions), then in one transaction the
 * core's (messages, including its messages in group tickets, notes, schedules, tickets with their tags, custom
 * fields, the sandbox phone's copy, the contact), then the files of its messages and schedules. A failure leaves
 * the contact in place, so the erasure can be asked for again (every step removes what is still there). The
 * record says who erased how much, never what.
 */
export async function eraseContact(app: FastifyInstance, subject: PrivacySubject, userId: number): Promise<Record<string, number>> {
  const { companyId, ticketIds, contact } = subject;
  const counts: Record<string, number> = {};
  for (const handler of app.privacy.handlers()) {
    for (const [table, n] of Object.entries(await handler.erase(subject))) counts[`${handler.pluginId}.${table}`] = n;
  }

  const keys = new Set<string>();
  for (const m of await messagesOf(subject).select('id', 'data', 'mediaUrl').whereNotNull('mediaUrl')) {
    const key = mediaKeyOf(m);
    if (key) keys.add(key);
  }
  for (const s of await schedulesOf(subject).whereNotNull('mediaPath').select('mediaPath')) keys.add(s.mediaPath!);
  const tickets = await Ticket.scoped(companyId).whereIn('id', ticketIds);
  const numbers = [contact.number, contact.lid].filter((n): n is string => Boolean(n));
  const addresses = (await ContactIdentity.scoped(companyId).where('contactId', contact.id).select('address')).map((i) => i.address);

  await app.knex.transaction(async (trx) => {
    counts.messages = await messagesOf(subject).transacting(trx).delete();
    counts.notes = await TicketNote.scoped(companyId).transacting(trx).where((q) => q.whereIn('ticketId', ticketIds).orWhere('contactId', contact.id)).delete();
    counts.schedules = await schedulesOf(subject).transacting(trx).delete();
    // Deleted one by one by the database's own triggers on MariaDB too (the kept ticket counts), unlike a cascade.
    counts.tickets = await Ticket.scoped(companyId).transacting(trx).whereIn('id', ticketIds).delete();
    counts.customFields = await ContactCustomField.scoped(companyId).transacting(trx).where('contactId', contact.id).delete();
    counts.contactTags = await trx('contactTags').where({ companyId, contactId: contact.id }).delete();
    counts.identities = await ContactIdentity.scoped(companyId).transacting(trx).where('contactId', contact.id).delete();
    counts.sandboxOutbox = await SandboxOutbox.scoped(companyId).transacting(trx).whereIn('to', numbers).delete();
    counts.contacts = await Contact.scoped(companyId).transacting(trx).where('id', contact.id).delete();
  });

  counts.files = await removeFiles(app, companyId, [...keys]);
  // Last, so the entries the erasure's own deletes wrote are blanked too.
  counts.auditEntries = await eraseFromAuditLog(app.knex, { companyId, contactId: contact.id, ticketIds, values: [...numbers, ...addresses, contact.name, contact.email] });

  for (const ticket of tickets) await publishTicket({ bus: app.bus, hooks: app.hooks, log: app.log }, { kind: 'deleted', companyId, ticket, userId });
  app.bus.emit(companyId, 'contact', { action: 'delete', contactId: contact.id });
  await recordPrivacyEvent({ companyId, kind: 'erasure', contactId: contact.id, userId, counts });
  return counts;
}
