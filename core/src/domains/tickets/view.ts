import { Contact, Queue, Tag, Ticket, User, Whatsapp } from '../../db/models/index.js';
import { cachedDisplayNames, freshDisplayNames, type DisplayNames } from '../../db/display-names.js';
import { protocolOf } from '../../messaging/templates.js';
import type { TicketView } from './schemas.js';

export type { TicketView } from './schemas.js';

/** A ticket row as JSON (`Ticket.plainRows`): what the views are built from besides models. */
export type TicketRow = Omit<TicketView, 'protocol' | 'contact' | 'queue' | 'whatsapp' | 'user' | 'tags'> & { protocol?: string | null };

/** Relations the caller already has (the pipeline knows the contact and connection): not re-read. */
export interface KnownRelations {
  contacts?: Array<Contact | TicketView['contact'] & object>;
  whatsapps?: Array<Pick<Whatsapp, 'id' | 'name'> & { provider?: string }>;
  queues?: Array<Pick<Queue, 'id' | 'name' | 'color'>>;
  /** Tags of tickets, by ticket id (ingestion reads them with the ticket): those tickets' tags are not read. */
  tags?: ReadonlyMap<number, Array<Pick<Tag, 'id' | 'name' | 'color'>>>;
}

const uniq = (ids: Array<number | null | undefined>) => [...new Set(ids.filter((id): id is number => typeof id === 'number'))];

/** The company's connection, queue and user names, read once per few seconds (db/display-names.ts). */
const displayNames = (companyId: number): Promise<DisplayNames> => cachedDisplayNames(companyId, async () => {
  const [whatsapps, queues, users] = await Promise.all([
    Whatsapp.plainRows<{ id: number; name: string; provider: string }>(Whatsapp.scoped(companyId).select('id', 'name', 'provider')),
    Queue.plainRows<{ id: number; name: string; color: string }>(Queue.scoped(companyId).select('id', 'name', 'color')),
    User.plainRows<{ id: number; name: string }>(User.scoped(companyId).select('id', 'name')),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r] as const));
  return { whatsapps: byId(whatsapps), queues: byId(queues), users: byId(users) };
});

/**
 * The ticket as the console shows it (core §3): contact, user (name), queue (name, color), whatsapp
 * (name), tags (name, color). Names of connections, queues and users come from the company's cached
 * display names (loaded by a page that needs two of them or more); contacts, tags and any name not cached are
 * read with one query per relation for the whole page, in parallel, as plain rows (no models: every ticket
 * list and ticket event comes through here).
 */
export async function ticketViews(companyId: number, tickets: ReadonlyArray<Ticket | TicketRow>, known: KnownRelations = {}): Promise<TicketView[]> {
  if (tickets.length === 0) return [];
  const need = <T extends { id: number }>(have: T[] | undefined, ids: number[]) => {
    const found = new Map((have ?? []).map((r) => [r.id, r] as const));
    return { found, missing: ids.filter((id) => !found.has(id)) };
  };
  const namesFrom = (names: DisplayNames | undefined) => ({
    whatsapps: need([...(known.whatsapps ?? []), ...(names?.whatsapps.values() ?? [])], uniq(tickets.map((t) => t.whatsappId))),
    queues: need([...(known.queues ?? []), ...(names?.queues.values() ?? [])], uniq(tickets.map((t) => t.queueId))),
    users: need([...(names?.users.values() ?? [])], uniq(tickets.map((t) => t.userId))),
  });
  let named = namesFrom(freshDisplayNames(companyId));
  // Loading the names costs three reads: worth it when at least two relations would be read anyway (a list),
  // not for the one user name an inbound message's ticket may need.
  if ([named.whatsapps, named.queues, named.users].filter((r) => r.missing.length > 0).length >= 2) named = namesFrom(await displayNames(companyId));
  const { whatsapps, queues, users } = named;
  const contacts = need(known.contacts, uniq(tickets.map((t) => t.contactId)));
  const tagsKnown = known.tags ?? new Map<number, Array<Pick<Tag, 'id' | 'name' | 'color'>>>();
  const ticketIds = tickets.map((t) => t.id).filter((id) => !tagsKnown.has(id));

  const none = Promise.resolve([]);
  const [contactRows, whatsappRows, queueRows, userRows, tagRows] = await Promise.all([
    contacts.missing.length ? Contact.plainRows<Contact>(Contact.scoped(companyId).whereIn('id', contacts.missing)) : none,
    whatsapps.missing.length ? Whatsapp.plainRows<Pick<Whatsapp, 'id' | 'name' | 'provider'>>(Whatsapp.scoped(companyId).whereIn('id', whatsapps.missing).select('id', 'name', 'provider')) : none,
    queues.missing.length ? Queue.plainRows<Pick<Queue, 'id' | 'name' | 'color'>>(Queue.scoped(companyId).whereIn('id', queues.missing).select('id', 'name', 'color')) : none,
    users.missing.length ? User.plainRows<Pick<User, 'id' | 'name'>>(User.scoped(companyId).whereIn('id', users.missing).select('id', 'name')) : none,
    !ticketIds.length ? none : Tag.plainRows<Pick<Tag, 'id' | 'name' | 'color'> & { ticketId: number }>(Tag.scoped(companyId).join('ticketTags', 'ticketTags.tagId', 'tags.id')
      .where('ticketTags.companyId', companyId).whereIn('ticketTags.ticketId', ticketIds).select('tags.id', 'tags.name', 'tags.color', 'ticketTags.ticketId')),
  ]);
  for (const r of contactRows) contacts.found.set(r.id, r);
  for (const r of whatsappRows) whatsapps.found.set(r.id, r);
  for (const r of queueRows) queues.found.set(r.id, r);
  for (const r of userRows) users.found.set(r.id, r);
  const tagsOf = new Map<number, Array<{ id: number; name: string; color: string }>>(
    [...tagsKnown].map(([id, tags]) => [id, tags.map((tag) => ({ id: tag.id, name: tag.name, color: tag.color }))]));
  for (const tag of tagRows) {
    const list = tagsOf.get(Number(tag.ticketId)) ?? [];
    list.push({ id: tag.id, name: tag.name, color: tag.color });
    tagsOf.set(Number(tag.ticketId), list);
  }

  return tickets.map((t) => {
    const json = ('toJSON' in t && typeof t.toJSON === 'function' ? t.toJSON() : t) as unknown as TicketView;
    const contact = contacts.found.get(t.contactId);
    const queue = t.queueId ? queues.found.get(t.queueId) : undefined;
    const whatsapp = t.whatsappId ? whatsapps.found.get(t.whatsappId) : undefined;
    const user = t.userId ? users.found.get(t.userId) : undefined;
    return {
      ...json,
      protocol: protocolOf(t),
      contact: contact ? (('toJSON' in contact && typeof contact.toJSON === 'function' ? contact.toJSON() : contact) as TicketView['contact']) : null,
      queue: queue ? { id: queue.id, name: queue.name, color: queue.color } : null,
      // The channel kind rides along with the name (same rows): the list and header show its icon.
      whatsapp: whatsapp ? { id: whatsapp.id, name: whatsapp.name, ...(whatsapp.provider ? { provider: whatsapp.provider } : {}) } : null,
      user: user ? { id: user.id, name: user.name } : null,
      tags: tagsOf.get(t.id) ?? [],
    };
  });
}

export async function ticketView(companyId: number, ticket: Ticket | TicketRow, known: KnownRelations = {}): Promise<TicketView> {
  return (await ticketViews(companyId, [ticket], known))[0];
}
