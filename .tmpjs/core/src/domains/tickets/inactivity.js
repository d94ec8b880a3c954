import { Ticket } from "../../db/models/index.js";
const EXPIRE_JOB = "tickets.expire";
const TRANSFER_JOB = "tickets.transfer";
const NO_QUEUE_JOB = "tickets.noQueueTimeout";
function createInactivity(deps, tickets) {
  const { jobs, clock } = deps;
  const now = () => clock.now().getTime();
  const expiresAfter = (hours) => clock.scale(hours * 36e5);
  const transferAfter = (minutes) => clock.scale(minutes * 6e4);
  async function enqueue(name, data, due) {
    await jobs.enqueue(name, data, { runAt: new Date(due), jobId: `${data.ticketId}-${due}` });
  }
  async function schedule(companyId, ticket) {
    if (!ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp) return;
    const data = { companyId, ticketId: ticket.id };
    const activity = Date.parse(ticket.updatedAt ?? "") || now();
    if (whatsapp.expiresTicket > 0) await enqueue(EXPIRE_JOB, data, activity + expiresAfter(whatsapp.expiresTicket));
    if ((whatsapp.timeToTransfer ?? 0) > 0 && whatsapp.transferQueueId && ticket.status === "pending") {
      await enqueue(TRANSFER_JOB, data, (Date.parse(ticket.createdAt ?? "") || now()) + transferAfter(whatsapp.timeToTransfer));
    }
    const noQueueMinutes = await noQueueTimeout(companyId);
    if (noQueueMinutes > 0 && ticket.status === "pending" && !ticket.queueId) {
      await enqueue(NO_QUEUE_JOB, data, (Date.parse(ticket.createdAt ?? "") || Date.now()) + noQueueMinutes * 6e4);
    }
  }
  const noQueueTimeout = async (companyId) => Number(await deps.settings.get(companyId, "noQueueTimeout") || 0) || 0;
  async function closeWithoutQueue({ companyId, ticketId }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status !== "pending" || ticket.queueId || ticket.userId) return;
    const minutes = await noQueueTimeout(companyId);
    if (minutes <= 0) return;
    const due = Date.parse(ticket.createdAt ?? "") + minutes * 6e4;
    if (due > Date.now()) return enqueue(NO_QUEUE_JOB, { companyId, ticketId }, due);
    await tickets().close(companyId, ticket, null, "timeout");
  }
  async function expire({ companyId, ticketId }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status === "closed" || !ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp || whatsapp.expiresTicket <= 0) return;
    const due = Date.parse(ticket.updatedAt ?? "") + expiresAfter(whatsapp.expiresTicket);
    if (due > now()) return enqueue(EXPIRE_JOB, { companyId, ticketId }, due);
    await tickets().close(companyId, ticket, null, "inactivity");
  }
  async function transfer({ companyId, ticketId }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status !== "pending" || ticket.userId || !ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp?.transferQueueId || !whatsapp.timeToTransfer || ticket.queueId === whatsapp.transferQueueId) return;
    const due = Date.parse(ticket.createdAt ?? "") + transferAfter(whatsapp.timeToTransfer);
    if (due > now()) return enqueue(TRANSFER_JOB, { companyId, ticketId }, due);
    const moved = await Ticket.scoped(companyId).where({ id: ticketId, status: "pending" }).whereNull("userId").patch({ queueId: whatsapp.transferQueueId, chatbot: false, queueOptionId: null });
    const fresh = moved ? await Ticket.scoped(companyId).findById(ticketId) : void 0;
    if (fresh) await tickets().emitUpdate(companyId, fresh, ticket);
  }
  jobs.define(EXPIRE_JOB, expire);
  jobs.define(TRANSFER_JOB, transfer);
  jobs.define(NO_QUEUE_JOB, closeWithoutQueue);
  return { schedule, expire, transfer, closeWithoutQueue };
}
export {
  EXPIRE_JOB,
  NO_QUEUE_JOB,
  TRANSFER_JOB,
  createInactivity
};
