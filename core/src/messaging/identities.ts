import { randomUUID } from 'node:crypto';
import { Contact, ContactIdentity } from '../db/models/index.js';
import { isUniqueViolation } from '../db/errors.js';
import { AppError } from '../http/errors.js';
import type { ProviderRegistry } from './providers/registry.js';

/**
 * Contacts on channels whose address is not a phone number (ChannelCapabilities.addressing 'opaque': a messaging app's
 * chat id, a page-scoped id). The address is kept as the contact's identity on that channel kind
 * (contactIdentities, unique per company, kind and address); the contact's `number`, which the core's paths key a
 * contact by, is then `<kind>:<address>` for a contact first met there: never digits only, so it can neither
 * collide with a phone number (numbers are stored as digits) nor be taken for one (normalizeNumber reads no digits
 * in it). A merge with a phone contact gives the survivor the phone number (domains/contacts/merge.ts).
 */

/** The `number` key of a contact first met on an opaque channel. */
export const opaqueNumber = (kind: string, address: string) => `${kind}:${address}`;

/** Whether a contact's `number` is such a key rather than a phone number. */
export const isOpaqueNumber = (number: string) => number.includes(':');

/** The identity's contact `number` (a contact merged into a phone contact answers the phone number). */
export async function numberOfIdentity(companyId: number, kind: string, address: string): Promise<string | undefined> {
  const row = await ContactIdentity.scoped(companyId).join('contacts', 'contacts.id', 'contactIdentities.contactId')
    .where({ 'contactIdentities.kind': kind, 'contactIdentities.address': address }).select('contacts.number').first() as unknown as { number: string } | undefined;
  return row?.number;
}

/**
 * The `number` the inbound pipeline keys the sender by, for a message on an opaque channel: the contact of the
 * identity, or a new contact with its identity (a first message, as the phone path creates a contact). Races end
 * on the unique keys: the loser reads the winner's rows.
 */
export async function contactNumberOfIdentity(companyId: number, whatsappId: number, kind: string, address: string, pushName?: string): Promise<string> {
  const known = await numberOfIdentity(companyId, kind, address);
  if (known) return known;
  const number = opaqueNumber(kind, address);
  let contact: Contact | undefined;
  try {
    contact = await Contact.scoped(companyId).insertAndFetch({
      uuid: randomUUID(), number, isGroup: false, whatsappId, name: (pushName ?? '').trim().slice(0, 255) || number,
    } as Partial<Contact>);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    contact = await Contact.scoped(companyId).where({ number }).first();
    if (!contact) throw err;
  }
  try {
    await ContactIdentity.scoped(companyId).insert({ contactId: contact.id, kind, address } as Partial<ContactIdentity>);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return (await numberOfIdentity(companyId, kind, address)) ?? number;
  }
  return contact.number;
}

/**
 * Where a provider sends to this contact on a connection of `kind`: its number on a phone-addressed channel (no
 * statement), its identity's address on an opaque one. A contact never met on that channel cannot be written to
 * there (400 ERR_NO_CONTACT_IDENTITY).
 */
export async function addressOn(registry: ProviderRegistry | undefined, companyId: number, kind: string | undefined, contact: Pick<Contact, 'id' | 'number'>): Promise<string> {
  if (!kind || registry?.capabilities(kind)?.addressing !== 'opaque') return contact.number;
  const identity = await ContactIdentity.scoped(companyId).where({ contactId: contact.id, kind }).orderBy('id').select('address').first();
  if (!identity) throw new AppError('ERR_NO_CONTACT_IDENTITY', 400, `The contact has no address on "${kind}" connections`);
  return identity.address;
}

/** A contact's identities, oldest first (the drawer, the export). */
export async function identitiesOf(companyId: number, contactId: number) {
  const rows = await ContactIdentity.scoped(companyId).where({ contactId }).orderBy('id').select('kind', 'address', 'createdAt');
  return rows.map((r) => ({ kind: r.kind, address: r.address, createdAt: r.createdAt ?? null }));
}
