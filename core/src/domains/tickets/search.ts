import { Contact, Ticket } from '../../db/models/index.js';
import { contactNameContains, contactNumberContains, idIn, messageMatches, ticketsWithMatchingMessage } from '../../db/search.js';

type TicketQuery = ReturnType<typeof Ticket.scoped>;

/** A ticket as the walk reads it: its place in the list's order and its contact. */
interface Walked { id: number; updatedAt: string; contactId: number }

/** The page's tickets in the list's order, whether more match, and the count when the search knows it. */
export interface SearchedIds { ids: number[]; hasMore: boolean; count?: number }

/** Tickets looked at in the list's order before the message index is asked whether the words are rare. */
const FIRST_WALK = 200;
/** The most tickets one step of the walk reads and probes. */
const LARGEST_STEP = 2000;

/** Tickets after `at` in the list's order (updatedAt, id descending); `updatedAt <=` first so the indexes range-scan. */
export function after(q: TicketQuery, at: { updatedAt: string; id: number }) {
  return q.where('tickets.updatedAt', '<=', at.updatedAt)
    .where((later) => later.where('tickets.updatedAt', '<', at.updatedAt).orWhere('tickets.id', '<', at.id));
}

/** The company's contacts whose name or number holds the search (a subquery, or a filter of given contacts). */
function contactsMatching(companyId: number, search: string) {
  const digits = search.replace(/\D/g, '');
  return Contact.scoped(companyId).select('contacts.id').where((c) => {
    c.where(contactNameContains(Ticket.knex(), search));
    if (digits.length >= 3) c.orWhere(contactNumberContains(Ticket.knex(), digits));
  });
}

/**
 * A search of the ticket list (GET /tickets with searchParam): every ticket `q` keeps (its filters,
 * visibility and cursor) that has a message holding the words or a contact whose name or number holds
 * the search, in the list's order, `skip` of them passed, `pageSize` answered. Nothing is cut at a
 * depth: the filters decide which tickets are looked at, so a match under a filter is found however
 * many newer matches other tickets hold (issue 35).
 *
 * The list is walked in its order and each step's tickets are probed (their messages and contacts
 * tested): for a common word a page fills after a few dozen tickets. When the first FIRST_WALK tickets
 * did not fill it, the message index is asked for the word's matches: a rare word's are all there
 * (fewer than SEARCH_DEPTH) and the page is one read of the tickets holding them; a word common
 * elsewhere but rare under the filters is walked on to the page's end (the cost of being right).
 * A cursor page starts where the previous one ended, so it costs only its own walk.
 */
export async function searchTicketIds(companyId: number, q: TicketQuery, search: string, skip: number, pageSize: number, withCount: boolean): Promise<SearchedIds> {
  const want = skip + pageSize + 1;
  const found: number[] = [];
  let last: Walked | undefined;
  let walked = 0;
  let ended = false;
  let step = Math.min(2 * want, LARGEST_STEP);
  const answer = (count?: number): SearchedIds => ({ ids: found.slice(skip, skip + pageSize), hasMore: found.length > skip + pageSize, ...(withCount && count !== undefined ? { count } : {}) });
  const rest = () => { const next = q.clone(); return last ? after(next, last) : next; };

  const walkStep = async () => {
    const rows = await Ticket.plainRows<Walked>(rest().clearSelect().orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').limit(step).select('tickets.id', 'tickets.updatedAt', 'tickets.contactId'));
    if (rows.length === 0) { ended = true; return; }
    const [byText, byContact] = await Promise.all([
      ticketsWithMatchingMessage(Ticket.knex(), companyId, rows.map((r) => r.id), search),
      Contact.plainRows<{ id: number }>(contactsMatching(companyId, search).where(idIn(Ticket.knex(), 'contacts.id', [...new Set(rows.map((r) => r.contactId))]))),
    ]);
    const contacts = new Set(byContact.map((c) => c.id));
    for (const row of rows) if (byText.has(row.id) || contacts.has(row.contactId)) found.push(row.id);
    ended = rows.length < step;
    last = rows[rows.length - 1];
    walked += rows.length;
    step = Math.min(step * 2, LARGEST_STEP);
  };

  while (found.length < want && !ended && walked < FIRST_WALK) await walkStep();
  if (found.length >= want || ended) return answer(ended ? found.length : undefined);

  const byText = await messageMatches(Ticket.knex(), companyId, search);
  if (byText.complete) {
    // A rare word: the tickets holding it or a matching contact, read after the walked ones.
    const ids = [...new Set(byText.ticketIds)];
    const matching = rest().where((m) => m.where(idIn(Ticket.knex(), 'tickets.id', ids)).orWhereIn('tickets.contactId', contactsMatching(companyId, search)));
    const more = await Ticket.plainRows<{ id: number }>(matching.clone().clearSelect().orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc').limit(want - found.length).select('tickets.id'));
    const counted = found.length;
    found.push(...more.map((r) => r.id));
    if (found.length < want) return answer(found.length);
    return answer(withCount ? counted + await matching.clone().clearSelect().resultSize() : undefined);
  }
  while (found.length < want && !ended) await walkStep();
  return answer(ended ? found.length : undefined);
}
