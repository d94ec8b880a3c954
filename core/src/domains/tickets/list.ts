import { Contact, Ticket } from '../../db/models/index.js';
import { readIds } from '../../db/connection.js';
import { contactNameContains, contactNumberContains, SEARCH_DEPTH, ticketIdIn, ticketsWithMessageMatching } from '../../db/search.js';
import { badRequest } from '../../http/errors.js';
import { offsetOf, pageResult, PAGE_SIZE } from '../../http/schemas.js';
import type { Actor } from './access.js';
import { keptTicketCount } from './counts.js';
import { ticketViews, type TicketRow, type TicketView } from './view.js';

export interface TicketListQuery {
  searchParam?: string;
  pageNumber?: number;
  tags?: string;
  users?: string;
  status?: 'open' | 'pending' | 'closed';
  date?: string;
  updatedAt?: string;
  showAll?: string;
  queueIds?: string;
  withUnreadMessages?: string;
}

/** A JSON array of ids from the query string ("[1,2]"); anything else is a 400 naming the field. */
export function idList(value: string | undefined, field: string): number[] | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: unknown;
  try { parsed = JSON.parse(value); } catch { parsed = undefined; }
  if (!Array.isArray(parsed) || !parsed.every((v) => Number.isInteger(Number(v)))) {
    throw badRequest('ERR_VALIDATION', `${field} must be a JSON array of ids`, { field: `querystring/${field}` });
  }
  return parsed.map(Number);
}

const dayRange = (day: string) => {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return [`${day} 00:00:00.000`, `${next} 00:00:00.000`] as const;
};


/**
 * GET /tickets (core §7). Visibility (core §6): an admin with showAll sees every ticket; otherwise the
 * caller sees their own tickets and the unassigned ones of their queues (unassigned tickets without a
 * queue: admins and users with allTicket). Newest activity first, on the (companyId, status|queueId|userId,
 * updatedAt) indexes; one row more than a page tells hasMore; the count is only computed for page 1.
 */
export async function listTickets(actor: Actor, query: TicketListQuery): Promise<{ tickets: TicketView[]; count?: number; hasMore: boolean }> {
  const companyId = actor.companyId;
  const queueIds = idList(query.queueIds, 'queueIds');
  const users = idList(query.users, 'users');
  const tags = idList(query.tags, 'tags');
  const showAll = actor.isAdmin && query.showAll === 'true';

  const q = Ticket.scoped(companyId);
  if (query.status) q.where('tickets.status', query.status);
  if (!showAll) {
    q.where((visible) => {
      visible.where('tickets.userId', actor.id).orWhere((unassigned) => {
        unassigned.whereNull('tickets.userId').where((queue) => {
          queue.whereIn('tickets.queueId', actor.queueIds.length ? actor.queueIds : [0]);
          if (actor.isAdmin || actor.allTicket) queue.orWhereNull('tickets.queueId');
        });
      });
    });
  }
  if (queueIds?.length) q.whereIn('tickets.queueId', queueIds);
  if (users?.length) q.whereIn('tickets.userId', users);
  if (tags?.length) {
    q.whereExists((sub) => sub.from('ticketTags').where('ticketTags.companyId', companyId).whereRaw('?? = ??', ['ticketTags.ticketId', 'tickets.id']).whereIn('ticketTags.tagId', tags));
  }
  if (query.date) { const [from, to] = dayRange(query.date); q.where('tickets.createdAt', '>=', from).where('tickets.createdAt', '<', to); }
  if (query.updatedAt) { const [from, to] = dayRange(query.updatedAt); q.where('tickets.updatedAt', '>=', from).where('tickets.updatedAt', '<', to); }
  if (query.withUnreadMessages === 'true') q.where('tickets.unreadMessages', '>', 0);
  const search = query.searchParam?.trim();
  if (search) {
    // The candidates are resolved first (contacts by name or number; messages through the text index,
    // on SQLite as a subquery of the same read), then the tickets are read by primary key: an OR of two
    // subqueries scans every ticket.
    const digits = search.replace(/\D/g, '');
    const contacts = Contact.scoped(companyId).select('contacts.id').where((c) => {
      c.where(contactNameContains(Ticket.knex(), search));
      if (digits.length >= 3) c.orWhere(contactNumberContains(Ticket.knex(), digits));
    });
    const [byContact, byText] = await Promise.all([
      readIds(Ticket.scoped(companyId).whereIn('tickets.contactId', contacts).orderBy('tickets.updatedAt', 'desc').limit(SEARCH_DEPTH).select('tickets.id').toKnexQuery()),
      ticketsWithMessageMatching(Ticket.knex(), companyId, search),
    ]);
    q.where(ticketIdIn(Ticket.knex(), 'tickets.id', byContact, byText));
    return searchPage(companyId, q, query.pageNumber);
  }

  // The badge count: from the counts the database keeps when the filter is theirs (status, queues, users,
  // visibility), else a COUNT of the filtered tickets.
  const countable = !tags?.length && !query.date && !query.updatedAt && query.withUnreadMessages !== 'true';
  const countOf = () => countable ? keptTicketCount(actor, { status: query.status, showAll, queueIds, users }) : q.clone().resultSize();
  const { limit, offset } = offsetOf(query.pageNumber);
  const [rows, count] = await Promise.all([
    Ticket.plainRows<TicketRow>(q.clone().orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').limit(limit + 1).offset(offset)),
    (query.pageNumber ?? 1) === 1 ? countOf() : Promise.resolve(undefined),
  ]);
  const { items, hasMore } = pageResult(rows, PAGE_SIZE);
  return { tickets: await ticketViews(companyId, items), ...(count !== undefined ? { count } : {}), hasMore };
}

/**
 * A search's page and count from one read: the filtered candidates (at most two search depths) are
 * read in the list's order as ids alone, the count is their number, and only the page's tickets are read whole.
 * (A page query and a COUNT each filtered the candidates again.)
 */
async function searchPage(companyId: number, q: ReturnType<typeof Ticket.scoped>, pageNumber?: number) {
  // Ids alone, not models: thousands of them.
  const ordered = await readIds(q.clone().clearSelect().orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').select('tickets.id').toKnexQuery());
  const { limit, offset } = offsetOf(pageNumber);
  const pageIds = ordered.slice(offset, offset + limit + 1);
  const byId = new Map((pageIds.length ? await Ticket.plainRows<TicketRow>(Ticket.scoped(companyId).whereIn('tickets.id', pageIds)) : []).map((t) => [t.id, t] as const));
  const rows = pageIds.map((id) => byId.get(id)).filter((t): t is TicketRow => t !== undefined);
  const { items, hasMore } = pageResult(rows, PAGE_SIZE);
  return { tickets: await ticketViews(companyId, items), ...((pageNumber ?? 1) === 1 ? { count: ordered.length } : {}), hasMore };
}
