import { Contact, Ticket } from "../../db/models/index.js";
import { contactNameContains, contactNumberContains, idIn, messageMatches, ticketsWithMatchingMessage } from "../../db/search.js";
const FIRST_WALK = 200;
const LARGEST_STEP = 2e3;
function after(q, at) {
  return q.where("tickets.updatedAt", "<=", at.updatedAt).where((later) => later.where("tickets.updatedAt", "<", at.updatedAt).orWhere("tickets.id", "<", at.id));
}
function contactsMatching(companyId, search) {
  const digits = search.replace(/\D/g, "");
  return Contact.scoped(companyId).select("contacts.id").where((c) => {
    c.where(contactNameContains(Ticket.knex(), search));
    if (digits.length >= 3) c.orWhere(contactNumberContains(Ticket.knex(), digits));
  });
}
async function searchTicketIds(companyId, q, search, skip, pageSize, withCount) {
  const want = skip + pageSize + 1;
  const found = [];
  let last;
  let walked = 0;
  let ended = false;
  let step = Math.min(2 * want, LARGEST_STEP);
  const answer = (count) => ({ ids: found.slice(skip, skip + pageSize), hasMore: found.length > skip + pageSize, ...withCount && count !== void 0 ? { count } : {} });
  const rest = () => {
    const next = q.clone();
    return last ? after(next, last) : next;
  };
  const walkStep = async () => {
    const rows = await Ticket.plainRows(rest().clearSelect().orderBy("tickets.updatedAt", "desc").orderBy("tickets.id", "desc").limit(step).select("tickets.id", "tickets.updatedAt", "tickets.contactId"));
    if (rows.length === 0) {
      ended = true;
      return;
    }
    const [byText2, byContact] = await Promise.all([
      ticketsWithMatchingMessage(Ticket.knex(), companyId, rows.map((r) => r.id), search),
      Contact.plainRows(contactsMatching(companyId, search).where(idIn(Ticket.knex(), "contacts.id", [...new Set(rows.map((r) => r.contactId))])))
    ]);
    const contacts = new Set(byContact.map((c) => c.id));
    for (const row of rows) if (byText2.has(row.id) || contacts.has(row.contactId)) found.push(row.id);
    ended = rows.length < step;
    last = rows[rows.length - 1];
    walked += rows.length;
    step = Math.min(step * 2, LARGEST_STEP);
  };
  while (found.length < want && !ended && walked < FIRST_WALK) await walkStep();
  if (found.length >= want || ended) return answer(ended ? found.length : void 0);
  const byText = await messageMatches(Ticket.knex(), companyId, search);
  if (byText.complete) {
    const ids = [...new Set(byText.ticketIds)];
    const matching = rest().where((m) => m.where(idIn(Ticket.knex(), "tickets.id", ids)).orWhereIn("tickets.contactId", contactsMatching(companyId, search)));
    const more = await Ticket.plainRows(matching.clone().clearSelect().orderBy("tickets.updatedAt", "desc").orderBy("tickets.id", "desc").limit(want - found.length).select("tickets.id"));
    const counted = found.length;
    found.push(...more.map((r) => r.id));
    if (found.length < want) return answer(found.length);
    return answer(withCount ? counted + await matching.clone().clearSelect().resultSize() : void 0);
  }
  while (found.length < want && !ended) await walkStep();
  return answer(ended ? found.length : void 0);
}
export {
  after,
  searchTicketIds
};
