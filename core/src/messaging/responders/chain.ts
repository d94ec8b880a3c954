import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { Contact, Message, Queue, Ticket, TicketNote } from '../../db/models/index.js';
import { publishTicket, snapshot } from '../../domains/tickets/lifecycle.js';
import type { PipelineDeps } from '../deps.js';
import { AppError } from '../../http/errors.js';
import { AUTOMATION_LOOP, type MessageSender } from '../outbound.js';
import { handOffNote, type CoreHandOffReason, type HandOffReason } from './handoff-note.js';
import { classifyBotFailure } from '../../bots/failure.js';
import { responderFailures } from './failures.js';
import type { RegisteredResponder, ResponderRegistry } from './registry.js';
import type { ResponderContext, ResponderProbe } from './types.js';
import { cursorPastPassed } from './cursor.js';
import { toDbTime } from '../../db/time.js';

export const TURN_JOB = 'responders.turn';
/** botOwner of a ticket a bot gave to people: no bot answers it until an agent accepts, transfers or closes it. */
export const HANDED_OFF = '@handoff';
const DEFAULT_TIMEOUT_MS = 30_000;
/** The turn lock's lifetime, renewed every third of it while its run goes on: a dead holder's lock lapses this soon. */
const LOCK_TTL_MS = 15_000;
/** Tickets answered at once per process (one responder run per ticket at a time). */
const TURN_CONCURRENCY = 20;
/** Messages a run reads past its cursor at once (a run walks over the passed ones among them in memory). */
const UPCOMING = 20;
/** How far back the reconciler looks for messages whose turn was lost (tickets changed within this window). */
const RECONCILE_WINDOW_MS = 24 * 3600_000;

/**
 * A message's turn (messageId set; `opened`: the message opened the ticket, as ingestion knew it) or a check on the
 * ticket (after a lock expiry, on resume).
 */
interface TurnJob { companyId: number; ticketId: number; messageId?: number; opened?: boolean }
/** The core's queue menu: it acts only on a ticket's first message or while its menu is open. */
const MENU_ID = 'menu';

export interface ChainOptions {
  registry: ResponderRegistry;
  sender: MessageSender;
  hasFlag(companyId: number, flag: string): Promise<boolean>;
}

class TimedOut extends Error {}

/** A person holds the ticket (accepted, or assigned to them): bots stay silent. */
const heldByPerson = (ticket: Pick<Ticket, 'userId' | 'status'>) => !!ticket.userId && ticket.status !== 'closed';

/**
 * The responder chain: one responder answers each inbound message, off the ingestion path.
 *
 * The inbound pipeline enqueues a durable job per message from a contact (job id `m<messageId>`)
 * after its transaction committed. A job takes the ticket's turn lock (a conditional UPDATE on
 * tickets.botLockUntil, which expires on its own if its holder died), then answers every message of
 * the ticket past botCursor in id (arrival) order, advancing the cursor before each answer: a message
 * is answered at most once, even across a crash. A job that finds the lock taken leaves: the holder
 * looks for new messages after releasing the lock, and a check job at the lock's expiry covers a
 * holder that died. So one responder runs per ticket at a time, in order, and a slow one only delays
 * its own ticket.
 */
export function createResponderChain(deps: PipelineDeps, options: ChainOptions) {
  const { knex, jobs, log } = deps;
  const { registry } = options;
  const lockMs = () => LOCK_TTL_MS;
  /** Set when the server shuts down: runs finish their message and leave the rest to a resume job. */
  let stopping = false;
  const failures = responderFailures(knex, deps.bus);

  /** A message's turn, as a durable job (idempotent by message id). */
  async function schedule(companyId: number, ticketId: number, messageId: number, opened?: boolean) {
    await jobs.enqueue<TurnJob>(TURN_JOB, { companyId, ticketId, messageId, ...(opened === undefined ? {} : { opened }) }, { jobId: `m${messageId}` });
  }

  /**
   * After an inbound message from a contact was committed, with the ticket and message as ingestion holds them.
   * When no responder could act on it (see mayAct), decided in memory, it needs no turn: the cursor moves past it
   * in a batched UPDATE. Otherwise its turn is enqueued.
   */
  async function onInbound(companyId: number, ticket: Ticket, message: Message, isNewTicket: boolean) {
    if (!isNewTicket && await passes(companyId, ticket, message)) {
      cursors.pass(ticket.id, message.id);
      return;
    }
    await schedule(companyId, ticket.id, message.id, isNewTicket);
  }

  /**
   * Whether no responder could act on a message past the ticket's first one (see mayAct), decided in memory: the
   * cursor may move past it without a turn. Ingestion asks before storing a message, to move the cursor in its own
   * UPDATE of the ticket (messaging/group-commit.ts); the message need not have an id yet.
   */
  async function passes(companyId: number, ticket: Ticket, message: Message) {
    return Number(ticket.botCursor ?? 0) > 0 && !(await mayAct(companyId, ticket, message));
  }

  /**
   * Cursor moves for messages nobody acts on, written together once per turn of the event loop: one UPDATE for
   * every ticket that had such messages. A ticket's cursor moves only while no run holds it (a run answers what
   * is past the cursor itself) and only over messages that were passed: an earlier message still waiting for its
   * turn keeps the cursor where it is, and that turn then looks at the passed ones too, in order. Not durable on
   * purpose: a lost move only means a later turn looks at the message again and passes it.
   */
  const cursors = (() => {
    let pending = new Map<number, number[]>();
    async function flush() {
      const batch = pending;
      pending = new Map();
      await knex('tickets').whereIn('id', [...batch.keys()]).where((q) => q.whereNull('botLockUntil').orWhere('botLockUntil', '<', Date.now()))
        .update({ botCursor: cursorPastPassed(knex, batch) });
    }
    return {
      pass(ticketId: number, messageId: number) {
        const had = pending.size;
        const passed = pending.get(ticketId);
        if (passed) passed.push(messageId);
        else pending.set(ticketId, [messageId]);
        if (!had) setImmediate(() => void flush().catch((err) => log.warn({ err }, 'responder cursors not moved; later turns will pass those messages')));
      },
    };
  })();

  /** A ticket no responder answers: closed, a group, handed to people, or held by a person. */
  const silenced = (ticket: Pick<Ticket, 'status' | 'isGroup' | 'userId' | 'botOwner'>) =>
    ticket.status === 'closed' || !!Number(ticket.isGroup) || heldByPerson(ticket) || ticket.botOwner === HANDED_OFF;

  /**
   * Whether any responder could act on a message now, decided without running them (asked past the ticket's first
   * message, so the core's menu, which greets a new ticket, is not asked): nobody answers a closed, group, handed-off
   * ticket or one a person holds; a bot holding the ticket, or an open menu, may; otherwise each enabled responder
   * says in memory whether it could act on this message (its `mayAct`; one without says yes).
   */
  async function mayAct(companyId: number, ticket: Ticket, message: Message) {
    if (silenced(ticket) || !ticket.whatsappId) return false;
    if (ticket.botOwner || Number(ticket.chatbot)) return true;
    const conn = await deps.connections.get(companyId, ticket.whatsappId);
    if (!conn) return false;
    const queue = ticket.queueId ? conn.queues.find((q) => q.id === ticket.queueId) : null;
    if (queue === undefined) return true; // a queue the connection does not list: the turn reads it
    const probe: ResponderProbe = {
      companyId, ticket, message, connection: conn.whatsapp, queue,
      integrationId: conn.whatsapp.integrationId ?? queue?.integrationId ?? null,
      promptId: conn.whatsapp.promptId ?? queue?.promptId ?? null,
    };
    for (const responder of registry.ordered()) {
      if (responder.id === MENU_ID || !(await enabled(companyId, responder))) continue;
      if (!responder.mayAct) return true;
      try {
        if (await responder.mayAct(probe)) return true;
      } catch (err) {
        log.warn({ err, responder: responder.id, ticketId: ticket.id }, 'a responder could not say whether it acts: the message gets a turn');
        return true;
      }
    }
    return false;
  }

  /**
   * The next messages past the cursor the chain answers, oldest first: from the contact, not a call log; those
   * ingestion marked passed only `withPassed` (a run that answered a message looks at the passed ones after it again).
   */
  const unansweredPast = (companyId: number, ticketId: number, cursor: number, withPassed: boolean, limit = UPCOMING) => Message.scoped(companyId)
    .where({ ticketId, fromMe: false }).where('id', '>', cursor)
    .where((q) => q.whereNull('mediaType').orWhereNot('mediaType', 'call_log'))
    .modify((q) => { if (!withPassed) q.where('botPassed', false); })
    .orderBy('id').limit(limit);
  const nextUnanswered = async (companyId: number, ticketId: number, cursor: number) => (await unansweredPast(companyId, ticketId, cursor, false, 1))[0];

  /** No run holds the ticket's turn lock (or its holder's lease ran out). */
  const lockFree = (now: number) => (q: Knex.QueryBuilder) => q.whereNull('botLockUntil').orWhere('botLockUntil', '<', now);

  /**
   * A message from the contact (a call log aside) past the ticket's cursor and before `messageId`: not yet answered.
   * One ingestion marked passed is not waiting for anything: a turn jumps over it.
   */
  const unansweredBefore = (ticketId: number, messageId: number) => knex('messages').select(knex.raw('1'))
    .where('messages.ticketId', ticketId).where('messages.fromMe', false).where('messages.botPassed', false)
    .where('messages.id', '>', knex.ref('tickets.botCursor')).where('messages.id', '<', messageId)
    .where((q) => q.whereNull('messages.mediaType').orWhereNot('messages.mediaType', 'call_log'));

  /**
   * The reconciler's task: a ticket with a contact message past its cursor that waits for a turn (not passed, not a
   * call log) gets a turn job, as its message's job may have been lost with Redis. Tickets changed in the last day only:
   * a bot answer older than that is no answer. A turn finds nothing to do if the message's own job ran meanwhile.
   */
  async function reconcile() {
    const since = toDbTime(Date.now() - RECONCILE_WINDOW_MS);
    const waiting = await knex('tickets').select('tickets.id', 'tickets.companyId').where('tickets.updatedAt', '>', since)
      .whereExists(knex('messages').select(knex.raw('1')).whereRaw('messages.ticketId = tickets.id').where('messages.fromMe', false)
        .where('messages.botPassed', false).where('messages.id', '>', knex.ref('tickets.botCursor'))
        .where((q) => q.whereNull('messages.mediaType').orWhereNot('messages.mediaType', 'call_log'))) as Array<{ id: number; companyId: number }>;
    const stamp = Date.now();
    for (const { id, companyId } of waiting) await jobs.enqueue<TurnJob>(TURN_JOB, { companyId, ticketId: id }, { jobId: `t${id}@reconcile-${stamp}` });
    return waiting.length;
  }

  async function turn({ companyId, ticketId, messageId, opened }: TurnJob) {
    for (;;) {
      const token = randomUUID();
      const now = Date.now();
      // The common case, the message is the next to answer: the lock and the cursor's move onto it in one UPDATE.
      let first: number | undefined;
      if (messageId && !stopping) {
        const took = await knex('tickets').where({ id: ticketId, companyId }).where('botCursor', '<', messageId)
          .where(lockFree(now)).whereNotExists(unansweredBefore(ticketId, messageId))
          .update({ botLockToken: token, botLockUntil: now + lockMs(), botCursor: messageId });
        if (took) first = messageId;
      }
      const locked = first !== undefined || await knex('tickets').where({ id: ticketId, companyId }).where(lockFree(now))
        .update({ botLockToken: token, botLockUntil: now + lockMs() });
      if (!locked) {
        const row = await knex('tickets').where({ id: ticketId, companyId }).first('botLockUntil') as { botLockUntil: number | string | null } | undefined;
        if (!row) return; // the ticket was deleted
        const until = Number(row.botLockUntil ?? 0);
        if (until < Date.now()) continue; // released meanwhile: try again
        // Another run holds the ticket; it looks again after releasing. If it died, this check takes over.
        await jobs.enqueue<TurnJob>(TURN_JOB, { companyId, ticketId }, { jobId: `t${ticketId}@${until}`, runAt: new Date(until + 100) });
        return;
      }
      const renew = setInterval(() => {
        void knex('tickets').where({ id: ticketId, botLockToken: token }).update({ botLockUntil: Date.now() + lockMs() })
          .catch((err) => log.warn({ err, ticketId }, 'turn lock not renewed'));
      }, Math.floor(LOCK_TTL_MS / 3));
      let cursor: number | undefined;
      try {
        cursor = await drain(companyId, ticketId, token, first === undefined ? undefined : { id: first, opened });
      } finally {
        clearInterval(renew);
        await knex('tickets').where({ id: ticketId, botLockToken: token }).update({ botLockToken: null, botLockUntil: null });
      }
      // A message stored while the lock was held, whose job found it taken, is ours to answer.
      if (cursor === undefined) {
        const ticket = await Ticket.scoped(companyId).findById(ticketId).select('id', 'botCursor');
        if (!ticket) return;
        cursor = Number(ticket.botCursor ?? 0);
      }
      if (!(await nextUnanswered(companyId, ticketId, cursor))) return;
      if (stopping) {
        await jobs.enqueue<TurnJob>(TURN_JOB, { companyId, ticketId }, { jobId: `t${ticketId}@resume`, delayMs: 1000 });
        return;
      }
      messageId = undefined;
      opened = undefined;
    }
  }

  /**
   * Answers the ticket's messages past its cursor, in order, while the lock is ours. `first`: the message the lock
   * came with (the cursor already on it). Returns the cursor as it left it, or undefined when it does not know it.
   */
  async function drain(companyId: number, ticketId: number, token: string, first?: { id: number; opened?: boolean }): Promise<number | undefined> {
    let cursor: number | undefined;
    // Once this run answered a message, the ones ingestion marked passed after it are asked again: that answer may
    // have given the ticket to a responder. Before that, nothing changed since they were passed: they are skipped.
    let answered = false;
    if (first) {
      const [ticket, message] = await Promise.all([Ticket.scoped(companyId).findById(ticketId), Message.scoped(companyId).findById(first.id)]);
      if (!ticket) return undefined;
      cursor = first.id;
      if (message && !message.fromMe && message.mediaType !== 'call_log' && !(await stillPassed(companyId, ticket, message))) {
        await answerLogged(companyId, ticket, message, first.opened);
        answered = true;
      }
    }
    while (!stopping) {
      let ticket: Ticket | undefined;
      if (cursor === undefined) {
        ticket = await Ticket.scoped(companyId).findById(ticketId);
        if (!ticket) return undefined;
        cursor = Number(ticket.botCursor ?? 0);
      }
      const upcoming = await unansweredPast(companyId, ticketId, cursor, answered);
      if (!upcoming.length) return cursor;
      // The ticket as it is now (a person may have taken it since the last answer).
      if (!ticket) ticket = await Ticket.scoped(companyId).findById(ticketId);
      if (!ticket) return undefined;
      // Passed messages still passed are walked over in memory; the cursor then moves once, onto the message to answer.
      let message: Message | undefined;
      let walkedTo = cursor;
      for (const candidate of upcoming) {
        if (!(await stillPassed(companyId, ticket, candidate))) { message = candidate; break; }
        walkedTo = candidate.id;
      }
      // The cursor moves before the answer (at most once) and only while the lock is still ours.
      const moved = await knex('tickets').where({ id: ticketId, botLockToken: token })
        .update({ botCursor: message?.id ?? walkedTo, botLockUntil: Date.now() + lockMs() });
      if (!moved) return undefined;
      // Past a dealt-with message, this one cannot be the ticket's first.
      const mayBeFirst = cursor === 0;
      cursor = message?.id ?? walkedTo;
      if (!message) continue;
      await answerLogged(companyId, ticket, message, mayBeFirst ? undefined : false);
      answered = true;
    }
    return cursor;
  }

  /**
   * A message ingestion marked passed that a run meets after answering an earlier one (it came while that one waited
   * for its turn): asked again with the ticket as it is now, since that answer may have given it to a responder.
   */
  async function stillPassed(companyId: number, ticket: Ticket, message: Message) {
    return !!message.botPassed && await passes(companyId, ticket, message);
  }

  async function answerLogged(companyId: number, ticket: Ticket, message: Message, isNewTicket: boolean | undefined) {
    try {
      await answer(companyId, ticket, message, isNewTicket);
    } catch (err) {
      log.error({ err, ticketId: ticket.id, messageId: message.id }, 'responder chain failed on a message');
    }
  }

  async function enabled(companyId: number, responder: RegisteredResponder) {
    return !responder.planFlag || options.hasFlag(companyId, responder.planFlag);
  }

  /**
   * Runs the chain for one message: the owner first, else each place in order, until one claims it. `isNewTicket`
   * undefined: whether the message opened the ticket is read (no earlier message on it).
   */
  async function answer(companyId: number, ticket: Ticket, message: Message, isNewTicketKnown: boolean | undefined) {
    if (ticket.status === 'closed' || ticket.isGroup || !ticket.whatsappId) return;
    if (heldByPerson(ticket) || ticket.botOwner === HANDED_OFF) return;
    const conn = await deps.connections.get(companyId, ticket.whatsappId);
    const contact = await Contact.scoped(companyId).findById(ticket.contactId);
    if (!conn || !contact) return;
    const queue = ticket.queueId
      ? conn.queues.find((q) => q.id === ticket.queueId) ?? await Queue.scoped(companyId).findById(ticket.queueId) ?? null
      : null;
    const isNewTicket = isNewTicketKnown ?? !(await Message.scoped(companyId).where({ ticketId: ticket.id }).where('id', '<', message.id).select('id').first());

    const owner = ticket.botOwner ? registry.get(ticket.botOwner) : undefined;
    const candidates = owner ? [owner, ...registry.ordered().filter((r) => r !== owner)] : [...registry.ordered()];
    for (const responder of candidates) {
      if (!(await enabled(companyId, responder))) continue;
      const isOwner = responder === owner;
      const input: RunInput = { companyId, ticket, contact, message, connection: conn.whatsapp, queue, isNewTicket, isOwner };
      let run = await runOne(responder, input);
      // A hand-over: the named responder takes this message at once, with the start payload (one hop only).
      if (run.outcome === 'delegated') run = await runOne(run.to, { ...input, isOwner: false, start: run.payload }, false);
      if (run.outcome === 'claimed') return;
      if (run.outcome === 'ended') return;
      // An owner that passes has let go: the rest of the chain sees the message.
      if (isOwner) await setOwner(companyId, ticket, null);
    }
    // Nobody answered: an owner no longer registered (plugin removed) has let go too.
    if (ticket.botOwner && !owner) await setOwner(companyId, ticket, null);
  }

  type RunInput = Pick<ResponderContext, 'companyId' | 'ticket' | 'contact' | 'message' | 'connection' | 'queue' | 'isNewTicket' | 'isOwner' | 'start'>;
  type RunResult = { outcome: 'claimed' | 'passed' | 'ended' } | { outcome: 'delegated'; to: RegisteredResponder; payload: unknown };

  /**
   * One responder on one message, with its timeout; a throw or a timeout hands the ticket to people.
   * `mayDelegate` is false for a responder run by a hand-over: a chain of hand-overs cannot loop.
   */
  async function runOne(responder: RegisteredResponder, input: RunInput, mayDelegate = true): Promise<RunResult> {
    const { companyId, ticket } = input;
    const controller = new AbortController();
    let over = false;
    let released = false;
    let handedOff = false;
    let delegation: { to: RegisteredResponder; payload: unknown } | null = null;
    const ctx: ResponderContext = {
      ...input,
      integrationId: input.connection.integrationId ?? input.queue?.integrationId ?? null,
      promptId: input.connection.promptId ?? input.queue?.promptId ?? null,
      signal: controller.signal,
      log: log.child({ responder: responder.id, ticketId: ticket.id }),
      async send({ body, media }) {
        if (over) return null;
        const now = await Ticket.scoped(companyId).findById(ticket.id).select('status', 'userId', 'botOwner');
        if (!now || now.status === 'closed' || heldByPerson(now) || now.botOwner === HANDED_OFF) return null;
        return options.sender.send({ companyId, ticket, contact: input.contact, body, media });
      },
      async handOff(reason, options) {
        if (handedOff) return;
        handedOff = true;
        over = true;
        await handOff(companyId, ticket, responder.id, { text: String(reason ?? '') }, { queueId: options?.queueId });
      },
      async fail(error, { source, queueId }) {
        if (handedOff) return;
        handedOff = true;
        over = true;
        // A send the loop guard refused: the guard has handed the ticket to people with its own note.
        if (error instanceof AppError && error.code === AUTOMATION_LOOP) return;
        const failure = classifyBotFailure(error);
        ctx.log.warn({ source, kind: failure.kind, detail: failure.detail }, 'bot failed: the ticket goes to people');
        await handOff(companyId, ticket, responder.id, { failure, name: source.name }, { queueId });
        await failures.record(companyId, { source, responder: responder.id, ...failure, ticketId: ticket.id }, log);
      },
      async release() {
        if (over) return;
        released = true;
        await setOwner(companyId, ticket, null, responder.id);
      },
      async delegate(responderId, payload) {
        const to = registry.get(responderId);
        if (over || !mayDelegate || !to || to === responder || !(await enabled(companyId, to))) return false;
        delegation = { to, payload };
        return true;
      },
    };
    const timeoutMs = responder.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    try {
      const claimed = await Promise.race([
        Promise.resolve().then(() => responder.handle(ctx)),
        new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new TimedOut()), timeoutMs); }),
      ]);
      if (handedOff) return { outcome: 'ended' };
      if (delegation) return { outcome: 'delegated', ...(delegation as { to: RegisteredResponder; payload: unknown }) };
      if (!claimed) return { outcome: 'passed' };
      if (!released && ticket.botOwner !== responder.id) await setOwner(companyId, ticket, responder.id);
      return { outcome: 'claimed' };
    } catch (err) {
      over = true;
      controller.abort();
      // The loop guard refused the responder's send and has handed the ticket to people already.
      if (err instanceof AppError && err.code === AUTOMATION_LOOP) return { outcome: 'ended' };
      const reason: CoreHandOffReason = err instanceof TimedOut ? 'timeout' : 'error';
      log.error({ err: reason === 'error' ? err : undefined, responder: responder.id, ticketId: ticket.id, messageId: input.message.id }, `responder ${reason === 'timeout' ? 'timed out' : 'failed'}: the ticket goes to people`);
      if (!handedOff) {
        handedOff = true;
        await handOff(companyId, ticket, responder.id, { core: reason });
        // The admins hear of it as of a failure the responder reported (it named no bot of its own).
        const failure = reason === 'timeout' ? { kind: 'timeout' as const, detail: 'no answer in time' } : classifyBotFailure(err);
        await failures.record(companyId, { source: null, responder: responder.id, ...failure, ticketId: ticket.id }, log);
      }
      return { outcome: 'ended' };
    } finally {
      over = true;
      if (timer) clearTimeout(timer);
    }
  }

  /** Records (or clears) the responder holding the ticket; `only` clears it only from that responder. */
  async function setOwner(companyId: number, ticket: Ticket, owner: string | null, only?: string) {
    const query = Ticket.scoped(companyId).where({ id: ticket.id });
    if (only) query.where('botOwner', only);
    else if (owner === null) query.whereNotNull('botOwner');
    const changed = await query.patch({ botOwner: owner, ...(owner ? { chatbot: true } : { chatbot: false }) } as Partial<Ticket>);
    if (!changed) return;
    const fresh = await Ticket.scoped(companyId).findById(ticket.id);
    if (!fresh) return;
    const before = snapshot(ticket);
    Object.assign(ticket, fresh);
    await publishTicket(deps, { kind: 'updated', companyId, ticket: fresh, before });
  }

  /**
   * The ticket goes to people: pending in its queue (or in `queueId`, one of the company's queues, in the same
   * change: one event, one move of the counts), no bot, and a note the agents see on it. With `owners`, only while
   * one of those responders holds it and no person does (a hand-off from outside a turn). True when it changed.
   */
  async function handOff(companyId: number, ticket: Ticket, responderId: string, reason: HandOffReason,
    options: { queueId?: number | null; owners?: string[] } = {}): Promise<boolean> {
    const before = snapshot(ticket);
    let queueId: number | undefined;
    if (options.queueId) {
      if (await Queue.scoped(companyId).findById(options.queueId).select('queues.id')) queueId = options.queueId;
      // The people still get the ticket, in the queue it had: a bot's stale setting must not strand it.
      else log.warn({ ticketId: ticket.id, queueId: options.queueId, responder: responderId }, 'hand-off to a queue the company does not have: queue kept');
    }
    const query = Ticket.scoped(companyId).where({ id: ticket.id }).whereNot('status', 'closed');
    if (options.owners) query.whereIn('botOwner', options.owners).whereNull('userId');
    const changed = await query.patch({ status: 'pending', chatbot: false, botOwner: HANDED_OFF, ...(queueId ? { queueId } : {}) } as Partial<Ticket>);
    if (!changed) return false;
    const fresh = (await Ticket.scoped(companyId).findById(ticket.id))!;
    Object.assign(ticket, fresh);
    const note = await TicketNote.scoped(companyId).insertAndFetch({
      ticketId: ticket.id, contactId: ticket.contactId, userId: null, note: handOffNote(responderId, reason),
    } as Partial<TicketNote>);
    await publishTicket(deps, { kind: 'updated', companyId, ticket: fresh, before });
    deps.bus.emitForTicket(companyId, fresh, 'ticketNote', { action: 'create', ticketNote: { ...note.toJSON(), user: null } });
    return true;
  }

  /** sdk.services.tickets.handOff: a responder's job hands the ticket it holds to people, outside any turn. */
  async function handOffHeld(companyId: number, ticketId: number, { owners, reason, queueId }: { owners: string[]; reason: string; queueId?: number | null }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket?.botOwner || !owners.includes(ticket.botOwner)) return false;
    return handOff(companyId, ticket, ticket.botOwner, { text: String(reason ?? '') }, { queueId, owners });
  }

  /** sdk.services.tickets.release: a responder's job ends its hold on the ticket, outside any turn. */
  async function releaseHeld(companyId: number, ticketId: number, { owners }: { owners: string[] }) {
    const ticket = await Ticket.scoped(companyId).findById(ticketId);
    if (!ticket || !owners.length) return false;
    const changed = await Ticket.scoped(companyId).where({ id: ticketId }).whereIn('botOwner', owners).whereNull('userId')
      .patch({ botOwner: null, chatbot: false } as Partial<Ticket>);
    if (!changed) return false;
    const fresh = (await Ticket.scoped(companyId).findById(ticketId))!;
    await publishTicket(deps, { kind: 'updated', companyId, ticket: fresh, before: snapshot(ticket) });
    return true;
  }

  jobs.define<TurnJob>(TURN_JOB, turn, { concurrency: TURN_CONCURRENCY });
  /** The loop guard tripped on the ticket (outbound.ts): it goes to people, whoever was talking on it. */
  async function handOffLoop(companyId: number, ticket: Ticket) {
    await handOff(companyId, ticket, ticket.botOwner && ticket.botOwner !== HANDED_OFF ? ticket.botOwner : 'automation', { core: 'loop' });
  }

  return { schedule, onInbound, passes, turn, reconcile, handOff: handOffHeld, handOffLoop, release: releaseHeld, failures, stop: () => { stopping = true; } };
}

export type ResponderChain = ReturnType<typeof createResponderChain>;
