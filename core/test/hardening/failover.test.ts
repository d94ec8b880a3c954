import t from 'tap';
import type { Knex } from 'knex';
import { createKnex } from '../../src/db/connection.js';
import { api, connectedSandbox, multiProcessEnv, multiProcessSkip, deliverInbound as deliver, startServer, waitForExit, waitUntil } from './server-process.js';

const ADMIN = { email: 'failover@atrium.test', password: 'Failover-pass-123' };
const CUSTOMER = '5531960000001';
const ROUNDS = 12;
const KILL_AFTER = 4;

t.test('two API processes: commands and sends reach the process driving the session; when it is killed the other takes over, nothing is lost or sent twice', { skip: multiProcessSkip }, async (t) => {
  const { env, databaseUrl, remove } = multiProcessEnv('failover', ADMIN, 1500);
  let knex: Knex | undefined;
  t.teardown(async () => {
    await knex?.destroy();
    await remove();
  });

  // A starts first and drives the sandbox session (one connection: one process's share); B only reaches it through A.
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
    await deliver(b.url, token, connectionId, { number: CUSTOMER, name: 'Fiona Failover', body: `pergunta ${round}`, providerId: `FAILOVER-IN-${round}` });
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
