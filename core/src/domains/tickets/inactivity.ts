import { Setting, Ticket, Whatsapp } from '../../db/models/index.js';
import { inBatches } from '../../jobs/reconciler.js';
import type { PipelineDeps } from '../../messaging/deps.js';
import type { TicketService } from './service.js';

interface JobData { companyId: number; ticketId: number }

export const EXPIRE_JOB = 'tickets.expire';
export const TRANSFER_JOB = 'tickets.transfer';
export const NO_QUEUE_JOB = 'tickets.noQueueTimeout';

/**
 * Inactivity on a connection's settings: `expiresTicket` (hours without activity closes a live ticket
 * with expiresInactiveMessage) and `timeToTransfer` (minutes waiting without an agent moves a pending
 * ticket to transferQueueId). One delayed job per ticket; when it fires early (the ticket had activity
 * since) it re-enqueues itself for the new due time, so busy tickets cost no extra jobs.
 * The company's `noQueueTimeout` (minutes, the family's setting; 0 or '' off) closes a ticket still waiting
 * without a queue and without an agent that long after it opened.
 */
export function createInactivity(deps: PipelineDeps, tickets: () => TicketService) {
  const { jobs, clock } = deps;
  const now = () => clock.now().getTime();
  // The connection's hours and minutes are durations the spec fixes: on the operator's clock (ATRIUM_TIME_SCALE).
  const expiresAfter = (hours: number) => clock.scale(hours * 3600_000);
  const transferAfter = (minutes: number) => clock.scale(minutes * 60_000);

  async function enqueue(name: string, data: JobData, due: number) {
    await jobs.enqueue(name, data, { runAt: new Date(due), jobId: `${data.ticketId}-${due}` });
  }

  async function schedule(companyId: number, ticket: Ticket) {
    if (!ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp) return;
    const data = { companyId, ticketId: ticket.id };
    const activity = Date.parse(ticket.updatedAt ?? '') || now();
    if (whatsapp.expiresTicket > 0) await enqueue(EXPIRE_JOB, data, activity + expiresAfter(whatsapp.expiresTicket));
    if ((whatsapp.timeToTransfer ?? 0) > 0 && whatsapp.transferQueueId && ticket.status === 'pending') {
      await enqueue(TRANSFER_JOB, data, (Date.parse(ticket.createdAt ?? '') || now()) + transferAfter(whatsapp.timeToTransfer!));
    }
    const noQueueMinutes = await noQueueTimeout(companyId);
    if (noQueueMinutes > 0 && ticket.status === 'pending' && !ticket.queueId) {
      await enqueue(NO_QUEUE_JOB, data, (Date.parse(ticket.createdAt ?? '') || Date.now()) + noQueueMinutes * 60_000);
    }
  }

  const noQueueTimeout = async (companyId: number) => Number(await deps.settings.get(companyId, 'noQueueTimeout') || 0) || 0;

  async function closeWithoutQueue({ companyId, ticketId }: JobData) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status !== 'pending' || ticket.queueId || ticket.userId) return;
    const minutes = await noQueueTimeout(companyId);
    if (minutes <= 0) return;
    const due = Date.parse(ticket.createdAt ?? '') + minutes * 60_000;
    if (due > Date.now()) return enqueue(NO_QUEUE_JOB, { companyId, ticketId }, due);
    await tickets().close(companyId, ticket, null, 'timeout');
  }

  async function expire({ companyId, ticketId }: JobData) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status === 'closed' || !ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp || whatsapp.expiresTicket <= 0) return;
    const due = Date.parse(ticket.updatedAt ?? '') + expiresAfter(whatsapp.expiresTicket);
    if (due > now()) return enqueue(EXPIRE_JOB, { companyId, ticketId }, due);
    await tickets().close(companyId, ticket, null, 'inactivity');
  }

  async function transfer({ companyId, ticketId }: JobData) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || ticket.status !== 'pending' || ticket.userId || !ticket.whatsappId) return;
    const whatsapp = (await deps.connections.get(companyId, ticket.whatsappId))?.whatsapp;
    if (!whatsapp?.transferQueueId || !whatsapp.timeToTransfer || ticket.queueId === whatsapp.transferQueueId) return;
    const due = Date.parse(ticket.createdAt ?? '') + transferAfter(whatsapp.timeToTransfer);
    if (due > now()) return enqueue(TRANSFER_JOB, { companyId, ticketId }, due);
    // Only a ticket still waiting moves: the condition is re-checked in the UPDATE itself.
    const moved = await Ticket.scoped(companyId).where({ id: ticketId, status: 'pending' }).whereNull('userId')
      .patch({ queueId: whatsapp.transferQueueId, chatbot: false, queueOptionId: null } as Partial<Ticket>);
    const fresh = moved ? await Ticket.scoped(companyId).findById(ticketId) : undefined;
    if (fresh) await tickets().emitUpdate(companyId, fresh, ticket);
  }

  /**
   * The reconciler's task: each live ticket a timer applies to (its connection expires or transfers tickets, or its
   * company closes tickets left without a queue) gets its timers again, as `schedule` sets them after any change: the
   * same due times, so the same job ids (one still queued is not doubled).
   */
  async function reconcile(): Promise<number> {
    const timed = Whatsapp.unscoped('the reconciler: connections with inactivity timers, of every company')
      .where((q) => q.where('expiresTicket', '>', 0).orWhere((t) => t.where('timeToTransfer', '>', 0).whereNotNull('transferQueueId'))).select('id');
    const noQueue = (await Setting.unscoped('the reconciler: companies closing tickets left without a queue').where('key', 'noQueueTimeout').select('companyId', 'value'))
      .filter((row) => Number(row.value) > 0).map((row) => row.companyId);
    let tickets = 0;
    await inBatches(Ticket.unscoped('the reconciler: every company\'s live tickets under an inactivity timer get their jobs back')
      .whereNot('status', 'closed').whereNotNull('whatsappId')
      .where((q) => q.whereIn('whatsappId', timed).orWhere((n) => n.where('status', 'pending').whereNull('queueId').whereIn('companyId', noQueue))), async (ticket) => {
      await schedule(ticket.companyId, ticket);
      tickets++;
    });
    return tickets;
  }

  jobs.define<JobData>(EXPIRE_JOB, expire);
  jobs.define<JobData>(TRANSFER_JOB, transfer);
  jobs.define<JobData>(NO_QUEUE_JOB, closeWithoutQueue);
  return { schedule, expire, transfer, closeWithoutQueue, reconcile };
}
