import t, { type Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import knexFactory, { type Knex } from 'knex';
import { createKnex, dropMysqlDatabase } from '../../../core/src/db/connection.js';
import { testDb } from '../../../core/test/helper.js';
import { api, connectedSandbox, startServer, waitForExit } from '../../../core/test/hardening/server-process.js';
import { edge, node } from './graphs.js';
import { startFakeBots } from './fake-bots.js';

const typebotText = (markdown: string) => ({ type: 'text', content: { type: 'markdown', markdown } });

const ADMIN = { email: 'flow-crash@atrium.test', password: 'Crash-pass-123' };
const CONTACT = { number: '5531970001234', name: 'Flow crash' };

async function waitUntil(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A database and data folder for server processes started and killed by the test (`life`, `kill`), and a contact. */
async function crashRig(t: Test, extraEnv: NodeJS.ProcessEnv = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-flow-crash-'));
  const databaseUrl = testDb === 'mysql'
    ? `${(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '')}/atrium_flow_crash_${process.pid}`
    : `sqlite:${path.join(dataDir, 'flow.sqlite')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'fatal', LOGIN_RATE_MAX: '1000',
    SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '50', SESSION_LEASE_MS: '2000', JOB_LEASE_MS: '2000', CONSOLE_DIR: path.join(dataDir, 'none'), ...extraEnv,
  };
  let knex: Knex | undefined;
  const children: ChildProcess[] = [];
  t.teardown(async () => {
    for (const child of children) child.kill('SIGKILL');
    await knex?.destroy();
    if (testDb === 'mysql') await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const life = async () => {
    const server = await startServer(env);
    children.push(server.child);
    const token = (await api(server.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
    return { ...server, token, connectionId: await connectedSandbox(server.url, token) };
  };
  const kill = async (server: Awaited<ReturnType<typeof life>>) => { server.child.kill('SIGKILL'); await waitForExit(server.child); };
  let n = 0;
  const say = (server: Awaited<ReturnType<typeof life>>, body: string) =>
    api(server.url, server.token, 'POST', `/api/sandbox/${server.connectionId}/inbound`, { ...CONTACT, body, providerId: `FLOW-CRASH-${++n}` });
  const server = await life();
  knex = testDb === 'mysql' ? createKnex({ kind: 'mysql', url: databaseUrl }) : knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dataDir, 'flow.sqlite') }, useNullAsDefault: true });
  const db = knex;
  const sent = async () => (await db('messages').where({ fromMe: true }).orderBy('id').select('body', 'createdAt')) as Array<{ body: string; createdAt: string }>;
  return { server, life, kill, say, db, sent };
}

t.test('a server killed while a run waits on a question, then on an interval, resumes each exactly there: nothing sent twice, the pause kept', async (t) => {
  const rig = await crashRig(t);
  const { life, kill, say, db, sent } = rig;
  let { server } = rig;

  // First life: a flow (question → 4 s interval → message) started by its phrase; killed while it waits on the question.
  const { body: flow } = await api(server.url, server.token, 'POST', '/api/flowbuilder', { name: 'Crash' });
  const saved = await api(server.url, server.token, 'POST', '/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [node('1', 'start'), node('q', 'question', { typebotIntegration: { message: 'Seu nome?', answerKey: 'nome' } }), node('i', 'interval', { sec: 4 }), node('m', 'message', { label: 'Até já, {{nome}}' })],
    connections: [edge('1', 'q'), edge('q', 'i'), edge('i', 'm')],
  });
  t.equal(saved.status, 200);
  t.equal((await api(server.url, server.token, 'POST', '/api/flowcampaign', { name: 'Crash', flowId: flow.id, phrase: 'começar' })).status, 200);
  t.equal((await say(server, 'quero começar')).status, 200);
  await waitUntil(async () => (await sent()).some((m) => m.body === 'Seu nome?'), 20_000, 'the question');
  await kill(server);

  // Second life: the answer goes to the waiting question; killed during the interval.
  server = await life();
  t.equal((await say(server, 'Ana')).status, 200);
  await waitUntil(async () => (await db('flowRuns').first('status'))?.status === 'interval', 20_000, 'the run to wait on its interval');
  const answeredAt = Date.now();
  await kill(server);
  t.same((await sent()).map((m) => m.body), ['Seu nome?'], 'nothing after the question yet');

  // Third life: the pause ends once, where it was, and the flow finishes.
  server = await life();
  await waitUntil(async () => (await sent()).some((m) => m.body === 'Até já, Ana'), 60_000, 'the message after the interval');
  t.ok(Date.now() - answeredAt >= 3500, 'not before the pause was over');
  await new Promise((r) => setTimeout(r, 1500)); // room for a duplicate to show
  t.same((await sent()).map((m) => m.body), ['Seu nome?', 'Até já, Ana'], 'each node sent once, in order, the answer filled in');
  await waitUntil(async () => (await db('flowRuns').first('status'))?.status === 'done', 10_000, 'the run to end');
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
});

t.test('a server killed while a run waits on its Typebot node continues the same Typebot session after the restart', async (t) => {
  const fake = await startFakeBots(t);
  fake.typebot = (url, body) => {
    if (url.endsWith('/startChat')) return { json: { sessionId: 'sess-crash', messages: [typebotText('Qual o seu nome?')], input: { type: 'text input' } } };
    if (url === '/api/v1/sessions/sess-crash/continueChat') return { json: { messages: [typebotText(`Obrigado, ${body.message}!`)], input: null } };
    return { status: 404 };
  };
  const rig = await crashRig(t, { ALLOW_PRIVATE_URLS: 'true' });
  const { life, kill, say, db, sent } = rig;
  let { server } = rig;
  const { body: flow } = await api(server.url, server.token, 'POST', '/api/flowbuilder', { name: 'Bot' });
  t.equal((await api(server.url, server.token, 'POST', '/api/flowbuilder/flow', {
    idFlow: flow.id,
    nodes: [node('1', 'start'), node('tb', 'typebot', { typebotIntegration: { name: 'Bot', urlN8N: fake.url, typebotSlug: 'crash', typebotExpires: 0, typebotDelayMessage: 0 } }),
      node('m', 'message', { label: 'Fim do bot' })],
    connections: [edge('1', 'tb'), edge('tb', 'm')],
  })).status, 200);
  t.equal((await api(server.url, server.token, 'POST', '/api/flowcampaign', { name: 'Bot', flowId: flow.id, phrase: 'robô' })).status, 200);
  t.equal((await say(server, 'quero o robô')).status, 200);
  await waitUntil(async () => (await sent()).some((m) => m.body === 'Qual o seu nome?'), 20_000, 'the bot\'s first question');
  await kill(server);

  server = await life();
  t.equal((await say(server, 'Ana')).status, 200);
  await waitUntil(async () => (await sent()).some((m) => m.body === 'Fim do bot'), 30_000, 'the flow after the bot');
  t.same((await sent()).map((m) => m.body), ['Qual o seu nome?', 'Obrigado, Ana!', 'Fim do bot'], 'the same session answered; each message once');
  t.equal(fake.to('/startChat').length, 1, 'no second session');
  // The run is marked done just after its last send, so the test waits for it rather than racing it.
  await waitUntil(async () => (await db('flowRuns').first('status'))?.status === 'done', 10_000, 'the run to end');
  server.child.kill('SIGTERM');
  await waitForExit(server.child);
});
