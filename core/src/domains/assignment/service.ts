import type { Clock } from '../../clock/index.js';
import type { Knex } from 'knex';
import { Queue, Setting, Ticket, User } from '../../db/models/index.js';
import { withRetries } from '../../db/errors.js';
import { dbNow, toDbTime } from '../../db/time.js';
import type { JobQueue } from '../../jobs/index.js';
import type { SettingsService } from '../../tenancy/settings.js';
import type { ConnectionCache } from '../../messaging/connection-cache.js';
import type { HookRegistry } from '../../sdk/hooks.js';
import type { TicketEvent } from '../tickets/lifecycle.js';
import { chooseAgent, type AssignmentPolicy, type Candidate } from './policy.js';

/** A bot that gave the conversation to people (messaging/responders/chain.ts HANDED_OFF). */
const HANDED_OFF = '@handoff';
/** Waiting tickets looked at per round of a pickup (oldest first). */
const PICKUP_BATCH = 50;
/** The durable job that hands an offline agent's pending tickets back once they stayed offline long enough. */
export const HAND_BACK_JOB = 'assignment.handBack';
/** A queue's waiting tickets offered again, after an offer that could not be made at once. */
export const PICK_UP_JOB = 'assignment.pickUp';
/** Minutes an agent may stay offline before their pending tickets go back to the queue ('0': never). */
export const HAND_BACK_SETTING = 'assignmentHandBackMinutes';
interface HandBackJob { companyId: number; userId: number; offlineSince: string }

export interface AssignmentDeps {
  knex: Knex;
  hooks: HookRegistry;
  connections: ConnectionCache;
  jobs: JobQueue;
  settings: SettingsService;
  publish: (event: TicketEvent) => Promise<unknown>;
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
  /** The hand-back grace is a duration rule: on the operator's clock (ATRIUM_TIME_SCALE). */
  clock: Clock;
}

type TicketState = Pick<Ticket, 'id' | 'status' | 'queueId' | 'userId' | 'chatbot' | 'botOwner' | 'whatsappId'>;
type QueueSettings = Pick<Queue, 'id' | 'assignment' | 'assignmentCap' | 'promptId' | 'integrationId'>;

/**
 * Free for the desk: pending in a queue, nobody's, no menu in progress and no bot holding it (a hand-off left it
 * to people). Read from the row in hand: deciding that a ticket is not waiting costs no statement.
 */
export function isWaiting(ticket: TicketState): boolean {
  return ticket.status === 'pending' && !!ticket.queueId && !ticket.userId && !Number(ticket.chatbot)
    && (!ticket.botOwner || ticket.botOwner === HANDED_OFF);
}

/**
 * Automatic assignment (issue 30). Every ticket change passes through the lifecycle's hooks; a ticket that is
 * waiting in a queue with a policy is given to an eligible agent at once (in the queue, online, not away, under
 * their cap), and waiting tickets are picked up when an agent becomes eligible (comes online, is back from away,
 * lets a ticket go). The choice runs in a transaction opened by an UPDATE of the company's `assignmentTurns` row:
 * the database serialises a company's assignments, in one process or several, so a cap is never passed and the
 * round stays fair; the ticket itself is taken with a conditional UPDATE (still waiting, still nobody's).
 */
export function createAssignment(deps: AssignmentDeps) {
  const { knex, log } = deps;

  /** The queue's policy, from the connection cache when the queue is one of the ticket's connection (no statement). */
  async function queueOf(companyId: number, ticket: TicketState): Promise<QueueSettings | undefined> {
    if (ticket.whatsappId) {
      const cached = await deps.connections.get(companyId, ticket.whatsappId);
      const queue = cached?.queues.find((q) => q.id === ticket.queueId);
      if (queue) return queue;
    }
    return Queue.scoped(companyId).findById(ticket.queueId!).select('id', 'assignment', 'assignmentCap', 'promptId', 'integrationId');
  }

  /** Takes the company's next turn: the UPDATE is the lock every other assignment of the company waits on. */
  async function takeTurn(trx: Knex.Transaction, companyId: number): Promise<number> {
    if (!(await trx('assignmentTurns').where({ companyId }).increment('turn', 1))) {
      await trx('assignmentTurns').insert({ companyId, turn: 1 }).onConflict('companyId').ignore();
      await trx('assignmentTurns').where({ companyId }).increment('turn', 1);
    }
    const row = await trx('assignmentTurns').where({ companyId }).first('turn');
    return Number(row?.turn ?? 0);
  }

  /** The queue's agents who may take a ticket now, with their load (live tickets held, from the kept counts). */
  async function candidates(trx: Knex.Transaction, companyId: number, queue: QueueSettings): Promise<Candidate[]> {
    const agents = await User.scoped(companyId).transacting(trx)
      .join('userQueues', 'userQueues.userId', 'users.id')
      .where('userQueues.queueId', queue.id).where('users.online', 1).where('users.away', 0)
      .select('users.id', 'users.assignmentCap', 'users.lastAssignedTurn');
    if (!agents.length) return [];
    const loads = await trx('ticketCounts').where('companyId', companyId).whereIn('userId', agents.map((a) => a.id))
      .whereIn('status', ['open', 'pending']).groupBy('userId').select('userId', knex.raw('SUM(n) AS n')) as Array<{ userId: number; n: unknown }>;
    const loadOf = new Map(loads.map((l) => [Number(l.userId), Number(l.n)]));
    return agents.map((a) => ({
      id: a.id, load: loadOf.get(a.id) ?? 0, cap: a.assignmentCap ?? queue.assignmentCap ?? null, lastTurn: Number(a.lastAssignedTurn ?? 0),
    }));
  }

  /**
   * Gives one waiting ticket of the queue to the agent its policy chooses: 'assigned', 'no-agent' (nobody eligible
   * under their cap: it stays waiting), or 'gone' (it stopped waiting meanwhile).
   */
  async function assignOne(companyId: number, queue: QueueSettings, ticketId: number): Promise<'assigned' | 'no-agent' | 'gone'> {
    const outcome = await withRetries(() => knex.transaction(async (trx) => {
      const turn = await takeTurn(trx, companyId);
      const agent = chooseAgent(queue.assignment as AssignmentPolicy, await candidates(trx, companyId, queue));
      if (!agent) return 'no-agent' as const;
      const taken = await Ticket.scoped(companyId).transacting(trx)
        .where({ id: ticketId, status: 'pending', queueId: queue.id, chatbot: 0 }).whereNull('userId')
        .where((q) => q.whereNull('botOwner').orWhere('botOwner', HANDED_OFF))
        .patch({ userId: agent.id } as Partial<Ticket>);
      if (!taken) return 'gone' as const;
      await User.scoped(companyId).transacting(trx).where('id', agent.id).patch({ lastAssignedTurn: turn } as Partial<User>);
      return 'assigned' as const;
    }));
    if (outcome === 'assigned') {
      const ticket = await Ticket.scoped(companyId).findById(ticketId);
      if (ticket) await deps.publish({ kind: 'updated', companyId, ticket, before: { status: 'pending', queueId: queue.id, userId: null } });
    }
    return outcome;
  }

  /** A queue's bot answers first (its prompt or integration): its tickets are assigned once the bot hands off. */
  const botFirst = (queue: QueueSettings, ticket: TicketState) => !!(queue.promptId || queue.integrationId) && ticket.botOwner !== HANDED_OFF;

  /** A ticket that may be waiting: assigned now when its queue has a policy and someone is eligible. */
  async function offer(companyId: number, ticket: TicketState): Promise<void> {
    if (!isWaiting(ticket)) return;
    const queue = await queueOf(companyId, ticket);
    if (!queue || queue.assignment === 'manual' || botFirst(queue, ticket)) return;
    await assignOne(companyId, queue, ticket.id);
  }

  /** Hands the queue's waiting tickets (oldest first) to eligible agents until none is left or nobody is free. */
  async function pickUp(companyId: number, queueId: number): Promise<number> {
    const queue = await Queue.scoped(companyId).findById(queueId).select('id', 'assignment', 'assignmentCap', 'promptId', 'integrationId');
    if (!queue || queue.assignment === 'manual') return 0;
    let assigned = 0;
    let afterId = 0;
    for (;;) {
      const waiting = await Ticket.scoped(companyId).where({ queueId, status: 'pending', chatbot: 0 }).whereNull('userId')
        .where((q) => (queue.promptId || queue.integrationId ? q.where('botOwner', HANDED_OFF) : q.whereNull('botOwner').orWhere('botOwner', HANDED_OFF)))
        .where('id', '>', afterId).orderBy('id').limit(PICKUP_BATCH).select('id');
      for (const { id } of waiting) {
        const outcome = await assignOne(companyId, queue, id);
        if (outcome === 'no-agent') return assigned;
        if (outcome === 'assigned') assigned++;
        afterId = id;
      }
      if (waiting.length < PICKUP_BATCH) return assigned;
    }
  }

  /** An agent may have become eligible: every queue of theirs with a policy picks up its waiting tickets. */
  async function pickUpFor(companyId: number, userId: number): Promise<void> {
    const queues = await Queue.scoped(companyId).join('userQueues', 'userQueues.queueId', 'queues.id')
      .where('userQueues.userId', userId).whereNot('queues.assignment', 'manual').select('queues.id');
    for (const { id } of queues) await pickUp(companyId, id);
  }

  const handBackMinutes = async (companyId: number) => {
    const n = Number(await deps.settings.get(companyId, HAND_BACK_SETTING));
    return Number.isInteger(n) && n > 0 ? n : 0;
  };

  /** One pending hand-back per agent: coming back cancels it (in any process: the queue is shared). */
  const handBackId = (companyId: number, userId: number) => `handback-${companyId}-${userId}`;

  /** The agent's last socket went: a durable job at the end of the company's grace (it survives a restart). */
  async function offline(companyId: number, userId: number): Promise<void> {
    const minutes = await handBackMinutes(companyId);
    if (!minutes) return;
    await deps.jobs.enqueue<HandBackJob>(HAND_BACK_JOB, { companyId, userId, offlineSince: dbNow() }, {
      runAt: deps.clock.after(minutes * 60_000), jobId: handBackId(companyId, userId),
    });
  }

  /** The agent's console connected: no hand-back, and the waiting tickets of their queues may be theirs. */
  async function online(companyId: number, userId: number): Promise<void> {
    await deps.jobs.cancel(HAND_BACK_JOB, handBackId(companyId, userId));
    await pickUpFor(companyId, userId);
  }

  /**
   * Hands back the pending tickets assigned to an agent still offline and not seen since they left: each goes
   * back to its queue (nobody's) through the lifecycle, so its policy gives it to an eligible agent or it waits.
   * Open tickets stay theirs (a conversation they took). Returns how many went back.
   */
  async function handBack({ companyId, userId, offlineSince }: HandBackJob): Promise<number> {
    if (!(await handBackMinutes(companyId))) return 0;
    const user = await User.scoped(companyId).findById(userId).select('id', 'online', 'lastSeenAt');
    if (!user || Number(user.online) || (user.lastSeenAt && toDbTime(user.lastSeenAt) > toDbTime(offlineSince))) return 0;
    const held = await Ticket.scoped(companyId).where({ userId, status: 'pending' }).whereNotNull('queueId').select('id');
    let returned = 0;
    for (const { id } of held) {
      // Conditional: an agent who came back meanwhile, or a ticket taken or closed, is left as it is.
      const back = await Ticket.scoped(companyId).where({ id, userId, status: 'pending' })
        .whereNotExists(User.scoped(companyId).where({ id: userId, online: 1 }).select('id'))
        .patch({ userId: null } as Partial<Ticket>);
      if (!back) continue;
      returned++;
      const ticket = await Ticket.scoped(companyId).findById(id);
      if (ticket) await deps.publish({ kind: 'updated', companyId, ticket, before: { userId } as Partial<Ticket> });
    }
    if (returned) log.warn({ companyId, userId, returned }, 'assignment: an offline agent\'s pending tickets went back to their queues');
    return returned;
  }
  /**
   * The reconciler's task: an agent offline (seen before) who holds pending tickets in a company with a hand-back
   * gets their job again, under its usual id (one still queued wins). When they went offline is not stored, so the
   * rebuilt job runs a full grace from now: a hand-back may come late, never early. `offlineSince` is their last
   * sighting, so a return meanwhile still cancels it.
   */
  async function reconcile(): Promise<number> {
    const companies = (await Setting.unscoped('the reconciler: companies with a hand-back grace').where('key', HAND_BACK_SETTING).select('companyId', 'value'))
      .filter((row) => Number.isInteger(Number(row.value)) && Number(row.value) > 0);
    let enqueued = 0;
    for (const { companyId, value } of companies) {
      const away = await User.scoped(companyId).where('online', 0).whereNotNull('lastSeenAt')
        .whereExists(Ticket.scoped(companyId).whereColumn('tickets.userId', 'users.id').where('tickets.status', 'pending').whereNotNull('tickets.queueId').select('tickets.id'))
        .select('id', 'lastSeenAt');
      for (const user of away) {
        await deps.jobs.enqueue<HandBackJob>(HAND_BACK_JOB, { companyId, userId: user.id, offlineSince: toDbTime(user.lastSeenAt!) }, {
          runAt: deps.clock.after(Number(value) * 60_000), jobId: handBackId(companyId, user.id),
        });
        enqueued++;
      }
    }
    return enqueued;
  }
  deps.jobs.define<HandBackJob>(HAND_BACK_JOB, async (job) => { await handBack(job); });
  deps.jobs.define<{ companyId: number; queueId: number }>(PICK_UP_JOB, async ({ companyId, queueId }) => { await pickUp(companyId, queueId); });

  /** Runs work that follows an event without failing the event (a request, a socket's presence) when it fails. */
  const quietly = (what: string, work: Promise<unknown>): Promise<void> => work.then(() => undefined, (err: unknown) => log.error({ err }, `assignment: ${what} failed`));

  /**
   * An offer that fails (a burst of tickets contending for the company's turn past the retries, the database away a
   * moment) is not lost with the request: the queue's waiting tickets are offered again by a durable job a second
   * later, instead of waiting for the next agent event. One such job per queue at a time.
   */
  const offerOrLater = (companyId: number, ticket: TicketState) => offer(companyId, ticket).catch(async (err: unknown) => {
    log.warn({ err, ticketId: ticket.id }, 'assignment: offer failed, the queue picks up again shortly');
    if (ticket.queueId) {
      await quietly('pick-up job', deps.jobs.enqueue(PICK_UP_JOB, { companyId, queueId: ticket.queueId }, { jobId: `${companyId}-${ticket.queueId}`, delayMs: 1000, retries: 5 }));
    }
  });

  // Every way a ticket enters a queue or leaves an agent passes through the lifecycle (tickets/lifecycle.ts).
  deps.hooks.on('onTicketCreate', 'core:assignment', ({ companyId, ticket }) => quietly('offer', offerOrLater(companyId, ticket)));
  deps.hooks.on('onTicketUpdate', 'core:assignment', async ({ companyId, ticket, previous }) => {
    await quietly('offer', offerOrLater(companyId, ticket));
    // The agent who let it go (transferred, returned, closed) may be under their cap again.
    const freed = previous.userId && previous.userId !== ticket.userId ? previous.userId
      : ticket.status === 'closed' && previous.status !== 'closed' ? ticket.userId : null;
    if (freed) await quietly('pickup', pickUpFor(companyId, freed));
  });

  return { offer, pickUp, pickUpFor, online, offline, handBack, handBackId, quietly, reconcile };
}

export type Assignment = ReturnType<typeof createAssignment>;
