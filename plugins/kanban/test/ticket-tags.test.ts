import t from 'tap';
import { io as connect } from 'socket.io-client';
import { build } from '../../../core/test/helper.js';
import { kanbanFixtures } from './fixtures.js';

t.test('DELETE /ticket-tags/:ticketId removes only the ticket\'s kanban tags', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Unlane Co');
  const lane = await f.tag(tenant.companyId, 'Doing', 1);
  const label = await f.tag(tenant.companyId, 'VIP', 0);
  const ticket = await f.ticket(tenant.companyId);
  await f.tagTicket(ticket.id, lane.id);
  await f.tagTicket(ticket.id, label.id);

  const res = await request('DELETE', `/api/ticket-tags/${ticket.id}`, { token: tenant.admin.token });
  t.equal(res.status, 200);
  t.same(await f.tagIdsOf(ticket.id), [label.id], 'the plain tag stays');
  t.same(res.body.ticket.tags.map((tag: { id: number }) => tag.id), [label.id]);
});

t.test('a drag is DELETE then PUT: the ticket ends in exactly the new lane', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Drag Co');
  const todo = await f.tag(tenant.companyId, 'To do', 1);
  const done = await f.tag(tenant.companyId, 'Done', 1);
  const ticket = await f.ticket(tenant.companyId);
  await f.tagTicket(ticket.id, todo.id);

  t.equal((await request('DELETE', `/api/ticket-tags/${ticket.id}`, { token: tenant.admin.token })).status, 200);
  const put = await request('PUT', `/api/ticket-tags/${ticket.id}/${done.id}`, { token: tenant.admin.token });
  t.equal(put.status, 200);
  t.same(put.body.ticket.tags.map((tag: { id: number }) => tag.id), [done.id]);
  t.same(await f.tagIdsOf(ticket.id), [done.id]);
  const again = await request('PUT', `/api/ticket-tags/${ticket.id}/${done.id}`, { token: tenant.admin.token });
  t.equal(again.status, 200, 'adding the same tag twice is harmless');
  t.same(await f.tagIdsOf(ticket.id), [done.id]);
});

t.test('a tag change is announced as company-{id}-ticket with the core\'s ticket view, to those who may see the ticket', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Live Co');
  const lane = await f.tag(tenant.companyId, 'Doing', 1);
  const queue = await f.queue(tenant.companyId, 'Vendas');
  const ticket = await f.ticket(tenant.companyId, { queueId: queue.id });
  const outsider = await createUser(tenant.companyId);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const open = async (token: string) => {
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'] });
    t.teardown(() => { socket.close(); });
    await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
    return socket;
  };
  const [admin, other] = [await open(tenant.admin.token), await open(outsider.token)];
  const heardByOutsider: unknown[] = [];
  other.on(`company-${tenant.companyId}-ticket`, (payload: unknown) => heardByOutsider.push(payload));

  const event = new Promise<{ action: string; ticket: { id: number; tags: Array<{ id: number }>; queue: { id: number; name: string } | null } }>((resolve) => admin.on(`company-${tenant.companyId}-ticket`, resolve));
  await request('PUT', `/api/ticket-tags/${ticket.id}/${lane.id}`, { token: tenant.admin.token });
  const payload = await event;
  t.equal(payload.action, 'update');
  t.equal(payload.ticket.id, ticket.id);
  t.same(payload.ticket.tags.map((tag) => tag.id), [lane.id]);
  t.same(payload.ticket.queue, { id: queue.id, name: 'Vendas', color: queue.color }, 'the tickets list keeps its queue chip');
  // The admin's event has arrived; one to both sockets sent after it arrives after anything sent before.
  const flushed = new Promise((resolve) => other.on(`company-${tenant.companyId}-flush`, resolve));
  app.bus.emit(tenant.companyId, 'flush', {});
  await flushed;
  t.same(heardByOutsider, [], 'a user outside the ticket\'s queue hears nothing');
});

t.test('PUT refuses a tag that is not a kanban lane with 400 ERR_TAG_NOT_KANBAN', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Plain Tag Co');
  const label = await f.tag(tenant.companyId, 'VIP', 0);
  const ticket = await f.ticket(tenant.companyId);
  const res = await request('PUT', `/api/ticket-tags/${ticket.id}/${label.id}`, { token: tenant.admin.token });
  t.equal(res.status, 400);
  t.equal(res.body.error, 'ERR_TAG_NOT_KANBAN');
  t.same(await f.tagIdsOf(ticket.id), []);
});

t.test('another company\'s ticket or tag id is answered as not found, and nothing changes', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const mine = await createTenant('Home Co');
  const other = await createTenant('Away Co');
  const myLane = await f.tag(mine.companyId, 'Mine', 1);
  const myTicket = await f.ticket(mine.companyId);
  const theirLane = await f.tag(other.companyId, 'Theirs', 1);
  const theirTicket = await f.ticket(other.companyId);
  await f.tagTicket(theirTicket.id, theirLane.id);
  const token = mine.admin.token;

  const del = await request('DELETE', `/api/ticket-tags/${theirTicket.id}`, { token });
  t.equal(del.status, 404);
  t.equal(del.body.error, 'ERR_NO_TICKET_FOUND');
  t.same(await f.tagIdsOf(theirTicket.id), [theirLane.id], 'their ticket keeps its lane');

  const putTheirTicket = await request('PUT', `/api/ticket-tags/${theirTicket.id}/${myLane.id}`, { token });
  t.equal(putTheirTicket.status, 404);
  t.equal(putTheirTicket.body.error, 'ERR_NO_TICKET_FOUND');

  const putTheirTag = await request('PUT', `/api/ticket-tags/${myTicket.id}/${theirLane.id}`, { token });
  t.equal(putTheirTag.status, 404);
  t.equal(putTheirTag.body.error, 'ERR_NO_TAG_FOUND');
  t.same(await f.tagIdsOf(myTicket.id), []);

  t.equal((await request('DELETE', '/api/ticket-tags/999999', { token })).status, 404);
  t.equal((await request('PUT', '/api/ticket-tags/abc/1', { token })).body.error, 'ERR_VALIDATION');
});

t.test('a user moves only the cards of tickets they may see: another queue is 403 ERR_NO_PERMISSION, nothing changes', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Queues Co');
  const [sales, support] = [await f.queue(tenant.companyId, 'Sales'), await f.queue(tenant.companyId, 'Support')];
  const todo = await f.tag(tenant.companyId, 'To do', 1);
  const done = await f.tag(tenant.companyId, 'Done', 1);
  const seller = await createUser(tenant.companyId);
  await f.joinQueue(seller.id, sales.id);
  const theirs = await f.ticket(tenant.companyId, { queueId: support.id });
  const mine = await f.ticket(tenant.companyId, { queueId: sales.id });
  await f.tagTicket(theirs.id, todo.id);

  const del = await request('DELETE', `/api/ticket-tags/${theirs.id}`, { token: seller.token });
  t.equal(del.status, 403);
  t.equal(del.body.error, 'ERR_NO_PERMISSION');
  const put = await request('PUT', `/api/ticket-tags/${theirs.id}/${done.id}`, { token: seller.token });
  t.equal(put.status, 403);
  t.same(await f.tagIdsOf(theirs.id), [todo.id], 'the other queue\'s ticket keeps its lane');

  t.equal((await request('PUT', `/api/ticket-tags/${mine.id}/${done.id}`, { token: seller.token })).status, 200, 'their own queue\'s ticket moves');
  t.same(await f.tagIdsOf(mine.id), [done.id]);
});

t.test('a move runs the core\'s onTicketUpdate once per call, naming the tags as what changed, and stamps the company on the link', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('Hooked Co');
  const todo = await f.tag(tenant.companyId, 'To do', 1);
  const ticket = await f.ticket(tenant.companyId);
  const heard: Array<{ ticketId: number; changed: string[]; userId?: number }> = [];
  app.hooks.on('onTicketUpdate', 'test-recorder', ({ ticket: changedTicket, changed, userId }) => { heard.push({ ticketId: changedTicket.id, changed, userId }); });

  t.equal((await request('PUT', `/api/ticket-tags/${ticket.id}/${todo.id}`, { token: tenant.admin.token })).status, 200);
  t.equal((await request('DELETE', `/api/ticket-tags/${ticket.id}`, { token: tenant.admin.token })).status, 200);
  t.same(heard, [
    { ticketId: ticket.id, changed: ['tags'], userId: tenant.admin.id },
    { ticketId: ticket.id, changed: ['tags'], userId: tenant.admin.id },
  ]);
  await request('PUT', `/api/ticket-tags/${ticket.id}/${todo.id}`, { token: tenant.admin.token });
  t.same(await app.knex('ticketTags').where({ ticketId: ticket.id }).select('companyId'), [{ companyId: tenant.companyId }]);
});
