import t from 'tap';
import { build } from '../helper.js';
import { captureEvents, makeTicket } from '../contacts/fixtures.js';
import { socketFor } from '../pipeline/http.js';
import { Queue } from '../../src/db/models/index.js';

t.test('tags are listed by name with their ticket counts, searched and paged by 20', async (t) => {
  const { request, token } = await build(t);
  for (let i = 0; i < 22; i++) await request('POST', '/api/tags', { token, body: { name: `tag ${String(i).padStart(2, '0')}`, color: '#123456' } });
  const vip = (await request('POST', '/api/tags', { token, body: { name: 'VIP', color: '#ff0000' } })).body;
  const ticket = await makeTicket(1);
  const other = await makeTicket(1);
  t.equal((await request('POST', '/api/tags/sync', { token, body: { ticketId: ticket.id, tags: [{ id: vip.id }] } })).status, 200);
  await request('POST', '/api/tags/sync', { token, body: { ticketId: other.id, tags: [{ id: vip.id }] } });
  const first = await request('GET', '/api/tags', { token });
  t.equal(first.body.tags.length, 20);
  t.equal(first.body.hasMore, true);
  const found = await request('GET', '/api/tags', { token, query: { searchParam: 'vi' } });
  t.equal(found.body.tags.length, 1);
  t.equal(found.body.tags[0].ticketsCount, 2);
  t.equal(found.body.hasMore, false);
  t.equal((await request('GET', `/api/tags/${vip.id}`, { token })).body.ticketsCount, 2);
  t.equal((await request('GET', '/api/tags/list', { token })).body.length, 23);
});

t.test('a tag name is at least 3 characters and unique in the company', async (t) => {
  const { request, token, createTenant } = await build(t);
  t.equal((await request('POST', '/api/tags', { token, body: { name: 'ab' } })).status, 400);
  t.equal((await request('POST', '/api/tags', { token, body: {} })).status, 400);
  t.equal((await request('POST', '/api/tags', { token, body: { name: 'Urgent' } })).status, 200);
  const dup = await request('POST', '/api/tags', { token, body: { name: 'Urgent' } });
  t.equal(dup.status, 409);
  t.equal(dup.body.error, 'ERR_TAG_NAME_ALREADY_EXISTS');
  const other = await createTenant('Other Co');
  t.equal((await request('POST', '/api/tags', { token: other.admin.token, body: { name: 'Urgent' } })).status, 200);
});

t.test('a non-admin cannot set the kanban flag; an admin can', async (t) => {
  const { request, token, createUser } = await build(t);
  const user = await createUser(1);
  const mine = await request('POST', '/api/tags', { token: user.token, body: { name: 'Lane by user', kanban: 1 } });
  t.equal(mine.status, 200);
  t.equal(mine.body.kanban, 0, 'the non-admin value is ignored');
  const adminTag = (await request('POST', '/api/tags', { token, body: { name: 'Lane', kanban: 1 } })).body;
  t.equal(adminTag.kanban, 1);
  const changed = await request('PUT', `/api/tags/${adminTag.id}`, { token: user.token, body: { name: 'Lane renamed', kanban: 0 } });
  t.equal(changed.body.name, 'Lane renamed');
  t.equal(changed.body.kanban, 1, 'a non-admin cannot switch it off either');
  t.equal((await request('PUT', `/api/tags/${mine.body.id}`, { token, body: { kanban: 1 } })).body.kanban, 1);
  t.same((await request('GET', '/api/tags/list', { token, query: { kanban: 1 } })).body.map((x: { name: string }) => x.name).sort(), ['Lane by user', 'Lane renamed']);
});

t.test('sync replaces a ticket\'s tags; ticket and tags must be the caller\'s', async (t) => {
  const { app, request, token, createTenant } = await build(t);
  const a = (await request('POST', '/api/tags', { token, body: { name: 'Alpha' } })).body;
  const b = (await request('POST', '/api/tags', { token, body: { name: 'Beta' } })).body;
  const ticket = await makeTicket(1);
  await request('POST', '/api/tags/sync', { token, body: { ticketId: ticket.id, tags: [{ id: a.id }, { id: b.id }] } });
  const res = await request('POST', '/api/tags/sync', { token, body: { ticketId: ticket.id, tags: [{ id: b.id }] } });
  t.same(res.body.tags.map((x: { name: string }) => x.name), ['Beta']);
  t.same((await app.knex('ticketTags').where({ ticketId: ticket.id }).pluck('tagId')), [b.id]);
  t.equal((await request('POST', '/api/tags/sync', { token, body: { ticketId: ticket.id, tags: [] } })).status, 200);
  t.equal((await app.knex('ticketTags').where({ ticketId: ticket.id })).length, 0, 'an empty list clears them');

  const other = await createTenant('Other Co');
  const theirTag = (await request('POST', '/api/tags', { token: other.admin.token, body: { name: 'Theirs' } })).body;
  const theirTicket = await makeTicket(other.companyId);
  const foreignTag = await request('POST', '/api/tags/sync', { token, body: { ticketId: ticket.id, tags: [{ id: theirTag.id }] } });
  t.equal(foreignTag.status, 404, 'another company\'s tag is not found, as a missing one');
  t.equal(foreignTag.body.error, 'ERR_NO_TAG_FOUND');
  const foreignTicket = await request('POST', '/api/tags/sync', { token, body: { ticketId: theirTicket.id, tags: [{ id: a.id }] } });
  t.equal(foreignTicket.status, 404);
  t.equal(foreignTicket.body.error, 'ERR_NO_TICKET_FOUND');
  t.equal((await request('POST', '/api/tags/sync', { token, body: { ticketId: 'x', tags: 3 } })).status, 400);
});

t.test('another company gets 404 on every tag route and sees none in lists', async (t) => {
  const { request, token, createTenant } = await build(t);
  const tag = (await request('POST', '/api/tags', { token, body: { name: 'Alpha' } })).body;
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await request('GET', `/api/tags/${tag.id}`, { token: ot })).status, 404);
  t.equal((await request('PUT', `/api/tags/${tag.id}`, { token: ot, body: { name: 'Hacked' } })).status, 404);
  t.equal((await request('DELETE', `/api/tags/${tag.id}`, { token: ot })).status, 404);
  t.same((await request('GET', '/api/tags', { token: ot })).body, { tags: [], hasMore: false });
  t.same((await request('GET', '/api/tags/list', { token: ot })).body, []);
  t.equal((await request('DELETE', `/api/tags/${tag.id}`, { token })).status, 200);
  t.equal((await request('GET', `/api/tags/${tag.id}`, { token })).body.error, 'ERR_NO_TAG_FOUND');
});

t.test('tag create, update and delete emit company-1-tag; a sync is the ticket\'s update, not a tag event', async (t) => {
  const { app, request, token } = await build(t);
  const actions = captureEvents(app, 1, 'tag');
  const ticketActions = captureEvents(app, 1, 'ticket');
  const tag = (await request('POST', '/api/tags', { token, body: { name: 'Alpha' } })).body;
  await request('PUT', `/api/tags/${tag.id}`, { token, body: { name: 'Alpha 2' } });
  await request('POST', '/api/tags/sync', { token, body: { ticketId: (await makeTicket(1)).id, tags: [{ id: tag.id }] } });
  await request('DELETE', `/api/tags/${tag.id}`, { token });
  t.same(actions, ['create', 'update', 'delete']);
  t.same(ticketActions, ['update']);
});

t.test('a ticket\'s tags follow its visibility: a user outside its queue may not sync them nor hear them change', async (t) => {
  const { app, request, token, createUser } = await build(t);
  const [sales, support] = await Promise.all(['Sales', 'Support'].map((name, i) => Queue.scoped(1).insertAndFetch({ name, color: `#00bb0${i}` } as Partial<Queue>)));
  const seller = await createUser(1);
  const agent = await createUser(1);
  await app.knex('userQueues').insert([{ companyId: 1, userId: seller.id, queueId: sales.id }, { companyId: 1, userId: agent.id, queueId: support.id }]);
  const ticket = await makeTicket(1, { queueId: support.id });
  const vip = (await request('POST', '/api/tags', { token, body: { name: 'VIP customer' } })).body;

  const refused = await request('POST', '/api/tags/sync', { token: seller.token, body: { ticketId: ticket.id, tags: [{ id: vip.id }] } });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');

  const [outsider, member] = [await socketFor(t, app, seller.token), await socketFor(t, app, agent.token)];
  const heard: string[] = [];
  outsider.onAny((event: string, payload: unknown) => { if (JSON.stringify(payload).includes('VIP customer')) heard.push(event); });
  const update = new Promise<{ action: string; ticket: { id: number; tags: Array<{ id: number }> } }>((resolve) => member.on('company-1-ticket', resolve));
  t.equal((await request('POST', '/api/tags/sync', { token: agent.token, body: { ticketId: ticket.id, tags: [{ id: vip.id }] } })).status, 200);
  const payload = await update;
  t.equal(payload.ticket.id, ticket.id, 'the queue member hears the ticket update');
  t.same(payload.ticket.tags.map((tag) => tag.id), [vip.id], 'carrying its tags');
  // Barrier: a company-wide event sent after the sync reaches the outsider after anything sent before it.
  const barrier = new Promise((resolve) => outsider.on('company-1-tag', resolve));
  await request('POST', '/api/tags', { token, body: { name: 'barrier' } });
  await barrier;
  t.same(heard, [], 'the user outside the queue heard nothing of the ticket\'s tags');
});
