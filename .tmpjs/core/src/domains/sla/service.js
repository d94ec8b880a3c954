import { Company, Queue, Ticket } from "../../db/models/index.js";
import { dbNow, toDbTime } from "../../db/time.js";
import { ticketView } from "../tickets/view.js";
import { addOpenMinutes } from "./business-time.js";
const SLA_BREACH_JOB = "sla.breach";
const SLA_SETTING_KEYS = { firstResponse: "slaFirstResponseMinutes", resolution: "slaResolutionMinutes" };
const minutes = (value) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
function targetsOf(queue, defaults) {
  return {
    firstResponse: minutes(queue.slaFirstResponseMinutes) ?? defaults.firstResponse,
    resolution: minutes(queue.slaResolutionMinutes) ?? defaults.resolution
  };
}
function dueTimes(targets, from, hours, scale = (ms) => ms) {
  const at = (m) => m ? toDbTime(from.getTime() + scale(addOpenMinutes(hours, from, m).getTime() - from.getTime())) : null;
  return { firstResponseDueAt: at(targets.firstResponse), resolutionDueAt: at(targets.resolution) };
}
const storedTime = (value) => Date.parse(/^\d{4}-\d{2}-\d{2} /.test(value) ? `${value.replace(" ", "T")}Z` : value);
const dueColumn = { firstResponse: "firstResponseDueAt", resolution: "resolutionDueAt" };
const breachColumn = { firstResponse: "firstResponseBreached", resolution: "resolutionBreached" };
function createSla(deps) {
  const { log } = deps;
  async function defaults(companyId) {
    const values = await deps.settings.all(companyId);
    return { firstResponse: minutes(values.get(SLA_SETTING_KEYS.firstResponse)), resolution: minutes(values.get(SLA_SETTING_KEYS.resolution)) };
  }
  async function queueOf(companyId, ticket) {
    if (ticket.whatsappId) {
      const queue = (await deps.connections.get(companyId, ticket.whatsappId))?.queues.find((q) => q.id === ticket.queueId);
      if (queue) return queue;
    }
    return Queue.scoped(companyId).findById(ticket.queueId).select("id", "slaFirstResponseMinutes", "slaResolutionMinutes", "schedules");
  }
  async function hoursOf(companyId, ticket, queue) {
    const type = await deps.settings.get(companyId, "scheduleType");
    if (type === "queue") return queue.schedules ?? null;
    if (type !== "company") return null;
    const cached = ticket.whatsappId ? await deps.connections.get(companyId, ticket.whatsappId) : void 0;
    if (cached) return cached.companySchedules ?? null;
    return (await Company.query().findById(companyId).select("schedules"))?.schedules ?? null;
  }
  const jobId = (ticketId, target) => `sla-${ticketId}-${target}`;
  async function stamp(companyId, ticket) {
    if (!ticket.queueId || ticket.status === "closed" || ticket.firstResponseDueAt || ticket.resolutionDueAt) return;
    const queue = await queueOf(companyId, ticket);
    if (!queue) return;
    const targets = targetsOf(queue, await defaults(companyId));
    if (!targets.firstResponse && !targets.resolution) return;
    const due = dueTimes(targets, deps.clock.now(), await hoursOf(companyId, ticket, queue), deps.clock.scale);
    const set = await Ticket.scoped(companyId).where({ id: ticket.id }).whereNull("firstResponseDueAt").whereNull("resolutionDueAt").patch(due);
    if (!set) return;
    Object.assign(ticket, due);
    for (const target of ["firstResponse", "resolution"]) {
      const at = due[dueColumn[target]];
      if (at) await deps.jobs.enqueue(SLA_BREACH_JOB, { companyId, ticketId: ticket.id, target }, { runAt: new Date(storedTime(at)), jobId: jobId(ticket.id, target) });
    }
    const fresh = await Ticket.scoped(companyId).findById(ticket.id);
    if (fresh) deps.bus.emitTicketChange(companyId, "update", await ticketView(companyId, fresh));
  }
  async function onOutbound(companyId, ticket, message) {
    if (!message.userId || ticket.firstRespondedAt) return;
    const now = dbNow();
    if (await Ticket.scoped(companyId).where({ id: ticket.id }).whereNull("firstRespondedAt").patch({ firstRespondedAt: now })) {
      ticket.firstRespondedAt = now;
    }
  }
  async function checkDue({ companyId, ticketId, target }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    const dueAt = ticket?.[dueColumn[target]];
    if (!ticket || !dueAt || ticket[breachColumn[target]]) return;
    if (storedTime(dueAt) > deps.clock.now().getTime()) {
      await deps.jobs.enqueue(SLA_BREACH_JOB, { companyId, ticketId, target }, { runAt: new Date(storedTime(dueAt)), jobId: jobId(ticketId, target) });
      return;
    }
    const met = target === "firstResponse" ? !!ticket.firstRespondedAt || ticket.status === "closed" : ticket.status === "closed";
    if (met) return;
    const query = Ticket.scoped(companyId).where({ id: ticketId, [breachColumn[target]]: 0 }).whereNot("status", "closed");
    if (target === "firstResponse") query.whereNull("firstRespondedAt");
    if (!await query.patch({ [breachColumn[target]]: true })) return;
    const fresh = await Ticket.scoped(companyId).findById(ticketId);
    const view = await deps.publish({ kind: "updated", companyId, ticket: fresh, before: { [breachColumn[target]]: false } });
    deps.bus.emitForTicket(companyId, fresh, "slaBreach", {
      ticketId,
      uuid: fresh.uuid,
      contactName: view?.contact?.name ?? null,
      target,
      dueAt: fresh[dueColumn[target]],
      queueId: fresh.queueId ?? null,
      userId: fresh.userId ?? null
    });
  }
  const quietly = (work) => work.then(() => void 0, (err) => log.error({ err }, "sla: could not keep the due times"));
  deps.jobs.define(SLA_BREACH_JOB, checkDue);
  deps.hooks.on("onTicketCreate", "core:sla", ({ companyId, ticket }) => quietly(stamp(companyId, ticket)));
  deps.hooks.on("onTicketUpdate", "core:sla", ({ companyId, ticket }) => quietly(stamp(companyId, ticket)));
  deps.hooks.on("onOutboundMessage", "core:sla", ({ companyId, ticket, message }) => quietly(onOutbound(companyId, ticket, message)));
  return { stamp, checkDue, onOutbound };
}
export {
  SLA_BREACH_JOB,
  SLA_SETTING_KEYS,
  createSla,
  dueTimes,
  targetsOf
};
