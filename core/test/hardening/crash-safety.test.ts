import t from 'tap';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import knexFactory from 'knex';
import { createKnex, dropMysqlDatabase } from '../../src/db/connection.js';
import { testDb } from '../helper.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADMIN = { email: 'crash@atrium.test', password: 'Crash-pass-123' };
const CONTACTS = 20;
const PER_CONTACT = 15;

const freePort = () => new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

async function startServer(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import=tsx', path.join(root, 'core/src/server.ts')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try { if ((await fetch(`${url}/api/health`)).ok) return { child, url }; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Waits for a child to be gone, polling (a pending 'exit' listener alone does not keep the event loop alive). */
async function waitForExit(child: ChildProcess) {
  for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) await new Promise((r) => setTimeout(r, 50));
}

async function api(url: string, token: string | undefined, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) as any };
}

async function connectedSandbox(url: string, token: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const list = await api(url, token, 'GET', '/api/whatsapp');
    const sandbox = (list.body as Array<{ id: number; provider: string; status: string }>).find((c) => c.provider === 'sandbox');
    if (sandbox?.status === 'CONNECTED') return sandbox.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sandbox connection did not come up');
}

/** The provider's stream of events: CONTACTS contacts writing PER_CONTACT messages each, with stable ids. */
const events = Array.from({ length: CONTACTS * PER_CONTACT }, (_, i) => ({
  number: String(5531990000000 + (i % CONTACTS)),
  name: `Crash ${i % CONTACTS}`,
  body: `message ${i}`,
  providerId: `CRASH-${i}`,
}));

/**
 * Delivers events as a provider does: 8 at a time; with `untilAcknowledged`, an event the server did not
 * answer 200 is delivered again (for up to a minute), otherwise a dead server ends the feed.
 */
async function feed(url: string, token: string, connectionId: number, list: typeof events, options: { onEach?: (n: number) => void; untilAcknowledged?: boolean } = {}) {
  let next = 0;
  let done = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < list.length) {
      const event = list[next++];
      for (let attempt = 0; ; attempt++) {
        const status = await api(url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, event).then((r) => r.status, () => 0);
        if (status === 200 || !options.untilAcknowledged) break;
        if (attempt > 600) throw new Error(`event ${event.providerId} never acknowledged (last status ${status})`);
        await new Promise((r) => setTimeout(r, 100));
      }
      options.onEach?.(++done);
    }
  }));
}

t.test('a server killed with SIGKILL mid-stream loses nothing and, after the provider replays its events, stores each message exactly once', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-crash-'));
  const databaseUrl = testDb === 'mysql'
    ? `${(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '')}/atrium_crash_${process.pid}`
    : `sqlite:${path.join(dataDir, 'crash.sqlite')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'fatal', LOGIN_RATE_MAX: '1000',
    SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '50', SESSION_LEASE_MS: '2000', CONSOLE_DIR: path.join(dataDir, 'none'), PLUGINS_DIR: '',
  };
  t.teardown(async () => {
    if (testDb === 'mysql') await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // First life: killed without warning after about a third of the stream.
  const first = await startServer(env);
  let token = (await api(first.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  let connectionId = await connectedSandbox(first.url, token);
  let killedAfter = 0;
  await feed(first.url, token, connectionId, events, {
    onEach: (n) => {
      if (n === Math.floor(events.length / 3) && first.child.exitCode === null) {
        killedAfter = n;
        first.child.kill('SIGKILL');
      }
    },
  });
  await waitForExit(first.child);
  t.ok(killedAfter > 0, `killed after ${killedAfter} acknowledged events`);

  // Second life: the provider replays every event it is not sure about (here: all of them) until the
  // server acknowledges it. With Redis the dead process's session lease must expire first.
  const second = await startServer(env);
  t.teardown(() => { second.child.kill('SIGKILL'); });
  token = (await api(second.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  connectionId = await connectedSandbox(second.url, token);
  await feed(second.url, token, connectionId, events, { untilAcknowledged: true });
  await feed(second.url, token, connectionId, events.slice(0, 50), { untilAcknowledged: true }); // and some twice more
  second.child.kill('SIGTERM');
  await waitForExit(second.child);

  const knex = testDb === 'mysql' ? createKnex({ kind: 'mysql', url: databaseUrl }) : knexFactory({ client: 'better-sqlite3', connection: { filename: path.join(dataDir, 'crash.sqlite') }, useNullAsDefault: true });
  t.teardown(() => knex.destroy());
  const stored = await knex('messages').where('providerId', 'like', 'CRASH-%').select('providerId');
  const ids = new Set(stored.map((m: { providerId: string }) => m.providerId));
  t.equal(stored.length, events.length, 'one row per provider event');
  t.equal(ids.size, events.length, 'every event is there');
  const contacts = await knex('contacts').where('number', 'like', '553199%').count({ n: '*' }).first();
  t.equal(Number(contacts?.n), CONTACTS, 'one contact per number');
  const live = await knex('tickets').whereIn('contactId', knex('contacts').where('number', 'like', '553199%').select('id')).whereNot('status', 'closed').count({ n: '*' }).first();
  t.equal(Number(live?.n), CONTACTS, 'one live ticket per contact');
  const unread = await knex('tickets').whereIn('contactId', knex('contacts').where('number', 'like', '553199%').select('id')).sum({ n: 'unreadMessages' }).first();
  t.equal(Number(unread?.n), events.length, 'unread counts match the messages stored, not the deliveries');
});
