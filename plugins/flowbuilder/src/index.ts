import type { AtriumPlugin, ResponderContext, TicketView } from '@atrium/core/sdk';
import type { FlowGraph } from './graph.js';
import { phraseMatches } from './phrase.js';
import { phraseTriggers } from './triggers.js';
import { registerRoutes } from './routes.js';
import { registerUploads } from './uploads.js';
import { createRuntime, INTERVAL_JOB, type RunActions } from './runtime.js';
import { stamp } from './time.js';
import { registerPrivacy } from './privacy.js';
import { FAILURE_SOURCE } from './failures.js';

/** A run 'running' for longer than this was cut off by a crash (a step takes milliseconds). */
const RUNNING_STALE_MS = 60_000;
/** How many times (every 500 ms) a pause's job looks again for a pause not saved yet. */
const INTERVAL_SAVE_LOOKS = 20;

/** The ids the flow runtime holds tickets under (`tickets.botOwner`): the run's, and the phrase trigger's that started it. */
const FLOW_RESPONDER = 'flowbuilder.run';
const PHRASE_RESPONDER = 'flowbuilder.phrase';
const OWNERS = [FLOW_RESPONDER, PHRASE_RESPONDER];

/**
 * Flow builder: flows and phrase campaigns (routes), and the flow runtime as two responders of the core's
 * chain: `phrase` starts a run when an active campaign's phrase is in the message, `flow` continues the run
 * waiting on the ticket. Pauses are durable jobs (`flowbuilder.interval`).
 */
const flowbuilderPlugin: AtriumPlugin = (sdk) => {
  const runtime = createRuntime(sdk);
  const triggers = phraseTriggers(sdk);
  registerPrivacy(sdk);
  // A flow-builder integration points at a flow: the integrations plugin checks its flowId against this table.
  sdk.references.define('flow', { table: 'flowBuilders', code: 'ERR_NO_FLOW_FOUND' });
  const tickets = () => sdk.services.tickets;
  /** The flow still holds the ticket: no person took it, not closed, not handed off. */
  const flowHolds = (ticket: TicketView | null): boolean =>
    !!ticket && ticket.status !== 'closed' && !ticket.userId && OWNERS.includes(ticket.botOwner ?? '');

  /** A run's actions inside a responder turn: the chain's own send, hand-off (with the queue, in one change) and release. */
  const ctxActions = (ctx: ResponderContext): RunActions => ({
    send: (input) => ctx.send(input),
    handOff: (reason, queueId) => ctx.handOff(reason, queueId ? { queueId } : undefined),
    release: () => ctx.release(),
    fail: (error, failed) => ctx.fail(error, { source: { kind: FAILURE_SOURCE, id: failed.flowId, name: failed.node } }),
    signal: ctx.signal,
  });

  /**
   * A run's actions from the interval job, outside any turn: it speaks only while the flow still holds the
   * ticket; the hand-off and release go through the core (only while the flow holds it), which announces them.
   */
  const jobActions = (companyId: number, ticketId: number): RunActions => ({
    async send(input) {
      if (!flowHolds(await tickets().view(companyId, ticketId))) return null;
      const sent = await sdk.services.messages.send({ companyId, ticket: { id: ticketId }, ...input });
      // At most once: the run saved its next node before this send, so a failed one is not repeated by the flow;
      // the failed message stays in the conversation for an agent to re-send.
      if (sent.status === 'failed') sdk.log.warn({ companyId, ticketId, code: sent.code }, 'a flow message failed to send');
      return sent;
    },
    async handOff(reason, queueId) {
      await tickets().handOff(companyId, ticketId, { owners: OWNERS, reason, queueId });
    },
    async release() {
      await tickets().release(companyId, ticketId, { owners: OWNERS });
    },
    // Out of a turn the core offers no failure record: the note still says why (no admin toast, no last error).
    async fail(error, failed) {
      await tickets().handOff(companyId, ticketId, { owners: OWNERS, reason: `${sdk.bots.openai.describeFailure(error)} (${failed.node})` });
    },
  });

  sdk.jobs.define<{ companyId: number; runId: number; seq: number; attempt?: number }>(INTERVAL_JOB, async ({ companyId, runId, seq, attempt = 0 }) => {
    const run = await runtime.claimInterval(companyId, runId, seq);
    if (run === 'not yet') {
      // The pause is being saved (or its process died before saving it: then, after a few looks, nothing to do).
      if (attempt < INTERVAL_SAVE_LOOKS) {
        await sdk.jobs.enqueue(INTERVAL_JOB, { companyId, runId, seq, attempt: attempt + 1 }, { delayMs: 500, jobId: `flowrun-${runId}-${seq}-look-${attempt + 1}` });
      }
      return;
    }
    if (!run) return;
    if (!flowHolds(await tickets().view(companyId, run.ticketId))) {
      run.status = 'done';
      await runtime.save(run); // a person took the ticket during the pause: the flow stays quiet
      return;
    }
    await runtime.advance(run, jobActions(companyId, run.ticketId));
  });

  sdk.jobs.reconcile('flow pauses', (companyId) => runtime.reconcile(companyId));

  /** The run waiting on this ticket takes the message as its answer; false when there is none. */
  async function continueRun(ctx: ResponderContext): Promise<boolean> {
    // The cache knows most tickets have no run: no read then (and the chain's next question about the ticket is answered too).
    if (!(await runtime.hasActiveRun(ctx.companyId, ctx.ticket.id))) return false;
    const run = await runtime.activeRun(ctx.companyId, ctx.ticket.id);
    if (!run) return false;
    // During a pause, or while the pause's job is moving the run on, the run speaks next; the message stays on
    // the ticket for people to read. A run left 'running' for a minute was cut off by a crash: the reply resumes it.
    if (run.status === 'interval') return true;
    if (run.status === 'running' && run.updatedAt > stamp(new Date(Date.now() - RUNNING_STALE_MS))) return true;
    await runtime.answer(run, { id: ctx.message.id, body: ctx.message.body ?? '' }, ctxActions(ctx));
    return true;
  }

  /** An OpenAI node's call and retry, or a Typebot start and restart with the delays between its bubbles. */
  const timeoutMs = sdk.bots.openai.timeoutMs * 2 + 15_000;

  /**
   * A flowbuilder-type integration handed the conversation here (`ctx.start = { flowId }`): the company's active
   * flow starts on this message, once per ticket (a ticket that already ran it passes, so a flow that ended does
   * not start over on every message).
   */
  async function startFromIntegration(ctx: ResponderContext): Promise<boolean> {
    const flowId = Number((ctx.start as { flowId?: unknown }).flowId);
    if (!Number.isInteger(flowId)) return false;
    const flow = await sdk.db.table('flowBuilders', ctx.companyId).where({ id: flowId, active: true }).first('flow');
    if (!flow?.flow) return false;
    if (await sdk.db.table('flowRuns', ctx.companyId).where({ ticketId: ctx.ticket.id, flowId }).first('id')) return false;
    const run = await runtime.start(ctx.companyId, ctx.ticket.id, flowId, JSON.parse(flow.flow) as FlowGraph);
    if (!run) return false;
    await runtime.advance(run, ctxActions(ctx));
    return true;
  }

  sdk.responders.register({
    id: FLOW_RESPONDER,
    place: 'flow',
    timeoutMs,
    handle: (ctx) => (ctx.start ? startFromIntegration(ctx) : continueRun(ctx)),
    // A start comes by a hand-over inside a turn, never to a message on its own: only a run in progress takes one.
    mayAct: (probe) => runtime.hasActiveRun(probe.companyId, probe.ticket.id),
  });

  sdk.responders.register({
    id: PHRASE_RESPONDER,
    place: 'phrase',
    timeoutMs,
    async handle(ctx) {
      // Holding the ticket since it started a run: the run takes the message (a phrase in an answer is an answer).
      if (ctx.isOwner && (await continueRun(ctx))) return true;
      const body = ctx.message.body ?? '';
      // No cached trigger matches: no campaign would (the cache is forgotten on every change to them).
      if (!(await triggers.match(ctx.companyId, ctx.connection.id, body))) return false;
      const candidates = await sdk.db.table('flowCampaigns', ctx.companyId)
        .join('flowBuilders', function () { this.on('flowBuilders.id', 'flowCampaigns.flowId').andOn('flowBuilders.companyId', 'flowCampaigns.companyId'); })
        .where({ 'flowCampaigns.status': true, 'flowBuilders.active': true })
        .where((q) => q.whereNull('flowCampaigns.whatsappId').orWhere('flowCampaigns.whatsappId', ctx.connection.id))
        .orderBy('flowCampaigns.id')
        .select('flowCampaigns.phrase', 'flowCampaigns.flowId', 'flowBuilders.flow');
      const hit = candidates.find((c: { phrase: string }) => phraseMatches(c.phrase, body));
      if (!hit?.flow) return false;
      const run = await runtime.start(ctx.companyId, ctx.ticket.id, hit.flowId, JSON.parse(hit.flow) as FlowGraph);
      if (!run) return false;
      await runtime.advance(run, ctxActions(ctx));
      return true;
    },
    mayAct: (probe) => triggers.match(probe.companyId, probe.connection.id, probe.message.body ?? ''),
  });

  return async (scope) => {
    registerRoutes(sdk, scope, triggers);
    registerUploads(sdk, scope);
  };
};

export default flowbuilderPlugin;
