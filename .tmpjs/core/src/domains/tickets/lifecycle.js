import { randomUUID } from "node:crypto";
import { ticketView } from "./view.js";
const UNTRACKED_COLUMNS = /* @__PURE__ */ new Set([
  "lastMessage",
  "unreadMessages",
  "lastInboundAt",
  "updatedAt",
  "createdAt",
  "botCursor",
  "botLockUntil",
  "botLockToken",
  "liveSlot"
]);
const comparable = (value) => value === void 0 ? null : typeof value === "boolean" ? Number(value) : value instanceof Date ? value.toISOString() : value;
function changedColumns(before, after) {
  const changed = [];
  for (const [key, was] of Object.entries(before)) {
    if (UNTRACKED_COLUMNS.has(key) || key === "id") continue;
    const now = after[key];
    if (now === void 0) continue;
    if (was !== null && typeof was === "object" && !(was instanceof Date) || now !== null && typeof now === "object" && !(now instanceof Date)) continue;
    if (comparable(was) !== comparable(now)) changed.push(key);
  }
  return changed;
}
function snapshot(ticket) {
  return { ...ticket };
}
function newTicketFields(fields) {
  return {
    uuid: randomUUID(),
    status: "pending",
    isGroup: false,
    unreadMessages: 0,
    chatbot: false,
    amountUsedBotQueues: 0,
    useIntegration: false,
    ...fields
  };
}
async function publishTicket(deps, event) {
  const { bus, hooks, log } = deps;
  const { companyId, ticket } = event;
  switch (event.kind) {
    case "created": {
      const view = event.silent ? void 0 : event.view ?? await ticketView(companyId, ticket, event.relations);
      if (view) bus.emitTicketChange(companyId, "update", view);
      await hooks.run("onTicketCreate", { companyId, ticket, origin: event.origin, userId: event.userId }, log);
      return view;
    }
    case "updated": {
      const { before } = event;
      const view = event.view ?? await ticketView(companyId, ticket, event.relations);
      bus.emitTicketChange(companyId, "update", view, "queueId" in before || "userId" in before ? { queueId: before.queueId, userId: before.userId } : void 0);
      const changed = [...changedColumns(before, ticket), ...event.also ?? []];
      if (!changed.length && !event.declared) return view;
      const previous = {};
      for (const key of ["status", "userId", "queueId", ...changed]) {
        if (key in before) previous[key] = before[key];
      }
      await hooks.run("onTicketUpdate", { companyId, ticket, previous, changed, userId: event.userId }, log);
      return view;
    }
    case "deleted":
      bus.emitTicketChange(companyId, "delete", ticket);
      await hooks.run("onTicketDelete", { companyId, ticket, userId: event.userId }, log);
      return void 0;
    case "activity": {
      const view = event.view ?? await ticketView(companyId, ticket, event.relations);
      bus.emitTicketChange(companyId, "update", view);
      return view;
    }
    case "read":
      bus.emitTicketChange(companyId, "updateUnread", ticket);
      return void 0;
  }
}
export {
  changedColumns,
  newTicketFields,
  publishTicket,
  snapshot
};
