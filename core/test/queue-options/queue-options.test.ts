import t from 'tap';
import { build } from '../helper.js';

t.test('options load lazily per parent; deleting an option renumbers its siblings', async (t) => {
  const { request, token } = await build(t);
  const queue = (await request('POST', '/api/queue', { token, body: { name: 'Support', color: '#00ff00' } })).body;
  const add = async (title: string, parentId = -1) =>
    (await request('POST', '/api/queue-options', { token, body: { title, message: `${title}?`, queueId: queue.id, parentId } })).body;
  const sales = await add('Sales');
  const billing = await add('Billing');
  const tech = await add('Tech');
  t.same([sales.option, billing.option, tech.option], ['1', '2', '3'], 'new options go last');
  const sub1 = await add('Invoices', billing.id);
  await add('Refunds', billing.id);
  t.equal(sub1.option, '1', 'children count from 1 within their parent');
  const top = await request('GET', '/api/queue-options', { token, query: { queueId: queue.id, parentId: -1 } });
  t.same(top.body.map((o: { title: string }) => o.title), ['Sales', 'Billing', 'Tech'], 'only the top level');
  const children = await request('GET', '/api/queue-options', { token, query: { queueId: queue.id, parentId: billing.id } });
  t.same(children.body.map((o: { title: string }) => o.title), ['Invoices', 'Refunds']);

  t.equal((await request('DELETE', `/api/queue-options/${billing.id}`, { token })).status, 200);
  const after = await request('GET', '/api/queue-options', { token, query: { queueId: queue.id, parentId: -1 } });
  t.same(after.body.map((o: { title: string; option: string }) => `${o.option}:${o.title}`), ['1:Sales', '2:Tech']);
  t.equal((await request('GET', `/api/queue-options/${sub1.id}`, { token })).status, 404, 'children go with their parent');
});

t.test('an option is edited; its parent must belong to the same queue', async (t) => {
  const { request, token } = await build(t);
  const q1 = (await request('POST', '/api/queue', { token, body: { name: 'One', color: '#111' } })).body;
  const q2 = (await request('POST', '/api/queue', { token, body: { name: 'Two', color: '#222' } })).body;
  const o1 = (await request('POST', '/api/queue-options', { token, body: { title: 'A', queueId: q1.id, parentId: -1 } })).body;
  const upd = await request('PUT', `/api/queue-options/${o1.id}`, { token, body: { title: 'A+', message: 'New text', option: '7' } });
  t.equal(upd.status, 200);
  t.equal(upd.body.title, 'A+');
  t.equal(upd.body.option, '7');
  const cross = await request('POST', '/api/queue-options', { token, body: { title: 'B', queueId: q2.id, parentId: o1.id } });
  t.equal(cross.status, 400);
  t.equal(cross.body.error, 'ERR_INVALID_PARENT_OPTION');
  t.equal((await request('PUT', `/api/queue-options/${o1.id}`, { token, body: { parentId: o1.id } })).status, 400);
  t.equal((await request('POST', '/api/queue-options', { token, body: { title: 'B' } })).status, 400, 'queueId is required');
  t.equal((await request('GET', '/api/queue-options', { token, query: { queueId: 'x' } })).status, 400);
});

t.test('another company cannot read, add to or change a queue\'s options', async (t) => {
  const { request, token, createTenant } = await build(t);
  const q = (await request('POST', '/api/queue', { token, body: { name: 'One', color: '#111' } })).body;
  const o = (await request('POST', '/api/queue-options', { token, body: { title: 'A', queueId: q.id } })).body;
  const ot = (await createTenant('Other Co')).admin.token;
  t.same((await request('GET', '/api/queue-options', { token: ot, query: { queueId: q.id, parentId: -1 } })).body, []);
  t.equal((await request('GET', `/api/queue-options/${o.id}`, { token: ot })).status, 404);
  t.equal((await request('PUT', `/api/queue-options/${o.id}`, { token: ot, body: { title: 'X' } })).status, 404);
  t.equal((await request('DELETE', `/api/queue-options/${o.id}`, { token: ot })).status, 404);
  t.equal((await request('POST', '/api/queue-options', { token: ot, body: { title: 'X', queueId: q.id } })).status, 404);
});
