import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex, dropMysqlDatabase } from '../../src/db/connection.js';
import { testDb } from '../helper.js';
import { api, connectedSandbox, startServer, waitForExit } from './server-process.js';

const ADMIN = { email: 'failover@atrium.test', password: 'Failover-pass-123' };
const CUSTOMER = '5531960000001';
const ROUNDS = 12;
const KILL_AFTER = 4;

const skip = testDb !== 'mysql' || !process.env.TEST_REDIS_URL
  ? 'several API processes share MariaDB + Redis: this runs on the MariaDB + Redis leg'
  : false;

async function waitUntil(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A phone network hands a message again until a process takes it (503 while the connection moves). */
async function deliverInbound(url: string, token: string, connectionId: number, body: string, providerId: string) {
  for (let i = 0; i < 200; i++) {
    const res = await api(url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, { number: CUSTOMER, name: 'Fiona Failover', body, providerId });
    if (res.status === 200) return;
    if (res.body?.error !== 'ERR_SESSION_MOVING') throw new Error(`inbound refused: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the connection never came back');
}

t.test('two API processes: commands and sends reach the process driving the session; when it is killed the other takes over, nothing is lost or sent twice', { skip }, async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-failover-'));
  const databaseUrl = `${(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '')}/atrium_failover_${process.pid}`;
  // One data folder (media, JWT secrets) shared by both, as on one machine behind a load balancer.
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: process.env.TEST_REDIS_URL,
    ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'fatal', LOGIN_RATE_MAX: '1000',
    SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '50', SESSION_LEASE_MS: '1500', JOB_LEASE_MS: '2000',
    CONSOLE_DIR: path.join(dataDir, 'none'), PLUGINS_DIR: '',
  };
  let knex: Knex | undefined;
  t.teardown(async () => {
    await knex?.destroy();
    await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });

  // A starts first and drives the sandbox session; B only reaches it through A.
  const a = await startServer(env);
  t.teardown(() => { a.child.kill('SIGKILL'); });
  const tokenA = (await api(a.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  const connectionId = await connectedSandbox(a.url, tokenA);
  const b = await startServer(env);
  t.teardown(() => { b.child.kill('SIGKILL'); });
  const token = (await api(b.url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  knex = createKnex({ kind: 'mysql', url: databaseUrl });
  const db = knex;

  // A command sent to B runs where the session is: a new QR on a sandbox is answered by A's session.
  // (The simulated phone scans the new QR at once: a fresh pairing row proves A's session did it.)
  const pairing = () => db('providerAuthKeys').where({ whatsappId: connectionId, category: 'sandbox', keyId: 'pairing' }).first('value');
  const pairedBefore = (await pairing())?.value;
  const newQr = await api(b.url, token, 'PUT', `/api/whatsappsession/${connectionId}`, {});
  t.equal(newQr.status, 200, `new QR through B: ${JSON.stringify(newQr.body)}`);
  await waitUntil(async () => {
    const [row, paired] = await Promise.all([db('whatsapps').where({ id: connectionId }).first('status'), pairing()]);
    return row.status === 'CONNECTED' && !!paired && paired.value !== pairedBefore;
  }, 20_000, 'the sandbox session in A to pair again');

  const ticketId = async () => (await db('tickets').join('contacts', 'contacts.id', 'tickets.contactId').where('contacts.number', CUSTOMER).first('tickets.id'))?.id as number | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    if (round === KILL_AFTER) {
      a.child.kill('SIGKILL');
      await waitForExit(a.child);
    }
    await deliverInbound(b.url, token, connectionId, `pergunta ${round}`, `FAILOVER-IN-${round}`);
    await waitUntil(async () => !!(await ticketId()), 20_000, 'the ticket');
    const sent = await api(b.url, token, 'POST', `/api/messages/${await ticketId()}`, { body: `resposta ${round}` });
    t.equal(sent.status, 200, `reply ${round} accepted by B`);
  }

  // Every reply leaves exactly once, including those made while the connection moved.
  const outbox = async () => (await db('sandboxOutbox').where({ whatsappId: connectionId }).select('body')).map((r: { body: string }) => r.body);
  await waitUntil(async () => (await outbox()).filter((body) => body.startsWith('resposta')).length >= ROUNDS, 60_000, 'every reply to leave');
  const replies = (await outbox()).filter((body) => body.startsWith('resposta')).sort();
  t.same(replies, Array.from({ length: ROUNDS }, (_, i) => `resposta ${i}`).sort(), 'each reply sent once');
  const stuck = await db('messages').where({ fromMe: true }).whereNot('status', 'sent').select('body', 'status', 'error');
  t.same(stuck, [], 'no reply left failed or sending');
  const inbound = await db('messages').where({ fromMe: false }).select('body');
  t.same(inbound.map((m: { body: string }) => m.body).sort(), Array.from({ length: ROUNDS }, (_, i) => `pergunta ${i}`).sort(), 'each customer message stored once');
  t.equal((await db('whatsapps').where({ id: connectionId }).first('status')).status, 'CONNECTED', 'the connection runs on in B');
});
