import t from 'tap';
import { build } from '../helper.js';
import { captureEvents } from '../contacts/fixtures.js';

t.test('a queue is created with the default opening hours and listed by orderQueue', async (t) => {
  const { request, token } = await build(t);
  const b = await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00', orderQueue: 2, greetingMessage: 'Hi' } });
  t.equal(b.status, 200);
  t.equal(b.body.schedules.length, 7);
  t.same(b.body.schedules[0], { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' });
  t.same(b.body.schedules[5].endTime, '12:00');
  t.same(b.body.schedules[6].startTime, '00:00');
  await request('POST', '/api/queue', { token, body: { name: 'Sales', color: '#ff0000', orderQueue: 1 } });
  await request('POST', '/api/queue', { token, body: { name: 'Aaa unordered', color: '#0000ff' } });
  const list = await request('GET', '/api/queue', { token });
  t.same(list.body.map((q: { name: string }) => q.name), ['Sales', 'Support', 'Aaa unordered']);
  const one = await request('GET', `/api/queue/${b.body.id}`, { token });
  t.equal(one.body.greetingMessage, 'Hi');
});

t.test('a colour already used by another queue is ERR_QUEUE_COLOR_ALREADY_EXISTS', async (t) => {
  const { request, token, createTenant } = await build(t);
  const a = (await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00' } })).body;
  const dup = await request('POST', '/api/queue', { token, body: { name: 'Sales', color: '#00ff00' } });
  t.equal(dup.status, 409);
  t.equal(dup.body.error, 'ERR_QUEUE_COLOR_ALREADY_EXISTS');
  const b = (await request('POST', '/api/queue', { token, body: { name: 'Sales', color: '#ff0000' } })).body;
  const moved = await request('PUT', `/api/queue/${b.id}`, { token, body: { color: '#00ff00' } });
  t.equal(moved.body.error, 'ERR_QUEUE_COLOR_ALREADY_EXISTS');
  const sameName = await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#123456' } });
  t.equal(sameName.status, 409);
  t.equal(sameName.body.error, 'ERR_QUEUE_NAME_ALREADY_EXISTS');
  const other = await createTenant('Other Co');
  t.equal((await request('POST', '/api/queue', { token: other.admin.token, body: { name: 'Support', color: '#00ff00' } })).status, 200, 'colours are unique per company only');
  t.equal((await request('PUT', `/api/queue/${a.id}`, { token, body: { name: 'Support 2', schedules: [] } })).body.name, 'Support 2');
});

t.test('the plan limits how many queues a company may have', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('Small Co', {}, { queues: 1 });
  t.equal((await request('POST', '/api/queue', { token: tenant.admin.token, body: { name: 'One', color: '#111' } })).status, 200);
  const second = await request('POST', '/api/queue', { token: tenant.admin.token, body: { name: 'Two', color: '#222' } });
  t.equal(second.status, 403);
  t.equal(second.body.error, 'ERR_PLAN_LIMIT');
});

t.test('only an admin writes queues; every user reads them', async (t) => {
  const { request, token, createUser } = await build(t);
  const q = (await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00' } })).body;
  const user = await createUser(1);
  t.equal((await request('POST', '/api/queue', { token: user.token, body: { name: 'Xyz', color: '#abc' } })).status, 403);
  t.equal((await request('PUT', `/api/queue/${q.id}`, { token: user.token, body: { name: 'Xyz' } })).status, 403);
  t.equal((await request('DELETE', `/api/queue/${q.id}`, { token: user.token })).status, 403);
  t.equal((await request('GET', '/api/queue', { token: user.token })).body.length, 1);
  t.equal((await request('DELETE', `/api/queue/${q.id}`, { token })).status, 200);
  t.equal((await request('GET', `/api/queue/${q.id}`, { token })).status, 404);
});

t.test('malformed queues are 400; another company gets 404 and an empty list', async (t) => {
  const { request, token, createTenant } = await build(t);
  for (const body of [{ name: 'S', color: '#00ff00' }, { name: 'Support', color: '#0' }, { name: 'Support', color: '#0000000000' }, { name: 'Support', color: '#abc', schedules: [{ weekday: 'x', weekdayEn: 'x', startTime: '25:00', endTime: '10:00' }] }, { name: 'Support', color: '#abc', orderQueue: 'first' }]) {
    t.equal((await request('POST', '/api/queue', { token, body })).status, 400, JSON.stringify(body));
  }
  const q = (await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00' } })).body;
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await request('GET', `/api/queue/${q.id}`, { token: ot })).status, 404);
  t.equal((await request('PUT', `/api/queue/${q.id}`, { token: ot, body: { name: 'Hack' } })).status, 404);
  t.equal((await request('DELETE', `/api/queue/${q.id}`, { token: ot })).status, 404);
  t.same((await request('GET', '/api/queue', { token: ot })).body, []);
});

t.test('queue create, update and delete emit company-1-queue', async (t) => {
  const { app, request, token } = await build(t);
  const actions = captureEvents(app, 1, 'queue');
  const q = (await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00' } })).body;
  await request('PUT', `/api/queue/${q.id}`, { token, body: { name: 'Support 2' } });
  await request('DELETE', `/api/queue/${q.id}`, { token });
  t.same(actions, ['create', 'update', 'delete']);
});
