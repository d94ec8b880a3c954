import { Company, Queue, Ticket, type Message, type WeekdaySchedule } from '../../db/models/index.js';
import { dbNow, toDbTime } from '../../db/time.js';
import type { Bus } from '../../bus/index.js';
import type { Clock } from '../../clock/index.js';
import type { JobQueue } from '../../jobs/index.js';
import type { ConnectionCache } from '../../messaging/connection-cache.js';
import type { HookRegistry } from '../../sdk/hooks.js';
import type { SettingsService } from '../../tenancy/settings.js';
import { ticketView, type TicketView } from '../tickets/view.js';
import { addOpenMinutes } from './business-time.js';
import { inBatches } from '../../jobs/reconciler.js';
import type { TicketEvent } from '../tickets/lifecycle.js';

/** The durable job that looks at a ticket at one of its due times. */
export const SLA_BREACH_JOB = 'sla.breach';
/** The company's default targets (settings), used by a queue without its own. '0': none. */
export const SLA_SETTING_KEYS = { firstResponse: 'slaFirstResponseMinutes', resolution: 'slaResolutionMinutes' } as const;

export type SlaTarget = 'firstResponse' | 'resolution';
interface BreachJob { companyId: number; ticketId: number; target: SlaTarget }
export interface SlaTargets { firstResponse: number | null; resolution: number | null }

export interface SlaDeps {
  bus: Bus;
  hooks: HookRegistry;
  jobs: JobQueue;
  settings: SettingsService;
  connections: ConnectionCache;
  publish: (event: TicketEvent) => Promise<unknown>;
  log: { error: (o: object, m: string) => void };
  /** Due times are a duration rule: on the operator's clock (ATRIUM_TIME_SCALE). */
  clock: Clock;
}

type QueueTargets = Pick<Queue, 'id' | 'slaFirstResponseMinutes' | 'slaResolutionMinutes' | 'schedules'>;

const minutes = (value: unknown) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** A queue's targets, its own or else the company's default; null where there is none. */
export function targetsOf(queue: QueueTargets, defaults: SlaTargets): SlaTargets {
  return {
    firstResponse: minutes(queue.slaFirstResponseMinutes) ?? defaults.firstResponse,
    resolution: minutes(queue.slaResolutionMinutes) ?? defaults.resolution,
  };
}

/**
 * The due times from `from`, counted in `hours` when given (the opening hours in force: docs/decisions.md,
 * "SLA in opening hours"), else in calendar time; the time until each is `scale`d (the clock's ATRIUM_TIME_SCALE).
 */
export function dueTimes(targets: SlaTargets, from: Date, hours?: WeekdaySchedule[] | null, scale: (ms: number) => number = (ms) => ms): { firstResponseDueAt: string | null; resolutionDueAt: string | null } {
  // The time to the due moment (open minutes, with the closed hours between them) on the operator's clock.
  const at = (m: number | null) => (m ? toDbTime(from.getTime() + scale(addOpenMinutes(hours, from, m).getTime() - from.getTime())) : null);
  return { firstResponseDueAt: at(targets.firstResponse), resolutionDueAt: at(targets.resolution) };
}

/** A stored time (UTC without saying so, or ISO) in milliseconds: read as UTC, never in the server's zone. */
const storedTime = (value: string) => Date.parse(/^\d{4}-\d{2}-\d{2} /.test(value) ? `${value.replace(' ', 'T')}Z` : value);

const dueColumn = { firstResponse: 'firstResponseDueAt', resolution: 'resolutionDueAt' } as const;
const breachColumn = { firstResponse: 'firstResponseBreached', resolution: 'resolutionBreached' } as const;

/**
 * SLA targets per queue (issue 30). A ticket gets its due times when it first enters a queue with targets (a
 * transfer keeps the promise made), each with a durable job at the due time; the first agent message meets the
 * first response, closing meets the resolution. A job that finds a target missed flags the ticket, announces it
 * (`ticket` update) and sends `slaBreach` to the ticket's audience (its queue's agents, its agent and the admins).
 */
export function createSla(deps: SlaDeps) {
  const { log } = deps;

  async function defaults(companyId: number): Promise<SlaTargets> {
    const values = await deps.settings.all(companyId);
    return { firstResponse: minutes(values.get(SLA_SETTING_KEYS.firstResponse)), resolution: minutes(values.get(SLA_SETTING_KEYS.resolution)) };
  }

  async function queueOf(companyId: number, ticket: Pick<Ticket, 'queueId' | 'whatsappId'>): Promise<QueueTargets | undefined> {
    if (ticket.whatsappId) {
      const queue = (await deps.connections.get(companyId, ticket.whatsappId))?.queues.find((q) => q.id === ticket.queueId);
      if (queue) return queue;
    }
    return Queue.scoped(companyId).findById(ticket.queueId!).select('id', 'slaFirstResponseMinutes', 'slaResolutionMinutes', 'schedules');
  }

  /**
   * The opening hours due times are counted in, as the spec's `scheduleType` puts hours in force: the queue's
   * ('queue'), the company's ('company'), none ('disabled': calendar time). From the connection cache when it can.
   */
  async function hoursOf(companyId: number, ticket: Pick<Ticket, 'whatsappId'>, queue: QueueTargets): Promise<WeekdaySchedule[] | null> {
    const type = await deps.settings.get(companyId, 'scheduleType');
    if (type === 'queue') return queue.schedules ?? null;
    if (type !== 'company') return null;
    const cached = ticket.whatsappId ? await deps.connections.get(companyId, ticket.whatsappId) : undefined;
    if (cached) return cached.companySchedules ?? null;
    return (await Company.query().findById(companyId).select('schedules'))?.schedules ?? null;
  }

  const jobId = (ticketId: number, target: SlaTarget) => `sla-${ticketId}-${target}`;

  /** A live ticket in a queue and without due times yet: its due times and jobs, announced. */
  async function stamp(companyId: number, ticket: Ticket): Promise<void> {
    if (!ticket.queueId || ticket.status === 'closed' || ticket.firstResponseDueAt || ticket.resolutionDueAt) return;
    const queue = await queueOf(companyId, ticket);
    if (!queue) return;
    const targets = targetsOf(queue, await defaults(companyId));
    if (!targets.firstResponse && !targets.resolution) return;
    const due = dueTimes(targets, deps.clock.now(), await hoursOf(companyId, ticket, queue), deps.clock.scale);
    // Only once: a second entry (or a concurrent one) finds the due times set.
    const set = await Ticket.scoped(companyId).where({ id: ticket.id }).whereNull('firstResponseDueAt').whereNull('resolutionDueAt')
      .patch(due as Partial<Ticket>);
    if (!set) return;
    Object.assign(ticket, due);
    for (const target of ['firstResponse', 'resolution'] as const) {
      const at = due[dueColumn[target]];
      if (at) await deps.jobs.enqueue<BreachJob>(SLA_BREACH_JOB, { companyId, ticketId: ticket.id, target }, { runAt: new Date(storedTime(at)), jobId: jobId(ticket.id, target) });
    }
    const fresh = await Ticket.scoped(companyId).findById(ticket.id);
    if (fresh) deps.bus.emitTicketChange(companyId, 'update', await ticketView(companyId, fresh));
  }

  /**
   * An agent's message on a ticket still owing its first response meets it (bots and the contact do not). Recorded
   * on every ticket, with a target or not: the period figures' first-response times read it (one UPDATE per ticket).
   */
  async function onOutbound(companyId: number, ticket: Ticket, message: Message): Promise<void> {
    if (!message.userId || ticket.firstRespondedAt) return;
    const now = dbNow();
    if (await Ticket.scoped(companyId).where({ id: ticket.id }).whereNull('firstRespondedAt').patch({ firstRespondedAt: now } as Partial<Ticket>)) {
      ticket.firstRespondedAt = now;
    }
  }

  /** The job at a due time: a target still owed is breached (flag, ticket update, `slaBreach`). */
  async function checkDue({ companyId, ticketId, target }: BreachJob): Promise<void> {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    const dueAt = ticket?.[dueColumn[target]];
    if (!ticket || !dueAt || ticket[breachColumn[target]]) return;
    if (storedTime(dueAt) > deps.clock.now().getTime()) {
      await deps.jobs.enqueue<BreachJob>(SLA_BREACH_JOB, { companyId, ticketId, target }, { runAt: new Date(storedTime(dueAt)), jobId: jobId(ticketId, target) });
      return;
    }
    const met = target === 'firstResponse' ? !!ticket.firstRespondedAt || ticket.status === 'closed' : ticket.status === 'closed';
    if (met) return;
    const query = Ticket.scoped(companyId).where({ id: ticketId, [breachColumn[target]]: 0 }).whereNot('status', 'closed');
    if (target === 'firstResponse') query.whereNull('firstRespondedAt');
    if (!(await query.patch({ [breachColumn[target]]: true } as Partial<Ticket>))) return;
    const fresh = (await Ticket.scoped(companyId).findById(ticketId))!;
    const view = await deps.publish({ kind: 'updated', companyId, ticket: fresh, before: { [breachColumn[target]]: false } as Partial<Ticket> }) as TicketView | undefined;
    // The console's toast and bell name the ticket and open it (uuid).
    deps.bus.emitForTicket(companyId, fresh, 'slaBreach', {
      ticketId, uuid: fresh.uuid, contactName: view?.contact?.name ?? null, target, dueAt: fresh[dueColumn[target]], queueId: fresh.queueId ?? null, userId: fresh.userId ?? null,
    });
  }

  /**
   * The reconciler's task: every live ticket still owing a target gets its due-time job again, under its usual id
   * (one still queued is not doubled; a due time already past runs at once and flags the breach).
   */
  async function reconcile(): Promise<number> {
    let enqueued = 0;
    await inBatches(Ticket.unscoped('the reconciler: every company\'s tickets still owing an SLA target get their jobs back')
      .whereNot('status', 'closed')
      .where((q) => q.where((f) => f.whereNotNull('firstResponseDueAt').where('firstResponseBreached', false).whereNull('firstRespondedAt'))
        .orWhere((r) => r.whereNotNull('resolutionDueAt').where('resolutionBreached', false)))
      .select('id', 'companyId', 'firstResponseDueAt', 'firstResponseBreached', 'firstRespondedAt', 'resolutionDueAt', 'resolutionBreached'), async (ticket) => {
      const owed = (target: SlaTarget) => !!ticket[dueColumn[target]] && !Number(ticket[breachColumn[target]]) && (target === 'resolution' || !ticket.firstRespondedAt);
      for (const target of ['firstResponse', 'resolution'] as const) {
        if (!owed(target)) continue;
        await deps.jobs.enqueue<BreachJob>(SLA_BREACH_JOB, { companyId: ticket.companyId, ticketId: ticket.id, target }, { runAt: new Date(storedTime(ticket[dueColumn[target]]!)), jobId: jobId(ticket.id, target) });
        enqueued++;
      }
    });
    return enqueued;
  }

  const quietly = (work: Promise<unknown>): Promise<void> => work.then(() => undefined, (err: unknown) => log.error({ err }, 'sla: could not keep the due times'));
  deps.jobs.define<BreachJob>(SLA_BREACH_JOB, checkDue);
  deps.hooks.on('onTicketCreate', 'core:sla', ({ companyId, ticket }) => quietly(stamp(companyId, ticket)));
  deps.hooks.on('onTicketUpdate', 'core:sla', ({ companyId, ticket }) => quietly(stamp(companyId, ticket)));
  deps.hooks.on('onOutboundMessage', 'core:sla', ({ companyId, ticket, message }) => quietly(onOutbound(companyId, ticket, message)));

  return { stamp, checkDue, onOutbound, reconcile };
}

export type Sla = ReturnType<typeof createSla>;
