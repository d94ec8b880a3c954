import type { AtriumSdk } from '@atrium/core/sdk';
import type { TypebotAnswer } from '@atrium/core/sdk';
import { integrationOf, type FlowGraph, type FlowNode } from './graph.js';
import { stamp } from './time.js';
import { botNodes, type TypebotSession } from './bot-nodes.js';
import { CONDITION_HANDLES, conditionHolds, isConditionOperator } from './condition.js';
import { fold } from './phrase.js';

/** Nodes one trigger may run before the run is stopped (a cycle without a wait would never end). */
export const STEP_CAP = 50;
/** Replies that match no menu option before the ticket goes to people. */
export const MENU_RETRIES = 3;
export const INTERVAL_JOB = 'flowbuilder.interval';
/** A run in one of these waits on its ticket (an answer or an interval), or is moving on. */
const ACTIVE = ['running', 'waiting', 'interval'];

export interface Run {
  id: number;
  companyId: number;
  ticketId: number;
  flowId: number;
  graph: FlowGraph;
  nodeId: string | null;
  part: number;
  variables: Record<string, string>;
  steps: number;
  retries: number;
  status: 'running' | 'waiting' | 'interval' | 'done';
  seq: number;
  /** While paused ('interval'): when the run resumes (ms), the reconciler's due time for its job. */
  resumeAt?: number | null;
  /** The Typebot node's session while the run waits on the bot. */
  botState: TypebotSession | null;
  updatedAt: string;
}

type Media = { key: string; url: string; name: string; size: number; mimetype: string };

/** What a run may do on its ticket: from a responder's ctx while answering, or from the interval job. */
export interface RunActions {
  send(input: { body?: string; media?: Media }): Promise<unknown>;
  /** To people, optionally in a queue; ends the run. */
  handOff(reason: string, queueId?: number): Promise<void>;
  /** The run ended: the next message walks the chain from its start. */
  release(): Promise<void>;
  /**
   * A bot node's service failed: to people with a note saying why, the admins told, and the flow's last error kept
   * (issue 32: bots' failures are never silent). `node` names the node on the flow's screen.
   */
  fail(error: unknown, failed: { flowId: number; node: string }): Promise<void>;
  /** Aborted when the turn ran out of time (inside a responder turn only). */
  signal?: AbortSignal;
}

/** What a run answers: the contact's message (its id places it in the ticket's history for the OpenAI node). */
export interface Reply { id: number; body: string }

const sleep = (ms: number, signal?: AbortSignal) => new Promise<void>((resolve) => {
  if (!ms || ms <= 0) return resolve();
  const timer = setTimeout(resolve, Math.min(ms, 10_000));
  signal?.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/** `{{key}}` → the answer saved under key (empty when there is none yet). */
export const fill = (text: string, variables: Record<string, string>) =>
  text.replace(/\{\{\s*([\w.-]+)\s*\}\}/g, (_, key: string) => variables[key] ?? '');

export const menuText = (node: FlowNode, variables: Record<string, string>) =>
  [fill(String(node.data.message), variables), ...node.data.arrayOption.map((o: { number: number; value: string }) => `[${o.number}] ${o.value}`)].join('\n');

/** The menu option a reply picks: its number ("2", "*2*") or its text, ignoring case and accents. */
export function pickOption(node: FlowNode, reply: string): number | null {
  const plain = (s: string) => fold(s).replace(/\*/g, '').trim();
  const said = plain(reply);
  const option = (node.data.arrayOption as { number: number; value: string }[]).find((o) => String(o.number) === said || plain(String(o.value)) === said);
  return option ? option.number : null;
}

/** The node an edge leads to from `node` (through `handle` when the node has several exits). */
export function nextOf(graph: FlowGraph, node: FlowNode, handle?: string): string | null {
  const edge = graph.connections.find((e) => e.source === node.id && (handle === undefined || e.sourceHandle === handle));
  return edge ? edge.target : null;
}

/** The answer saved under key ('' when the run has none: a question not reached, or a key no question sets). */
const answerOf = (variables: Record<string, string>, key: unknown) =>
  typeof key === 'string' && Object.hasOwn(variables, key) ? String(variables[key]) : '';

/**
 * The exit a condition node takes: `a` when the run's answer passes the test against the filled value, else `b`.
 * Null for a node saved before conditions were checked (no valid test): the run cannot guess a branch.
 */
export function conditionExit(node: FlowNode, variables: Record<string, string>): string | null {
  const { key, condition, value } = node.data;
  if (!isConditionOperator(condition)) return null;
  const holds = conditionHolds(condition, answerOf(variables, key), fill(String(value ?? ''), variables));
  return holds ? CONDITION_HANDLES.true : CONDITION_HANDLES.false;
}

const mediaOf = (data: Record<string, any>, url: string): Media | undefined =>
  data.key && data.mimetype ? { key: data.key, url, name: data.name ?? url, size: data.size ?? 0, mimetype: data.mimetype } : undefined;

export function createRuntime(sdk: AtriumSdk, random: () => number = Math.random) {
  const bots = botNodes(sdk);
  const runs = (companyId: number) => sdk.db.table('flowRuns', companyId);
  /**
   * Whether a ticket has a run in progress, per ticket from a cache (`sdk.cache`), so the chain can tell in memory
   * whether the flow would take a message. Forgotten (in every process) when a run of the ticket starts or ends.
   */
  const runInProgress = sdk.cache.define<boolean, number>('runInProgress', {
    load: async (companyId, ticketId) => !!(await runs(companyId).where({ ticketId }).whereIn('status', ACTIVE).first('id')),
  });

  const parse = (row: any): Run => ({
    ...row, graph: JSON.parse(row.graph), variables: JSON.parse(row.variables), part: Number(row.part), steps: Number(row.steps),
    retries: Number(row.retries), seq: Number(row.seq), resumeAt: row.resumeAt == null ? null : Number(row.resumeAt), botState: row.botState ? JSON.parse(row.botState) : null,
  });

  async function save(run: Run) {
    await runs(run.companyId).where({ id: run.id }).update({
      nodeId: run.nodeId, part: run.part, variables: JSON.stringify(run.variables), steps: run.steps, retries: run.retries,
      status: run.status, seq: run.seq, resumeAt: run.status === 'interval' ? run.resumeAt ?? null : null, botState: run.botState ? JSON.stringify(run.botState) : null, updatedAt: stamp(),
    });
    if (run.status === 'done') await runInProgress.forget(run.companyId, run.ticketId);
  }

  /** The ticket's run that waits on an answer or an interval. */
  async function activeRun(companyId: number, ticketId: number): Promise<Run | null> {
    const row = await runs(companyId).where({ ticketId }).whereIn('status', ACTIVE).orderBy('id', 'desc').first();
    return row ? parse(row) : null;
  }

  /** A new run from the flow's start node, on a copy of the graph as it is now; earlier runs of the ticket end. */
  async function start(companyId: number, ticketId: number, flowId: number, graph: FlowGraph): Promise<Run | null> {
    const startNode = graph.nodes.find((n) => n.type === 'start');
    if (!startNode) return null;
    await runs(companyId).where({ ticketId }).whereNot({ status: 'done' }).update({ status: 'done', updatedAt: stamp() });
    const now = stamp();
    const row = { companyId, ticketId, flowId, graph: JSON.stringify(graph), nodeId: startNode.id, part: 0, variables: '{}', steps: 0, retries: 0, status: 'running', seq: 0, botState: null, createdAt: now, updatedAt: now };
    const [id] = await runs(companyId).insert(row);
    await runInProgress.forget(companyId, ticketId);
    return parse({ ...row, id: Number(id) });
  }

  async function finish(run: Run, actions: RunActions, how: { release: true } | { handOff: string; queueId?: number } | { failed: unknown; node: string }) {
    run.status = 'done';
    run.nodeId = null;
    await save(run);
    if ('release' in how) await actions.release();
    else if ('failed' in how) await actions.fail(how.failed, { flowId: run.flowId, node: how.node });
    else await actions.handOff(how.handOff, how.queueId);
  }

  /**
   * Runs nodes from run.nodeId until the run waits (menu, question, interval) or ends. The position is saved
   * before each send, so a crash never sends a node twice; waits are saved before their prompt goes out.
   */
  async function advance(run: Run, actions: RunActions): Promise<void> {
    const { graph } = run;
    for (let budget = STEP_CAP; ; budget--) {
      const node = run.nodeId ? graph.nodes.find((n) => n.id === run.nodeId) : undefined;
      if (!node) return finish(run, actions, { release: true });
      if (budget <= 0) {
        sdk.log.warn({ runId: run.id, flowId: run.flowId }, 'flow run stopped at the step cap');
        return finish(run, actions, { handOff: `The flow ran ${STEP_CAP} steps without waiting for the contact (a cycle?)` });
      }
      run.steps += 1;
      const data = node.data;
      const vars = run.variables;
      switch (node.type) {
        case 'message': {
          run.nodeId = nextOf(graph, node);
          await save(run);
          await actions.send({ body: fill(String(data.label), vars) });
          break;
        }
        case 'img': case 'audio': case 'video': {
          run.nodeId = nextOf(graph, node);
          await save(run);
          const media = mediaOf(data, String(data.url));
          await actions.send(media ? { media } : { body: String(data.url) });
          break;
        }
        case 'randomizer': {
          run.nodeId = nextOf(graph, node, random() * 100 < Number(data.percent) ? 'a' : 'b');
          break;
        }
        case 'interval': {
          run.nodeId = nextOf(graph, node);
          return wait(run, Number(data.sec));
        }
        case 'menu': case 'question': {
          run.status = 'waiting';
          run.retries = 0;
          await save(run);
          await actions.send({ body: node.type === 'menu' ? menuText(node, vars) : fill(String(integrationOf(node).message), vars) });
          return;
        }
        case 'singleBlock': {
          const elements = data.elements as { type: string; value: any; size?: number; key?: string; mimetype?: string; name?: string }[];
          if (run.part >= elements.length) {
            run.part = 0;
            run.nodeId = nextOf(graph, node);
            break;
          }
          const element = elements[run.part];
          run.part += 1;
          if (element.type === 'interval') return wait(run, Number(element.value));
          await save(run);
          if (element.type === 'message') await actions.send({ body: fill(String(element.value), vars) });
          else {
            const media = mediaOf(element, String(element.value));
            await actions.send(media ? { media } : { body: String(element.value) });
          }
          break;
        }
        case 'ticket':
          return finish(run, actions, { handOff: `The flow handed the ticket to the queue ${data.queue?.name ?? data.queue?.id}`, queueId: Number(data.queue.id) });
        case 'openai': {
          // The model answers the contact's next messages (see answer); nothing is said on arrival.
          run.status = 'waiting';
          run.retries = 0;
          await save(run);
          return;
        }
        case 'typebot': {
          let started;
          try {
            started = await bots.startTypebot(node, typebotVars(run));
          } catch (err) {
            return typebotFailed(run, node, actions, err);
          }
          if (!(await typebotSpeak(run, node, started, actions))) return;
          break;
        }
        case 'condition': {
          // Sends nothing: the run moves along the branch taken (none drawn: the run ends, as at any node without an exit).
          const exit = conditionExit(node, vars);
          if (exit === null) return finish(run, actions, { handOff: 'The flow reached a condition node without a valid condition' });
          run.nodeId = nextOf(graph, node, exit);
          break;
        }
        default: // start, and any node that only passes on
          run.nodeId = nextOf(graph, node);
      }
    }
  }

  /** A pause as a durable job (never an in-memory timer): it resumes the run at run.nodeId after `seconds`. */
  async function wait(run: Run, seconds: number) {
    run.status = 'interval';
    run.seq += 1;
    run.resumeAt = Date.now() + seconds * 1000;
    // The job first: a process killed between the two leaves a job that finds the run not yet paused (it waits for
    // the save, or gives up when the run never got there), never a paused run that no job will wake.
    await enqueueResume(run.companyId, run.id, run.seq, run.resumeAt);
    await save(run);
  }

  /** A pause's job, under its usual id (the run's seq is bumped by every pause: one id per pause). */
  const enqueueResume = (companyId: number, runId: number, seq: number, at: number) =>
    sdk.jobs.enqueue(INTERVAL_JOB, { companyId, runId, seq }, { runAt: new Date(at), jobId: `flowrun-${runId}-pause-${seq}` });

  /**
   * The reconciler's task (sdk.jobs.reconcile): every paused run gets its pause's job again, due when it resumes
   * (at once for a pause saved before resumeAt was kept, or already over). A job still queued is not doubled.
   */
  async function reconcile(companyId: number): Promise<number> {
    const paused = await runs(companyId).where({ status: 'interval' }).select('id', 'seq', 'resumeAt') as Array<{ id: number; seq: number | string; resumeAt: number | string | null }>;
    for (const row of paused) await enqueueResume(companyId, Number(row.id), Number(row.seq), Math.max(Date.now(), Number(row.resumeAt ?? 0)));
    return paused.length;
  }

  /** A contact message for a run that waits: the answer to its menu or question. Returns false when the run waits on a timer. */
  async function answer(run: Run, message: Reply, actions: RunActions): Promise<void> {
    const reply = message.body;
    const node = run.graph.nodes.find((n) => n.id === run.nodeId);
    if (!node) return finish(run, actions, { release: true });
    run.status = 'running';
    if (node.type === 'openai') return answerWithModel(run, node, message, actions);
    if (node.type === 'typebot') return answerWithTypebot(run, node, reply, actions);
    if (node.type === 'question') {
      run.variables = { ...run.variables, [integrationOf(node).answerKey]: reply };
      run.nodeId = nextOf(run.graph, node);
      return advance(run, actions);
    }
    if (node.type === 'menu') {
      const picked = pickOption(node, reply);
      if (picked === null) {
        run.retries += 1;
        if (run.retries >= MENU_RETRIES) return finish(run, actions, { handOff: `The contact answered the flow's menu ${MENU_RETRIES} times with no valid option` });
        run.status = 'waiting';
        await save(run);
        await actions.send({ body: menuText(node, run.variables) });
        return;
      }
      run.retries = 0;
      run.nodeId = nextOf(run.graph, node, `a${picked}`);
      return advance(run, actions);
    }
    return advance(run, actions);
  }

  /**
   * The OpenAI node: each contact message gets one answer of the node's model; the marker line (or an empty
   * answer) ends the node: the flow goes on along its edge, or, without one, the ticket goes to people.
   */
  async function answerWithModel(run: Run, node: FlowNode, message: Reply, actions: RunActions): Promise<void> {
    const name = integrationOf(node).name;
    if (!message.body.trim()) { run.status = 'waiting'; return; } // media without text: nothing to ask
    let said: { text: string; exit: boolean };
    try {
      said = await bots.ask(node, { companyId: run.companyId, ticketId: run.ticketId, messageId: message.id }, actions.signal);
    } catch (err) {
      sdk.log.warn({ runId: run.id, nodeId: node.id, reason: bots.describeFailure(err) }, 'flow OpenAI node failed: handing off');
      return finish(run, actions, { failed: err, node: `OpenAI node "${name}"` });
    }
    const exit = said.exit || !said.text;
    run.status = exit ? 'running' : 'waiting';
    if (exit) run.nodeId = nextOf(run.graph, node);
    await save(run);
    if (said.text) await actions.send({ body: said.text });
    if (!exit) return;
    if (!run.nodeId) return finish(run, actions, { handOff: said.text ? 'the AI asked for a person' : 'the AI gave an empty answer' });
    return advance(run, actions);
  }

  /** The Typebot node: the contact's reply goes to the bot's session; the bot's end moves the flow on along the edge. */
  async function answerWithTypebot(run: Run, node: FlowNode, reply: string, actions: RunActions): Promise<void> {
    const keyword = bots.keyword(node, reply);
    if (keyword === 'finish') { // the contact leaves the bot: the flow goes on
      run.botState = null;
      run.nodeId = nextOf(run.graph, node);
      return advance(run, actions);
    }
    let said;
    try {
      if (keyword === 'restart') {
        run.botState = null;
        const restart = integrationOf(node).typebotRestartMessage;
        if (restart) await actions.send({ body: String(restart) });
        said = await bots.startTypebot(node, typebotVars(run));
      } else {
        said = await bots.continueTypebot(node, run.botState, typebotVars(run), reply);
      }
    } catch (err) {
      return typebotFailed(run, node, actions, err);
    }
    if (await typebotSpeak(run, node, said, actions)) return advance(run, actions);
  }

  /**
   * Saves the session (or, when the bot ended, the next node) before sending the bot's texts, `typebotDelayMessage`
   * ms apart. True when the bot ended: run.nodeId is then the node's edge target.
   */
  async function typebotSpeak(run: Run, node: FlowNode, said: { answer: TypebotAnswer; session: TypebotSession }, actions: RunActions) {
    const ended = bots.typebotEnded(said.answer);
    run.botState = ended ? null : said.session;
    run.status = ended ? 'running' : 'waiting';
    if (ended) run.nodeId = nextOf(run.graph, node);
    await save(run);
    const delay = Number(integrationOf(node).typebotDelayMessage ?? 0);
    for (const [i, body] of bots.typebotTexts(node, said.answer).entries()) {
      if (i > 0) await sleep(delay, actions.signal);
      await actions.send({ body });
    }
    return ended;
  }

  function typebotFailed(run: Run, node: FlowNode, actions: RunActions, err: unknown) {
    const reason = err instanceof Error ? err.message : 'error';
    sdk.log.warn({ runId: run.id, reason }, 'flow Typebot node failed: handing off');
    run.botState = null;
    return finish(run, actions, { failed: err, node: `Typebot node "${String(integrationOf(node).name ?? 'Typebot')}"` });
  }

  /** What a Typebot started by the flow is told: the flow's answers so far and the ticket. */
  const typebotVars = (run: Run) => ({ ...run.variables, ticketId: run.ticketId });

  /**
   * Takes the run waiting on an interval for this job (a conditional UPDATE: a job run twice, or late after the
   * run moved on, finds nothing to do).
   */
  async function claimInterval(companyId: number, runId: number, seq: number): Promise<Run | 'not yet' | null> {
    const taken = await runs(companyId).where({ id: runId, status: 'interval', seq }).update({ status: 'running', seq: seq + 1, updatedAt: stamp() });
    if (taken) return parse(await runs(companyId).where({ id: runId }).first());
    // The pause's job is enqueued before the pause is saved: a run still before it may be about to save it.
    const row = await runs(companyId).where({ id: runId }).first('status', 'seq') as { status: string; seq: number | string } | undefined;
    return row && ACTIVE.includes(row.status) && Number(row.seq) < seq ? 'not yet' : null;
  }

  /** The ticket has a run in progress (from the cache: no statement once known). */
  const hasActiveRun = (companyId: number, ticketId: number) => runInProgress.get(companyId, ticketId);

  return { activeRun, hasActiveRun, start, advance, answer, claimInterval, save, reconcile };
}

export type Runtime = ReturnType<typeof createRuntime>;
