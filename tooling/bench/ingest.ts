/**
 * Inbound ingestion: N messages from M contacts through the sandbox provider into the full pipeline
 * (contact upsert, live ticket, message row, hooks, bus events). Latency is measured from the
 * provider event to the `appMessage` bus event of that message. In the same run, the same number
 * of message rows is inserted with knex alone (one statement each, same concurrency): the raw rate.
 * A warm-up of 600 messages from 100 other contacts comes first and is not measured.
 * With BENCH_BOT_SLEEP_MS (the `ingest-bot` leg), a responder claims every message and sleeps that
 * long before answering: the bots run beside ingestion, off its path, and must not slow it down.
 * Every statement of the measured run is counted, the responder chain's included (its turns are waited for, outside
 * the timing): `statementsPerMessage`; BENCH_COUNT_STATEMENTS=1 also prints them by kind on stderr.
 * BENCH_RESPONDERS=off takes the responder chain out (no turn, no cursor move): the `ingest-ratio` leg's baseline.
 * Usage: node --import=tsx tooling/bench/ingest.ts sqlite|mysql [messages] [contacts]
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../core/src/app.js';
import { toDbTime } from '../../core/src/db/time.js';
import type { SandboxProvider } from '../../core/src/messaging/providers/sandbox.js';
import { benchEnv, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const total = Number(process.argv[3] ?? 5000);
const contacts = Number(process.argv[4] ?? 500);
const inFlight = 32;
const botSleepMs = Number(process.env.BENCH_BOT_SLEEP_MS ?? 0);
const respondersOff = process.env.BENCH_RESPONDERS === 'off';
const bench = botSleepMs ? 'ingest-bot' : respondersOff ? 'ingest-off' : 'ingest';

const env = benchEnv(db, bench);
rmSync(env.DATA_DIR!, { recursive: true, force: true });
if (db === 'mysql') {
  const { dropMysqlDatabase } = await import('../../core/src/db/connection.js');
  await dropMysqlDatabase(env.DATABASE_URL!);
}
const app = await buildApp({ env: { ...env, SANDBOX_AUTOSCAN_MS: '10', SANDBOX_ACK_STEP_MS: '60000' }, logger: false });
let botAnswers = 0;
if (botSleepMs) {
  app.responders.register({
    id: 'bench.sleeper', place: 'prompt', timeoutMs: botSleepMs + 10_000,
    async handle(ctx) {
      await new Promise((r) => setTimeout(r, botSleepMs));
      await ctx.send({ body: 'resposta do robô' });
      botAnswers += 1;
      return true;
    },
  });
}
await app.ready();
if (respondersOff) app.pipeline.responders.onInbound = async () => {};

const connection = await app.knex('whatsapps').where({ companyId: 1, provider: 'sandbox' }).first();
for (let i = 0; i < 100; i++) {
  if ((await app.knex('whatsapps').where({ id: connection.id }).first()).status === 'CONNECTED') break;
  await new Promise((r) => setTimeout(r, 50));
}
const provider = app.sessions.provider(connection.id) as unknown as SandboxProvider;

// provider event time, per providerId; bus event time recorded by wrapping emit.
const sentAt = new Map<string, number>();
const latencies: number[] = [];
const originalEmit = app.bus.emit.bind(app.bus);
app.bus.emit = (companyId, event, payload, room) => {
  if (event === 'appMessage') {
    const id = (payload as { action?: string; message?: { providerId?: string } }).message?.providerId;
    const start = id ? sentAt.get(id) : undefined;
    if (start !== undefined && (payload as { action?: string }).action === 'create') { latencies.push(performance.now() - start); sentAt.delete(id!); }
  }
  originalEmit(companyId, event, payload, room);
};

async function pool(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: inFlight }, async () => { while (next < count) await work(next++); }));
}

// Warm-up, not measured: 600 messages from 100 other contacts, so the JIT, the connection pools and
// the caches are as they are in a running server (the other benches warm up too).
await pool(600, async (i) => {
  await provider.simulateInbound({ providerId: `warm-up-${i}`, number: String(5531900000000 + (i % 100)), body: `aquecimento ${i}`, name: `Aquecimento ${i % 100}` });
});
latencies.length = 0;

// Each simulated event carries its id, so the clock starts at the event and stops at its bus event
// (what follows the event, such as the greeting of a new ticket, is not part of the latency).
let pipelineSeconds = 0;
// When the first message after every contact's first was sent: from then on the steady state (known contacts, open
// tickets, the new tickets' greetings still finishing behind), whose rate is reported beside the whole run's.
const steadyFrom = Math.min(total, contacts * 2);
let steadyStarted = 0;
let steadySeconds = 0;
const statementKinds = new Map<string, number>();
let statements = 0;
const countStatement = (q: { sql: string }) => {
  statements += 1;
  if (!process.env.BENCH_COUNT_STATEMENTS) return;
  const k = q.sql.slice(0, 60);
  statementKinds.set(k, (statementKinds.get(k) ?? 0) + 1);
};
app.knex.on('query', countStatement);
{
  const started = performance.now();
  await pool(total, async (i) => {
    const providerId = `bench-${i}`;
    sentAt.set(providerId, performance.now());
    if (i === steadyFrom) steadyStarted = performance.now();
    await provider.simulateInbound({ providerId, number: String(5521900000000 + (i % contacts)), body: `mensagem ${i} do cliente`, name: `Cliente ${i % contacts}` });
  });
  pipelineSeconds = (performance.now() - started) / 1000;
  steadySeconds = steadyStarted ? (performance.now() - steadyStarted) / 1000 : 0;
}
const botAnswersDuringRun = botAnswers;
// The turns the run enqueued and the batched cursor moves are the messages' statements too (not timed). With the
// sleeping bot they would take minutes: that leg counts what ran during the run only.
if (!botSleepMs) {
  await app.jobs.idle();
  await new Promise((resolve) => setTimeout(resolve, 200));
}
app.knex.off('query', countStatement);
if (process.env.BENCH_COUNT_STATEMENTS) process.stderr.write([...statementKinds].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n') + '\n');
if (latencies.length !== total) throw new Error(`${total - latencies.length} messages without their bus event`);
const stored = Number((await app.knex('messages').where({ companyId: 1 }).count({ n: '*' }).first())?.n);
const tickets = Number((await app.knex('tickets').where({ companyId: 1 }).count({ n: '*' }).first())?.n);

// Raw: the same number of message rows, one insert statement each, same concurrency.
const ticketId = (await app.knex('tickets').where({ companyId: 1 }).first('id')).id;
let rawSeconds = 0;
{
  const started = performance.now();
  await pool(total, async (i) => {
    const now = toDbTime(new Date());
    await app.knex('messages').insert({ companyId: 1, ticketId, whatsappId: connection.id, providerId: `raw-${i}`, body: `mensagem ${i} do cliente`, fromMe: false, ack: 0, read: false, status: 'received', createdAt: now, updatedAt: now });
  });
  rawSeconds = (performance.now() - started) / 1000;
}
await app.close();

const percentile = (sorted: number[], p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]?.toFixed(2));
// Latency per 1 000 messages in arrival order: the first window holds every contact's first message
// (a new contact, a new ticket and its greeting), the later ones the steady state.
const windows = [];
for (let start = 0; start < latencies.length; start += 1000) {
  const slice = latencies.slice(start, start + 1000).sort((a, b) => a - b);
  windows.push({ from: start, p50: percentile(slice, 50), p99: percentile(slice, 99) });
}
latencies.sort((a, b) => a - b);
const pct = (p: number) => percentile(latencies, p);
const rate = total / pipelineSeconds;
const rawRate = total / rawSeconds;
const steadyRate = steadySeconds ? (total - steadyFrom) / steadySeconds : undefined;
// Issue 35's goals, reported beside the figures (the whole run's; the steady figures are read against the same).
const goals = bench === 'ingest'
  ? { goalStatementsPerMessage: '≤ 5', goalRatioToRaw: db === 'mysql' ? '≥ 0.25' : '≥ 0.30', goalP99: db === 'mysql' ? '≤ 50 ms' : '≤ 25 ms' }
  : {};
process.stdout.write(JSON.stringify({
  bench, db, messages: total, contacts, inFlight, stored, tickets, ...(botSleepMs ? { botSleepMs, botAnswersDuringRun } : {}),
  messagesPerSecond: Math.round(rate), p50: pct(50), p99: pct(99), statementsPerMessage: Number((statements / total).toFixed(2)),
  rawInsertsPerSecond: Math.round(rawRate), ratioToRaw: Number((rate / rawRate).toFixed(2)), ...goals,
  ...(steadyRate ? { steadyFrom, steadyMessagesPerSecond: Math.round(steadyRate), steadyRatioToRaw: Number((steadyRate / rawRate).toFixed(2)) } : {}),
  windows,
}) + '\n');
