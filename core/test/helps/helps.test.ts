import t from 'tap';
import { build } from '../helper.js';

t.test('the super user writes helps; every company reads them', async (t) => {
  const { request, token, createTenant } = await build(t);
  const created = await request('POST', '/api/helps', { token, body: { title: 'Connecting a number', video: 'abc123', description: 'Scan the QR code' } });
  t.equal(created.status, 200);
  const { admin } = await createTenant('Readers');
  const one = await request('GET', `/api/helps/${created.body.id}`, { token: admin.token });
  t.equal(one.status, 200);
  t.equal(one.body.video, 'abc123');
  t.equal((await request('GET', '/api/helps/list', { token: admin.token })).body.length, 1);
  const updated = await request('PUT', `/api/helps/${created.body.id}`, { token, body: { title: 'Connecting' } });
  t.equal(updated.body.title, 'Connecting');
  t.equal(updated.body.description, 'Scan the QR code', 'untouched fields stay');
  t.equal((await request('DELETE', `/api/helps/${created.body.id}`, { token })).status, 200);
  const gone = await request('GET', `/api/helps/${created.body.id}`, { token });
  t.equal(gone.status, 404);
  t.equal(gone.body.error, 'ERR_NO_HELP_FOUND');
});

t.test('a company admin cannot create, change or delete helps', async (t) => {
  const { request, token, createTenant } = await build(t);
  const help = await request('POST', '/api/helps', { token, body: { title: 'Mine' } });
  const { admin } = await createTenant('NoWrite');
  t.equal((await request('POST', '/api/helps', { token: admin.token, body: { title: 'x' } })).status, 403);
  t.equal((await request('PUT', `/api/helps/${help.body.id}`, { token: admin.token, body: { title: 'x' } })).status, 403);
  t.equal((await request('DELETE', `/api/helps/${help.body.id}`, { token: admin.token })).status, 403);
  t.equal((await request('GET', `/api/helps/${help.body.id}`, { token })).body.title, 'Mine');
});

t.test('the help list pages by 20 and searches title and description', async (t) => {
  const { request, token } = await build(t);
  for (let i = 0; i < 21; i++) await request('POST', '/api/helps', { token, body: { title: `Help ${String(i).padStart(2, '0')}`, description: i === 7 ? 'about 100% of tags' : null } });
  const first = await request('GET', '/api/helps', { token });
  t.equal(first.body.helps.length, 20);
  t.equal(first.body.hasMore, true);
  const second = await request('GET', '/api/helps', { token, query: { pageNumber: 2 } });
  t.equal(second.body.helps.length, 1);
  t.equal(second.body.hasMore, false);
  const found = await request('GET', '/api/helps', { token, query: { searchParam: '100%' } });
  t.same(found.body.helps.map((h: { title: string }) => h.title), ['Help 07'], '% is matched literally');
});
