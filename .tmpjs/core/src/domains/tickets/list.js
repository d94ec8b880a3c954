import { Ticket } from "../../db/models/index.js";
import { isMysql } from "../../db/connection.js";
import { badRequest } from "../../http/errors.js";
import { fromDbTime, toDbTime } from "../../db/time.js";
import { clientDateTime, offsetOf, pageResult, PAGE_SIZE } from "../../http/schemas.js";
import { keptTicketCount } from "./counts.js";
import { after, searchTicketIds } from "./search.js";
import { ticketViews } from "./view.js";
function applyCursor(q, query) {
  if (query.nextUpdatedAt === void 0 !== (query.nextTicketId === void 0)) {
    throw badRequest("ERR_VALIDATION", "nextUpdatedAt and nextTicketId go together", { field: "querystring/nextTicketId" });
  }
  if (query.nextUpdatedAt !== void 0) {
    const at = toDbTime(clientDateTime(query.nextUpdatedAt, "querystring/nextUpdatedAt"));
    after(q, { updatedAt: at, id: query.nextTicketId });
  }
  if (query.minUpdatedAt) q.where("tickets.updatedAt", ">=", toDbTime(clientDateTime(query.minUpdatedAt, "querystring/minUpdatedAt")));
}
const cursorAfter = (items, hasMore) => {
  const last = items[items.length - 1];
  return hasMore && last ? { nextUpdatedAt: fromDbTime(last.updatedAt) ?? void 0, nextTicketId: last.id } : {};
};
function idList(value, field) {
  if (value === void 0 || value === "") return void 0;
  let parsed;
  try {
    parsed = JSON.parse(value);
  } catch {
    parsed = void 0;
  }
  if (!Array.isArray(parsed) || !parsed.every((v) => Number.isInteger(Number(v)))) {
    throw badRequest("ERR_VALIDATION", `${field} must be a JSON array of ids`, { field: `querystring/${field}` });
  }
  return parsed.map(Number);
}
const dayRange = (day) => {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 864e5).toISOString().slice(0, 10);
  return [`${day} 00:00:00.000`, `${next} 00:00:00.000`];
};
async function listTickets(actor, query) {
  const companyId = actor.companyId;
  const queueIds = idList(query.queueIds, "queueIds");
  const users = idList(query.users, "users");
  const tags = idList(query.tags, "tags");
  const showAll = actor.isAdmin && query.showAll === "true";
  const q = Ticket.scoped(companyId);
  if (query.status && isMysql(Ticket.knex())) q.from(Ticket.knex().raw("?? IGNORE INDEX (??)", ["tickets", "tickets_company_updated_idx"]));
  if (query.status) q.where("tickets.status", query.status);
  if (!showAll) {
    q.where((visible) => {
      visible.where("tickets.userId", actor.id).orWhere((unassigned) => {
        unassigned.whereNull("tickets.userId").where((queue) => {
          queue.whereIn("tickets.queueId", actor.queueIds.length ? actor.queueIds : [0]);
          if (actor.isAdmin || actor.allTicket) queue.orWhereNull("tickets.queueId");
        });
      });
    });
  }
  if (queueIds?.length) q.where((queue) => queue.whereIn("tickets.queueId", queueIds).orWhereNull("tickets.queueId"));
  if (users?.length) q.whereIn("tickets.userId", users);
  if (tags?.length) {
    q.whereExists((sub) => sub.from("ticketTags").where("ticketTags.companyId", companyId).whereRaw("?? = ??", ["ticketTags.ticketId", "tickets.id"]).whereIn("ticketTags.tagId", tags));
  }
  if (query.date) {
    const [from, to] = dayRange(query.date);
    q.where("tickets.createdAt", ">=", from).where("tickets.createdAt", "<", to);
  }
  if (query.updatedAt) {
    const [from, to] = dayRange(query.updatedAt);
    q.where("tickets.updatedAt", ">=", from).where("tickets.updatedAt", "<", to);
  }
  if (query.withUnreadMessages === "true") q.where("tickets.unreadMessages", ">", 0);
  applyCursor(q, query);
  const firstPage = (query.pageNumber ?? 1) === 1 && query.nextTicketId === void 0;
  const search = query.searchParam?.trim();
  if (search) {
    const { limit: limit2, offset: offset2 } = offsetOf(query.pageNumber);
    const found = await searchTicketIds(companyId, q, search, offset2, limit2, firstPage);
    const byId = new Map((found.ids.length ? await Ticket.plainRows(Ticket.scoped(companyId).whereIn("tickets.id", found.ids)) : []).map((t) => [t.id, t]));
    const items2 = found.ids.map((id) => byId.get(id)).filter((t) => t !== void 0);
    return { tickets: await ticketViews(companyId, items2), ...found.count !== void 0 ? { count: found.count } : {}, hasMore: found.hasMore, ...cursorAfter(items2, found.hasMore) };
  }
  const countable = !tags?.length && !query.date && !query.updatedAt && !query.minUpdatedAt && query.withUnreadMessages !== "true";
  const countOf = () => countable ? keptTicketCount(actor, { status: query.status, showAll, queueIds, users }) : q.clone().resultSize();
  const { limit, offset } = offsetOf(query.pageNumber);
  const [rows, count] = await Promise.all([
    Ticket.plainRows(q.clone().orderBy("tickets.updatedAt", "desc").orderBy("tickets.id", "desc").limit(limit + 1).offset(offset)),
    firstPage ? countOf() : Promise.resolve(void 0)
  ]);
  const { items, hasMore } = pageResult(rows, PAGE_SIZE);
  return { tickets: await ticketViews(companyId, items), ...count !== void 0 ? { count } : {}, hasMore, ...cursorAfter(items, hasMore) };
}
export {
  idList,
  listTickets
};
