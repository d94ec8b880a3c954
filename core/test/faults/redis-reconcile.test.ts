import t from 'tap';
import { toDbTime } from '../../src/db/time.js';
import { api, waitForExit, waitUntil } from '../hardening/server-process.js';
import { serverOnPrivateRedis } from './fault-server.js';

const skip = process.env.TEST_DB !== 'mysql' || !process.env.TEST_REDIS_URL ? 'Redis faults run on the MariaDB + Redis leg' : false;
const ADMIN = { email: 'faults-reconcile@atrium.test', password: 'Faults-pass-123' };
/** An hour is 18 s, a minute 0.3 s: the inactivity timer falls due after the outage, the hand-back's grace at once. */
const TIME_SCALE = 0.005;

t.test('Redis restarted empty while timers wait: the reconciler brings back inactivity, SLA, hand-back, campaign and flow-pause jobs (each runs once)', { skip }, async (t) => {
  const { redis, child, url, token, connectionId, db } = await serverOnPrivateRedis(t, 'faults_reconcile', ADMIN, { ATRIUM_TIME_SCALE: String(TIME_SCALE) });
  const ok = async (what: string, res: Promise<{ status: number; body: any }>) => {
    const done = await res;
    if (done.status !== 200) throw new Error(`${what}: ${done.status} ${JSON.stringify(done.body)}`);
    return done.body;
  };

  // Inactivity: the connection closes tickets an hour (18 s) after their last activity; the timer is a Redis job.
  await ok('expiresTicket', api(url, token, 'PUT', `/api/whatsapp/${connectionId}`, { expiresTicket: 1 }));
  const deliver = (number: string, body: string) => ok(`inbound ${number}`, api(url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, { number, name: 'Cliente', body, providerId: `rec-${number}` }));
  await deliver('5511955550001', 'inactivity');
  await deliver('5511955550002', 'sla');
  await deliver('5511955550003', 'hand-back');
  await deliver('5511955550004', 'flow');
  const ticketOf = async (number: string) => Number((await db('tickets').join('contacts', 'contacts.id', 'tickets.contactId').where('contacts.number', number).first('tickets.id')).id);
  const [idle, late, held, paused] = await Promise.all(['5511955550001', '5511955550002', '5511955550003', '5511955550004'].map(ticketOf));

  // A campaign due after the outage: its start job lives in Redis.
  const list = await ok('list', api(url, token, 'POST', '/api/contact-lists', { name: 'Reconcile' }));
  for (const number of ['5511944440001', '5511944440002']) await ok('item', api(url, token, 'POST', '/api/contact-list-items', { name: 'Recipient', number, contactListId: list.id }));
  const campaign = await ok('campaign', api(url, token, 'POST', '/api/campaigns', {
    name: 'After the outage', whatsappId: connectionId, contactListId: list.id, message1: 'Oi {{name}}', scheduledAt: new Date(Date.now() + 10_000).toISOString(),
  }));

  // Rows saying work is due a few seconds from now, as the core and the flow builder leave them (their jobs go with Redis):
  const soon = toDbTime(Date.now() + 6000);
  await db('tickets').where({ id: late }).update({ firstResponseDueAt: soon, firstResponseBreached: false, firstRespondedAt: null }); // an SLA target
  const queue = await ok('queue', api(url, token, 'POST', '/api/queue', { name: 'Reconcile', color: '#112233' }));
  const agent = await ok('agent', api(url, token, 'POST', '/api/users', { name: 'Away agent', email: 'away@faults.test', password: 'Agent-pass-123', profile: 'user' }));
  await ok('hand-back', api(url, token, 'PUT', '/api/settings/assignmentHandBackMinutes', { value: '1' }));
  // An agent who went offline holding a pending ticket (their hand-back job was in Redis).
  await db('users').where({ id: agent.id }).update({ online: false, lastSeenAt: toDbTime(Date.now() - 60_000) });
  await db('tickets').where({ id: held }).update({ status: 'pending', queueId: queue.id, userId: agent.id });
  // A flow run paused until shortly after the outage (its resume job was in Redis).
  const now = toDbTime(Date.now());
  const [runId] = await db('flowRuns').insert({
    companyId: 1, ticketId: paused, flowId: 1, graph: JSON.stringify({ nodes: [], edges: [] }), nodeId: null, part: 0, variables: '{}',
    steps: 0, retries: 0, status: 'interval', seq: 1, resumeAt: Date.now() + 6000, createdAt: now, updatedAt: now,
  });

  await redis.kill();
  // Nothing of it ran before the outage: whatever runs after it was rebuilt.
  t.not((await db('tickets').where({ id: idle }).first('status')).status, 'closed', 'the idle ticket is still live when Redis goes');
  t.equal((await db('campaigns').where({ id: campaign.id }).first('status')).status, 'PROGRAMADA', 'the campaign has not started');
  await new Promise((r) => setTimeout(r, 1500)); // every client sees it gone
  await redis.start(); // empty: every queued and delayed job is lost

  await waitUntil(async () => (await db('tickets').where({ id: late }).first('firstResponseBreached')).firstResponseBreached == true, 60_000, 'the SLA breach to be flagged');
  t.pass('the SLA breach timer was rebuilt');
  await waitUntil(async () => (await db('tickets').where({ id: held }).first('userId')).userId === null, 60_000, 'the offline agent\'s ticket to go back to its queue');
  t.pass('the hand-back was rebuilt');
  await waitUntil(async () => (await db('flowRuns').where({ id: runId }).first('status')).status !== 'interval', 60_000, 'the paused flow run to resume');
  t.pass('the flow pause was rebuilt (a plugin job, through sdk.jobs.reconcile)');
  await waitUntil(async () => (await db('campaigns').where({ id: campaign.id }).first('status')).status === 'FINALIZADA', 60_000, 'the campaign to run and finish');
  const shipped = await db('campaignShipping').where({ campaignId: campaign.id }).select('number', 'status');
  t.same(shipped.map((r: { status: string }) => r.status), ['delivered', 'delivered'], 'the campaign was rebuilt and sent each recipient');
  const sent = await db('messages').join('tickets', 'tickets.id', 'messages.ticketId').join('contacts', 'contacts.id', 'tickets.contactId')
    .where('messages.fromMe', true).where('contacts.number', 'like', '55119444400%').select('contacts.number');
  t.equal(sent.length, 2, 'each recipient got the message once (nothing doubled)');
  await waitUntil(async () => (await db('tickets').where({ id: idle }).first('status')).status === 'closed', 60_000, 'the idle ticket to be closed by its inactivity timer');
  t.pass('the inactivity timer was rebuilt');
  t.equal(child.exitCode, null, 'the server is still running');

  child.kill('SIGTERM');
  await waitForExit(child);
});
