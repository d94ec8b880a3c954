import type { FastifyInstance } from 'fastify';
import { Contact, ContactCustomField, ContactIdentity, Message, Schedule, Ticket, TicketNote } from '../../db/models/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import { badRequest, conflict, notFound } from '../../http/errors.js';
import { isOpaqueNumber } from '../../messaging/identities.js';

/**
 * POST /contacts/:id/merge (issue 44): one customer met on two channels becomes one contact. The source's
 * identities, tickets (with their messages), notes, schedules, extra info and tags move to the target, in one
 * transaction, and the source is deleted; every row write is audited as the admin's (audit/model-hooks.ts).
 *
 * A contact keyed by a phone number keeps that number: merging one met only on an opaque channel (its number is
 * `<kind>:<address>`) into a phone contact, or the other way round, leaves the survivor with the phone number, so
 * WhatsApp's path still finds it. Two phone numbers cannot be one contact (the number is the contact's key on
 * WhatsApp: the second number's next message would make a new contact): 409 ERR_MERGE_TWO_NUMBERS. Two live tickets
 * of the two contacts on the same connection cannot both stay live: 409 ERR_MERGE_LIVE_TICKETS (close one first).
 */
export async function mergeContacts(app: FastifyInstance, companyId: number, targetId: number, sourceId: number) {
  const [target, source] = await Promise.all([
    Contact.scoped(companyId).findById(targetId),
    Contact.scoped(companyId).findById(sourceId),
  ]);
  // Another company's contact, on either side, does not exist.
  if (!target || !source) throw notFound('ERR_NO_CONTACT_FOUND', 'Contact not found');
  if (targetId === sourceId) throw badRequest('ERR_MERGE_SAME_CONTACT', 'A contact cannot be merged into itself', { field: 'body/sourceContactId' });
  if (target.isGroup || source.isGroup) throw badRequest('ERR_MERGE_GROUP', 'Groups cannot be merged');
  const targetPhone = !isOpaqueNumber(target.number);
  const sourcePhone = !isOpaqueNumber(source.number);
  if (targetPhone && sourcePhone) throw conflict('ERR_MERGE_TWO_NUMBERS', 'Both contacts have a phone number: a contact keeps one');

  const live = await Ticket.scoped(companyId).whereIn('contactId', [target.id, source.id]).where('liveSlot', 1).select('id', 'contactId', 'whatsappId');
  const liveOf = (contactId: number) => new Set(live.filter((t) => t.contactId === contactId).map((t) => t.whatsappId));
  const targetLive = liveOf(target.id);
  if ([...liveOf(source.id)].some((w) => targetLive.has(w))) {
    throw conflict('ERR_MERGE_LIVE_TICKETS', 'Both contacts have an open ticket on the same connection: close one first');
  }
  const movedTickets = (await Ticket.scoped(companyId).where({ contactId: source.id }).select('id')).map((t) => t.id);

  await app.knex.transaction(async (trx) => {
    const move = { contactId: target.id };
    await ContactIdentity.scoped(companyId).transacting(trx).where({ contactId: source.id }).patch(move as Partial<ContactIdentity>);
    try {
      if (movedTickets.length) await Ticket.scoped(companyId).transacting(trx).whereIn('id', movedTickets).patch(move as Partial<Ticket>);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('ERR_MERGE_LIVE_TICKETS', 'Both contacts have an open ticket on the same connection: close one first');
      throw err;
    }
    await Message.scoped(companyId).transacting(trx).where({ contactId: source.id }).patch(move as Partial<Message>);
    await TicketNote.scoped(companyId).transacting(trx).where({ contactId: source.id }).patch(move as Partial<TicketNote>);
    await Schedule.scoped(companyId).transacting(trx).where({ contactId: source.id }).patch(move as Partial<Schedule>);
    await ContactCustomField.scoped(companyId).transacting(trx).where({ contactId: source.id }).patch(move as Partial<ContactCustomField>);
    // contactTags: (contactId, tagId) is the key, so a tag both carry stays once.
    const targetTags = await trx('contactTags').where({ companyId, contactId: target.id }).pluck('tagId');
    await trx('contactTags').where({ companyId, contactId: source.id }).whereIn('tagId', targetTags).delete();
    await trx('contactTags').where({ companyId, contactId: source.id }).update(move);
    await Contact.scoped(companyId).transacting(trx).where({ id: source.id }).delete();
    const patch: Partial<Contact> = {};
    if (!targetPhone && sourcePhone) Object.assign(patch, { number: source.number, lid: source.lid ?? null });
    if (!target.email && source.email) patch.email = source.email;
    if (target.name === target.number && source.name !== source.number) patch.name = source.name;
    if (Object.keys(patch).length) await Contact.scoped(companyId).transacting(trx).findById(target.id).patch(patch);
  });

  const merged = await Contact.scoped(companyId).findById(target.id).withGraphFetched('extraInfo');
  app.bus.emit(companyId, 'contact', { action: 'delete', contactId: source.id });
  app.bus.emit(companyId, 'contact', { action: 'update', contact: merged });
  for (const ticketId of movedTickets) await app.services.tickets!.emitChange(companyId, ticketId, { changed: ['contactId'] });
  return merged!;
}
