import t from 'tap';
import path from 'node:path';
import { api, connectedSandbox, processData, root, startServer, waitForExit, waitUntil } from './server-process.js';

const ADMIN = { email: 'bots-crash@atrium.test', password: 'Crash-pass-123' };
/** Two contacts writing three messages each to a bot that takes 2 s per answer. */
const MESSAGES = Array.from({ length: 6 }, (_, i) => ({ number: String(5531970000000 + (i % 2)), name: `Bot crash ${i % 2}`, body: `pergunta ${i}`, providerId: `BOTS-CRASH-${i}` }));

t.test('bots killed mid-answer resume after the restart: every message is answered at most once, in order, and the rest are answered', async (t) => {
  const data = processData('bots_crash', ADMIN, { PLUGINS_DIR: path.join(root, 'core/test/fixtures/responders'), TWOBOTS_SLEEP_MS: '2000' });
  t.teardown(data.remove);
  const { env } = data;

  // A first start creates the database; the company's plan then gets the fixture plugin's flag.
  const setup = await startServer(env);
  const db = data.db();
  await db('plans').update({ features: JSON.stringify({ useTwoBots: true }) });
  setup.child.kill('SIGTERM');
  await waitForExit(setup.child);

  // First life: the messages are stored, the bots start answering, the server is killed mid-answer.
  const first = await startServer(env);
  t.teardown(() => { first.child.kill('SIGKILL'); });
  let token = (await api(first.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  let connectionId = await connectedSandbox(first.url, token);
  for (const message of MESSAGES) t.equal((await api(first.url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, message)).status, 200);
  const answers = async () => (await db('twobotsAnswers').orderBy('messageId').select('messageId', 'ticketId', 'startedAt', 'finishedAt')) as Array<{ messageId: number; ticketId: number; startedAt: number; finishedAt: number | null }>;
  await waitUntil(async () => (await answers()).length >= 2, 20_000, 'the bots to start answering');
  first.child.kill('SIGKILL');
  await waitForExit(first.child);
  const atKill = await answers();
  t.ok(atKill.length < MESSAGES.length, `killed with answers left to give (${atKill.length} of ${MESSAGES.length} begun)`);

  // Second life: the cut-off turns resume once their job lease and the tickets' turn locks lapse.
  const second = await startServer(env);
  t.teardown(() => { second.child.kill('SIGKILL'); });
  token = (await api(second.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  connectionId = await connectedSandbox(second.url, token);
  await waitUntil(async () => (await answers()).length === MESSAGES.length, 90_000, 'every message to be taken up');
  await waitUntil(async () => (await answers()).filter((a) => a.finishedAt).length >= MESSAGES.length - atKill.filter((a) => !a.finishedAt).length, 30_000, 'the answers to finish');
  await new Promise((r) => setTimeout(r, 1500)); // room for a second answer to show
  second.child.kill('SIGTERM');
  await waitForExit(second.child);

  const rows = await answers();
  const stored = await db('messages').where('providerId', 'like', 'BOTS-CRASH-%').orderBy('id').select('id', 'ticketId');
  t.same(rows.map((r) => Number(r.messageId)), stored.map((m: { id: number }) => Number(m.id)), 'every message was taken up by the bot, once (one row per message: a second answer would break its unique key)');
  const unfinished = rows.filter((r) => !r.finishedAt);
  t.ok(unfinished.length <= 2, `at most the answers in flight at the kill are lost (${unfinished.length}), never given twice`);
  t.ok(unfinished.every((r) => atKill.some((a) => a.messageId === r.messageId)), 'only answers begun before the kill are unfinished');
  for (const ticketId of new Set(rows.map((r) => r.ticketId))) {
    const mine = rows.filter((r) => r.ticketId === ticketId);
    t.ok(mine.every((r, i) => i === 0 || Number(r.startedAt) >= Number(mine[i - 1].startedAt)), `ticket ${ticketId}: answered in arrival order`);
  }
  const echoes = Number((await db('messages').where('body', 'like', 'echo: pergunta%').count({ n: '*' }).first())?.n);
  t.equal(echoes, rows.filter((r) => r.finishedAt).length, 'one outbound answer per finished answer');
});
