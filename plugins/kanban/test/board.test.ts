import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { kanbanFixtures } from './fixtures.js';

type Card = { id: number; uuid: string; lastMessage: string | null; updatedAt: string; contact: { name: string } | null; tags: Array<{ id: number; kanban: number }> };
const ids = (body: { tickets: Card[] }) => body.tickets.map((c) => c.id).sort((a, b) => a - b);

t.test('the board lists the company\'s live tickets with contact, last message, time, uuid and tags', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Board Co');
  const lane = await f.tag(tenant.companyId, 'Doing', 1);
  const open = await f.ticket(tenant.companyId, { name: 'Ana', lastMessage: 'Where is my order?' });
  const pending = await f.ticket(tenant.companyId, { status: 'pending' });
  await f.ticket(tenant.companyId, { status: 'closed' });
  await f.tagTicket(open.id, lane.id);

  const res = await request('GET', '/api/ticket/kanban', { token: tenant.admin.token });
  t.equal(res.status, 200);
  t.same(ids(res.body), [open.id, pending.id].sort((a, b) => a - b), 'closed tickets are not on the board');
  const card = res.body.tickets.find((c: Card) => c.id === open.id);
  t.equal(card.uuid, open.uuid);
  t.equal(card.contact.name, 'Ana');
  t.equal(card.lastMessage, 'Where is my order?');
  t.match(card.updatedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, 'time in ISO 8601');
  t.same(card.tags.map((tag: { id: number }) => tag.id), [lane.id]);
});

t.test('GET /tags/kanban answers only the company\'s kanban tags, as `lista`', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Lanes Co');
  const other = await createTenant('Other Lanes Co');
  const todo = await f.tag(tenant.companyId, 'To do', 1, '#112233');
  const done = await f.tag(tenant.companyId, 'Done', 1);
  await f.tag(tenant.companyId, 'VIP', 0);
  await f.tag(other.companyId, 'Foreign lane', 1);

  const res = await request('GET', '/api/tags/kanban', { token: tenant.admin.token });
  t.equal(res.status, 200);
  t.same(res.body.lista.map((tag: { id: number }) => tag.id), [todo.id, done.id]);
  t.same(res.body.lista[0], { id: todo.id, name: 'To do', color: '#112233', kanban: 1 });
});

t.test('an admin sees every queue with showAll, or the queues asked for plus unqueued tickets', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Queues Co');
  const sales = await f.queue(tenant.companyId, 'Sales');
  const support = await f.queue(tenant.companyId, 'Support');
  const a = await f.ticket(tenant.companyId, { queueId: sales.id });
  const b = await f.ticket(tenant.companyId, { queueId: support.id });
  const c = await f.ticket(tenant.companyId);

  const filtered = await request('GET', '/api/ticket/kanban', { token: tenant.admin.token, query: { queueIds: JSON.stringify([sales.id]) } });
  t.same(ids(filtered.body), [a.id, c.id]);
  const all = await request('GET', '/api/ticket/kanban', { token: tenant.admin.token, query: { queueIds: JSON.stringify([sales.id]), showAll: 'true' } });
  t.same(ids(all.body), [a.id, b.id, c.id]);
  const noFilter = await request('GET', '/api/ticket/kanban', { token: tenant.admin.token, query: { queueIds: '[]' } });
  t.same(ids(noFilter.body), [a.id, b.id, c.id]);
});

t.test('a plain user sees only tickets of their own queues (and unqueued ones assigned to them), even with showAll', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Agents Co');
  const agent = await createUser(tenant.companyId);
  const mine = await f.queue(tenant.companyId, 'Mine');
  const theirs = await f.queue(tenant.companyId, 'Theirs');
  await f.joinQueue(agent.id, mine.id);
  const inMine = await f.ticket(tenant.companyId, { queueId: mine.id });
  await f.ticket(tenant.companyId, { queueId: theirs.id });
  const assigned = await f.ticket(tenant.companyId, { userId: agent.id });
  await f.ticket(tenant.companyId);

  const res = await request('GET', '/api/ticket/kanban', { token: agent.token, query: { showAll: 'true', queueIds: JSON.stringify([mine.id, theirs.id]) } });
  t.equal(res.status, 200);
  t.same(ids(res.body), [inMine.id, assigned.id]);
  const onlyTheirs = await request('GET', '/api/ticket/kanban', { token: agent.token, query: { queueIds: JSON.stringify([theirs.id]) } });
  t.same(ids(onlyTheirs.body), [assigned.id], 'asking for another queue does not widen the view');
});

t.test('queueIds that is not a JSON array of ids is a 400 naming the field', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('Bad Query Co');
  for (const queueIds of ['nope', '{"a":1}', '[1,"x"]', '[-1]']) {
    const res = await request('GET', '/api/ticket/kanban', { token: tenant.admin.token, query: { queueIds } });
    t.equal(res.status, 400, queueIds);
    t.equal(res.body.error, 'ERR_VALIDATION');
    t.match(res.body.field, /queueIds/);
  }
});

t.test('another company\'s tickets never show on the board', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const mine = await createTenant('Mine Co');
  const other = await createTenant('Theirs Co');
  const own = await f.ticket(mine.companyId);
  await f.ticket(other.companyId);
  const res = await request('GET', '/api/ticket/kanban', { token: mine.admin.token, query: { showAll: 'true' } });
  t.same(ids(res.body), [own.id]);
});
