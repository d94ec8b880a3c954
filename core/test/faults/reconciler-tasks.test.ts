import t from 'tap';
import { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { until } from '../connections/util.js';

/**
 * The reconciler's core tasks on the leg's database and queue (the fault test redis-reconcile shows them after a real
 * Redis restart): rows that say work is due get their jobs under their usual ids, and a second run doubles nothing.
 */
t.test('the reconciler gives SLA, inactivity and hand-back rows their jobs, once', async (t) => {
  // The database queue on either database (its jobs table is readable here); with Redis see faults/redis-reconcile.
  const { app, request, token } = await build(t, { config: { redisUrl: undefined } });
  t.equal(app.jobs.kind, 'database');
  const id = await until(async () => (await Whatsapp.scoped(1).where('provider', 'sandbox').first())?.id, 10_000, 'the sandbox');
  t.equal((await request('PUT', `/api/whatsapp/${id}`, { token, body: { expiresTicket: 1 } })).status, 200);
  for (const number of ['5511900001111', '5511900002222']) {
    t.equal((await request('POST', `/api/sandbox/${id}/inbound`, { token, body: { number, name: 'Cliente', body: 'oi', providerId: number } })).status, 200);
  }
  const [late, held] = (await app.knex('tickets').orderBy('id').select('id')).map((r: { id: number }) => r.id);
  const queue = (await request('POST', '/api/queue', { token, body: { name: 'Reconcile', color: '#112233' } })).body;
  const agent = (await request('POST', '/api/users', { token, body: { name: 'Away', email: 'away@reconcile.test', password: 'Agent-pass-123', profile: 'user' } })).body;
  t.equal((await request('PUT', '/api/settings/assignmentHandBackMinutes', { token, body: { value: '5' } })).status, 200);
  await app.knex('tickets').where({ id: late }).update({ firstResponseDueAt: toDbTime(Date.now() + 3_600_000), firstResponseBreached: false });
  await app.knex('users').where({ id: agent.id }).update({ online: false, lastSeenAt: toDbTime(Date.now() - 60_000) });
  await app.knex('tickets').where({ id: held }).update({ status: 'pending', queueId: queue.id, userId: agent.id });
  // Their jobs lost (an emptied Redis): nothing pending.
  await app.knex('jobs').whereIn('name', ['sla.breach', 'assignment.handBack', 'tickets.expire']).delete();

  await app.reconciler.run();
  await app.reconciler.run();
  const keys = (await app.knex('jobs').where('status', 'pending').select('liveKey')).map((r: { liveKey: string }) => r.liveKey);
  t.equal(keys.filter((k) => k === `sla-${late}-firstResponse`).length, 1, 'the SLA target owed gets its breach job, once');
  t.equal(keys.filter((k) => k === `handback-1-${agent.id}`).length, 1, 'the offline agent holding a pending ticket gets the hand-back, once');
  for (const ticket of [late, held]) t.equal(keys.filter((k) => k?.startsWith(`${ticket}-`)).length, 1, `ticket ${ticket}'s inactivity timer is back, once`);
});

t.test('the hourly sweeps (invoices, message and audit retention) come back after their jobs were lost, once', async (t) => {
  const { app } = await build(t, { config: { redisUrl: undefined } });
  const hourly = ['billing.generateInvoices', 'privacy.retentionSweep', 'audit.retentionSweep'];
  const pending = async () => (await app.knex('jobs').whereIn('name', hourly).where('status', 'pending').select('name')).map((r: { name: string }) => r.name).sort();
  // The start's catch-up runs; each ends by asking for the next hour's run.
  await app.jobs.idle();
  t.same(await pending(), [...hourly].sort(), 'after the start, each sweep has its next run queued');
  // Lost (an emptied Redis): without the reconciler no sweep would run again before a restart.
  await app.knex('jobs').whereIn('name', hourly).delete();
  await app.reconciler.run();
  await app.reconciler.run();
  await app.jobs.idle();
  t.same(await pending(), [...hourly].sort(), 'each sweep is running on the hour again, one job each');
});
