import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build, type TestApp } from '../helper.js';
import { Contact, Ticket } from '../../src/db/models/index.js';
import { quantile, BUCKETS } from '../../src/domains/dashboard/service-period.js';

/** Issue 30: the supervisor's period figures — response and resolution times, SLA compliance, ratings, volume by hour. */

let seq = 0;
async function ticketAt(app: TestApp, queueId: number, userId: number, createdAt: Date, fields: Partial<Record<string, unknown>>) {
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: `Cliente Período ${++seq}`, number: `55116${String(10_000_000 + seq)}` } as Partial<Contact>);
  const res = await app.request('POST', '/api/tickets', { token: app.token, body: { contactId: contact.id, queueId, status: 'pending' } });
  const minutes = (m: number) => new Date(createdAt.getTime() + m * 60_000).toISOString();
  const patch: Record<string, unknown> = { createdAt: createdAt.toISOString(), userId };
  for (const [k, v] of Object.entries(fields)) patch[k] = typeof v === 'number' && k.endsWith('At') ? minutes(v) : v;
  await Ticket.scoped(1).where({ id: res.body.id }).patch(patch as Partial<Ticket>);
  return res.body.id as number;
}

t.test('quantiles from bucket counts', async (t) => {
  const counts = Array(BUCKETS.length + 1).fill(0);
  t.equal(quantile(counts, 0.5), null, 'no tickets, no figure');
  counts[BUCKETS.indexOf(10)] = 10; // ten tickets answered in 5–10 minutes
  t.equal(quantile(counts, 0.5), 7.5, 'the median interpolated in its bucket');
  t.equal(quantile(counts, 0.9), 9.5);
});

t.test('period figures per queue and agent, compliance, ratings, hours; CSV; scoped and validated', async (t) => {
  const app = await build(t);
  const { request, token, createUser } = app;
  const sales = await request('POST', '/api/queue', { token, body: { name: 'Vendas Período', color: '#131313' } });
  const support = await request('POST', '/api/queue', { token, body: { name: 'Suporte Período', color: '#141414' } });
  const ana = await createUser(1, { name: 'Ana Período' });
  const bia = await createUser(1, { name: 'Bia Período' });
  const day = new Date(Date.now() - 2 * 86_400_000);
  const at = (h: number) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, 0));

  // Ana (sales): answered in 4, 6 and 28 minutes; resolved in 60 and 120; one first response late (breached).
  await ticketAt(app, sales.body.id, ana.id, at(9), { firstRespondedAt: 4, firstResponseDueAt: 10, status: 'closed', closedAt: 60, resolutionDueAt: 240, rating: 3 });
  await ticketAt(app, sales.body.id, ana.id, at(9), { firstRespondedAt: 6, firstResponseDueAt: 10, status: 'closed', closedAt: 120, resolutionDueAt: 240, rating: 2 });
  await ticketAt(app, sales.body.id, ana.id, at(14), { firstRespondedAt: 28, firstResponseDueAt: 10, firstResponseBreached: true, status: 'open' });
  // Bia (support): one answered in 2 minutes, rated 1; one live ticket not yet due (settles nothing).
  await ticketAt(app, support.body.id, bia.id, at(14), { firstRespondedAt: 2, status: 'closed', closedAt: 20, rating: 1 });
  await ticketAt(app, support.body.id, bia.id, at(20), { firstResponseDueAt: 60 * 24 * 10, status: 'open' });

  const res = await request('GET', '/api/dashboard/service/period', { token, query: { days: 7 } });
  t.equal(res.status, 200);
  const body = res.body;
  t.equal(body.total.tickets, 5);
  const salesRow = body.queues.find((q: any) => q.id === sales.body.id);
  t.equal(salesRow.tickets, 3);
  t.equal(salesRow.firstResponse.count, 3, 'three first responses');
  t.ok(salesRow.firstResponse.median > 5 && salesRow.firstResponse.median <= 10, `median first response between 5 and 10 min (${salesRow.firstResponse.median})`);
  t.ok(salesRow.firstResponse.p90 > 20 && salesRow.firstResponse.p90 <= 30, `p90 between 20 and 30 min (${salesRow.firstResponse.p90})`);
  t.equal(salesRow.resolution.count, 2, 'the live one is not resolved');
  t.same(salesRow.sla.firstResponse, { settled: 3, breached: 1, rate: 66.7 }, 'first-response compliance: two of three met');
  t.same(salesRow.sla.resolution, { settled: 2, breached: 0, rate: 100 });
  t.same(salesRow.rating, { count: 2, average: 2.5, ones: 0, twos: 1, threes: 1 }, 'ratings on the 1–3 scale');
  const supportRow = body.queues.find((q: any) => q.id === support.body.id);
  t.same(supportRow.sla.firstResponse, { settled: 0, breached: 0, rate: null }, 'a target not yet due settles nothing');
  t.same(body.agents.map((a: any) => [a.name, a.tickets]), [['Ana Período', 3], ['Bia Período', 2]], 'per agent');
  t.same([body.byHour[9], body.byHour[14], body.byHour[20], body.byHour.reduce((a: number, b: number) => a + b, 0)], [2, 2, 1, 5], 'volume by hour of day (UTC)');

  const one = await request('GET', '/api/dashboard/service/period', { token, query: { days: 7, queueId: support.body.id } });
  t.same([one.body.total.tickets, one.body.queues.map((q: any) => q.id)], [2, [support.body.id]], 'narrowed to one queue');

  const csv = await app.app.inject({ method: 'GET', url: '/api/dashboard/service/period/export?days=7', headers: { authorization: `Bearer ${token}` } });
  t.equal(csv.statusCode, 200);
  t.match(csv.headers['content-type'], /text\/csv/);
  const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n');
  t.match(lines[0], /^kind;name;tickets;firstResponseMedianMin/);
  t.ok(lines.some((l) => l.startsWith('queue;Vendas Período;3;')), 'a line per queue');
  t.ok(lines.some((l) => l.startsWith('agent;Bia Período;2;')), 'a line per agent');

  t.equal((await request('GET', '/api/dashboard/service/period', { token, query: { days: 0 } })).status, 400, 'the query is validated');
  t.equal((await request('GET', '/api/dashboard/service/period', { token: ana.token })).status, 403, 'supervisors (admins) only');
  const other = await app.createTenant('Outro Período');
  t.equal((await request('GET', '/api/dashboard/service/period', { token: other.admin.token, query: { queueId: sales.body.id } })).status, 404, 'another company\'s queue is not found');
  const theirs = await request('GET', '/api/dashboard/service/period', { token: other.admin.token, query: { days: 7 } });
  t.same([theirs.body.total.tickets, theirs.body.queues, theirs.body.agents], [0, [], []], 'another company sees nothing of ours');
});
