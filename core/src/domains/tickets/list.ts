import { Ticket, Whatsapp } from '../../db/models/index.js';
import { isMysql } from '../../db/connection.js';
import { badRequest } from '../../http/errors.js';
import { fromDbTime, toDbTime } from '../../db/time.js';
import { clientDateTime, offsetOf, pageResult, PAGE_SIZE } from '../../http/schemas.js';
import type { Actor } from './access.js';
import { keptTicketCount } from './counts.js';
import { after, searchTicketIds } from './search.js';
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
  /** Channel kinds, comma-separated: only the tickets of the company's connections of those kinds. */
  channels?: string;
  withUnreadMessages?: string;
  /** Cursor paging (the family's client): the pair the previous page answered, and "changed since". */
  nextUpdatedAt?: string;
  nextTicketId?: number;
  minUpdatedAt?: string;
}

/** Where the next page starts, answered beside `hasMore`: the last ticket's (updatedAt, id). */
export interface TicketCursor { nextUpdatedAt?: string; nextTicketId?: number }

/**
 * The cursor filters: tickets after (updatedAt, id) in the list's order, newest first, and those changed since
 * `minUpdatedAt`. Under live inserts and updates a page then repeats and skips nothing (an offset moves with
 * every ticket that comes to the top).
 */
function applyCursor(q: ReturnType<typeof Ticket.scoped>, query: TicketListQuery) {
  if ((query.nextUpdatedAt === undefined) !== (query.nextTicketId === undefined)) {
    throw badRequest('ERR_VALIDATION', 'nextUpdatedAt and nextTicketId go together', { field: 'querystring/nextTicketId' });
  }
  if (query.nextUpdatedAt !== undefined) {
    const at = toDbTime(clientDateTime(query.nextUpdatedAt, 'querystring/nextUpdatedAt'));
    after(q, { updatedAt: at, id: query.nextTicketId! });
  }
  if (query.minUpdatedAt) q.where('tickets.updatedAt', '>=', toDbTime(clientDateTime(query.minUpdatedAt, 'querystring/minUpdatedAt')));
}

const cursorAfter = (items: TicketRow[], hasMore: boolean): TicketCursor => {
  const last = items[items.length - 1];
  return hasMore && last ? { nextUpdatedAt: fromDbTime(last.updatedAt) ?? undefined, nextTicketId: last.id } : {};
};

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
 * queue: admins and users with allTicket). A queueIds filter keeps the tickets without a queue. Newest activity first, on the (companyId, status|queueId|userId,
 * updatedAt) indexes; one row more than a page tells hasMore; the count is only computed for page 1.
 */
export async function listTickets(actor: Actor, query: TicketListQuery): Promise<{ tickets: TicketView[]; count?: number; hasMore: boolean } & TicketCursor> {
  const companyId = actor.companyId;
  const queueIds = idList(query.queueIds, 'queueIds');
  const users = idList(query.users, 'users');
  const tags = idList(query.tags, 'tags');
  const showAll = actor.isAdmin && query.showAll === 'true';

  const q = Ticket.scoped(companyId);
  // A status list walks its (companyId, status, updatedAt) index. MariaDB would take the (companyId, updatedAt) one
  // of migration 125 (for lists without a status) when a queue filter is added, and read every newer ticket of
  // other statuses first: 2.7 s on the bench, whose open tickets are the oldest. Not offered it there.
  if (query.status && isMysql(Ticket.knex())) q.from(Ticket.knex().raw('?? IGNORE INDEX (??)', ['tickets', 'tickets_company_updated_idx']));
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
  // A queue filter narrows the queued tickets only: tickets without a queue stay (whom they show to is
  // visibility's business above), as the console's live rule keeps them (issue 32: "all queues" is all).
  if (queueIds?.length) q.where((queue) => queue.whereIn('tickets.queueId', queueIds).orWhereNull('tickets.queueId'));
  if (users?.length) q.whereIn('tickets.userId', users);
  const channels = query.channels ? [...new Set(query.channels.split(','))] : undefined;
  if (channels) {
    // The company's connections of those kinds (a handful of rows), then the tickets on them.
    const ids = (await Whatsapp.scoped(companyId).whereIn('provider', channels).select('whatsapps.id')).map((w) => w.id);
    q.whereIn('tickets.whatsappId', ids.length ? ids : [0]);
  }
  if (tags?.length) {
    q.whereExists((sub) => sub.from('ticketTags').where('ticketTags.companyId', companyId).whereRaw('?? = ??', ['ticketTags.ticketId', 'tickets.id']).whereIn('ticketTags.tagId', tags));
  }
  if (query.date) { const [from, to] = dayRange(query.date); q.where('tickets.createdAt', '>=', from).where('tickets.createdAt', '<', to); }
  if (query.updatedAt) { const [from, to] = dayRange(query.updatedAt); q.where('tickets.updatedAt', '>=', from).where('tickets.updatedAt', '<', to); }
  if (query.withUnreadMessages === 'true') q.where('tickets.unreadMessages', '>', 0);
  applyCursor(q, query);
  // The badge count belongs to the list's first page; a cursor's page is a later one.
  const firstPage = (query.pageNumber ?? 1) === 1 && query.nextTicketId === undefined;
  const search = query.searchParam?.trim();
  if (search) {
    const { limit, offset } = offsetOf(query.pageNumber);
    const found = await searchTicketIds(companyId, q, search, offset, limit, firstPage);
    const byId = new Map((found.ids.length ? await Ticket.plainRows<TicketRow>(Ticket.scoped(companyId).whereIn('tickets.id', found.ids)) : []).map((t) => [t.id, t] as const));
    const items = found.ids.map((id) => byId.get(id)).filter((t): t is TicketRow => t !== undefined);
    return { tickets: await ticketViews(companyId, items), ...(found.count !== undefined ? { count: found.count } : {}), hasMore: found.hasMore, ...cursorAfter(items, found.hasMore) };
  }

  // The badge count: from the counts the database keeps when the filter is theirs (status, queues, users,
  // visibility), else a COUNT of the filtered tickets.
  const countable = !tags?.length && !channels && !query.date && !query.updatedAt && !query.minUpdatedAt && query.withUnreadMessages !== 'true';
  const countOf = () => countable ? keptTicketCount(actor, { status: query.status, showAll, queueIds, users }) : q.clone().resultSize();
  const { limit, offset } = offsetOf(query.pageNumber);
  const [rows, count] = await Promise.all([
    Ticket.plainRows<TicketRow>(q.clone().orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').limit(limit + 1).offset(offset)),
    firstPage ? countOf() : Promise.resolve(undefined),
  ]);
  const { items, hasMore } = pageResult(rows, PAGE_SIZE);
  return { tickets: await ticketViews(companyId, items), ...(count !== undefined ? { count } : {}), hasMore, ...cursorAfter(items, hasMore) };
}
