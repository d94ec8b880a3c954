import { randomUUID } from 'node:crypto';
import { Contact } from '../../db/models/index.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Bus } from '../../bus/index.js';

/**
 * The company's contact for a normalised number, created on first use (named after the number unless a
 * name is given) and announced on the bus. The unique key (companyId, number) settles concurrent first uses.
 */
export async function findOrCreateContact(bus: Bus, companyId: number, number: string, name?: string): Promise<{ contact: Contact; created: boolean }> {
  const existing = await Contact.scoped(companyId).findOne({ number });
  if (existing) return { contact: existing, created: false };
  try {
    const contact = await Contact.scoped(companyId).insertAndFetch({ uuid: randomUUID(), name: name?.trim() || number, number, isGroup: false } as Partial<Contact>);
    bus.emit(companyId, 'contact', { action: 'create', contact });
    return { contact, created: true };
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    return { contact: (await Contact.scoped(companyId).findOne({ number }))!, created: false };
  }
}
