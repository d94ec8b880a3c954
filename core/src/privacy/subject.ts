import { Contact, Message, Schedule, Ticket } from '../db/models/index.js';
import { notFound } from '../http/errors.js';
import type { PrivacySubject } from './types.js';

/** The contact of the company (404 ERR_NO_CONTACT_FOUND otherwise) and the ids of all its tickets. */
export async function loadSubject(companyId: number, contactId: number): Promise<PrivacySubject> {
  const contact = await Contact.scoped(companyId).findById(contactId);
  if (!contact) throw notFound('ERR_NO_CONTACT_FOUND', 'Contact not found');
  const tickets = await Ticket.scoped(companyId).where({ contactId }).select('id').orderBy('id');
  return {
    companyId,
    contact: { id: contact.id, name: contact.name, number: contact.number, lid: contact.lid ?? null, email: contact.email ?? null },
    ticketIds: tickets.map((t) => t.id),
  };
}

/** The contact's messages: those of its tickets, and what it wrote in group tickets (a participant's messages carry its id). */
export const messagesOf = (subject: PrivacySubject) =>
  Message.scoped(subject.companyId).where((q) => q.whereIn('ticketId', subject.ticketIds).orWhere('contactId', subject.contact.id));

export const schedulesOf = (subject: PrivacySubject) => Schedule.scoped(subject.companyId).where('contactId', subject.contact.id);

/** The storage key of a message's file: kept in `data.mediaKey`; older rows only have the URL (…/media/<key>). */
export function mediaKeyOf(message: { data?: unknown; mediaUrl?: string | null }): string | undefined {
  const data = message.data as { mediaKey?: unknown } | null | undefined;
  if (data && typeof data.mediaKey === 'string') return data.mediaKey;
  const at = message.mediaUrl?.indexOf('/media/') ?? -1;
  return at >= 0 ? decodeURIComponent(message.mediaUrl!.slice(at + '/media/'.length)) : undefined;
}
