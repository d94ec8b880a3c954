import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build, type TestApp } from '../helper.js';
import { Contact, Ticket, User } from '../../src/db/models/index.js';

/** Issue 30: the supervisor's view of now — queues, agents with availability and load, tickets at risk / breached. */

let seq = 0;
async function enter(app: TestApp, queueId: number, name: string) {
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name, number: `55117${String(10_000_000 + ++seq)}` } as Partial<Contact>);
  const res = await app.request('POST', '/api/tickets', { token: app.token, body: { contactId: contact.id, queueId, status: 'pending' } });
  if (res.status !== 200) throw new Error(`ticket not created: ${res.status}`);
  return res.body.id as number;
}

t.test('the service desk view: waiting and assigned per queue, agents with availability and load, at risk and breached', async (t) => {
  const app = await build(t);
  const { request, token, createUser } = app;
  const sales = await request('POST', '/api/queue', { token, body: { name: 'Vendas', color: '#111111', assignment: 'round-robin', slaFirstResponseMinutes: 60 } });
  const support = await request('POST', '/api/queue', { token, body: { name: 'Suporte', color: '#222222' } });
  t.equal(sales.body.assignment, 'round-robin');
  const agent = await createUser(1, { name: 'Ana Agente' });
  await request('PUT', `/api/users/${agent.id}`, { token, body: { queueIds: [sales.body.id], assignmentCap: 1 } });
  await User.scoped(1).where('id', agent.id).patch({ online: true } as Partial<User>);

  const given = await enter(app, sales.body.id, 'Cliente Atribuído');
  const waiting = await enter(app, sales.body.id, 'Cliente Esperando');
  await enter(app, support.body.id, 'Cliente Suporte');
  t.equal((await Ticket.scoped(1).findById(given))?.userId, agent.id, 'the first went to the agent (cap 1)');
  // One ticket is about to breach, the other already has.
  await Ticket.scoped(1).where({ id: given }).patch({ firstResponseDueAt: new Date(Date.now() + 5 * 60_000).toISOString() } as Partial<Ticket>);
  await Ticket.scoped(1).where({ id: waiting }).patch({ firstResponseDueAt: new Date(Date.now() - 60_000).toISOString() } as Partial<Ticket>);
  await request('PUT', '/api/users/me/availability', { token: agent.token, body: { away: true } });
  // The breach job flagged the agent's ticket (its first response) and a waiting one (its resolution).
  await Ticket.scoped(1).where({ id: given }).patch({ firstResponseBreached: true } as Partial<Ticket>);
  await Ticket.scoped(1).where({ id: waiting }).patch({ resolutionBreached: true } as Partial<Ticket>);

  const view = await request('GET', '/api/dashboard/service', { token });
  t.equal(view.status, 200);
  const salesRow = view.body.queues.find((q: any) => q.id === sales.body.id);
  t.match(salesRow, { name: 'Vendas', assignment: 'round-robin', waiting: 1, assignedPending: 1, open: 0 });
  t.ok(salesRow.oldestWaitingSince, 'the oldest wait is shown');
  t.equal(salesRow.breachedCount, 2, 'breach count per queue: both flagged tickets');
  t.match(view.body.queues.find((q: any) => q.id === support.body.id), { waiting: 1, assignment: 'manual', breachedCount: 0 });
  t.match(view.body.agents.find((a: any) => a.id === agent.id), { name: 'Ana Agente', online: true, away: true, load: 1, cap: 1, queueIds: [sales.body.id], breachedCount: 1 }, 'breach count per agent: the one they hold');
  t.same(view.body.atRisk.map((r: any) => [r.ticketId, r.target, r.contactName]), [[given, 'firstResponse', 'Cliente Atribuído']], 'at risk: due within the window');
  t.equal(view.body.atRisk[0].uuid, (await Ticket.scoped(1).findById(given))?.uuid, 'with the uuid the console opens it by');
  t.same(view.body.breached.map((r: any) => [r.ticketId, r.breached]), [[waiting, true]], 'breached: past due');

  const filtered = await request('GET', '/api/dashboard/service', { token, query: { queueId: support.body.id } });
  t.same(filtered.body.queues.map((q: any) => q.id), [support.body.id], 'filtered by queue');
  t.same(filtered.body.agents, [], 'only that queue\'s agents');
  t.same(filtered.body.breached, [], 'and its tickets');

  t.equal((await request('GET', '/api/dashboard/service', { token, query: { queueId: 'x' } })).status, 400, 'the query is validated');
  t.equal((await request('GET', '/api/dashboard/service', { token: agent.token })).status, 403, 'supervisors (admins) only');
  const other = await app.createTenant('Outra Mesa');
  t.equal((await request('GET', '/api/dashboard/service', { token: other.admin.token, query: { queueId: sales.body.id } })).status, 404, 'another company\'s queue is not found');
  const theirs = await request('GET', '/api/dashboard/service', { token: other.admin.token });
  t.same([theirs.body.agents.some((a: any) => a.id === agent.id), theirs.body.breached], [false, []], 'another company sees nothing of ours');
});
