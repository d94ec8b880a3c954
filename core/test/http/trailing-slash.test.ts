import t from 'tap';
import { build } from '../helper.js';
import { apiRoutes } from '../security/routes.js';

/**
 * The spec's client calls list routes with a trailing slash (core §7: GET /users/, /whatsapp/, /files/ …).
 * Generated from the route table: every GET route without params answers the same with and without it.
 */
t.test('every list route answers the same with and without a trailing slash', async (t) => {
  const { app, token } = await build(t);
  const lists = apiRoutes(app).filter((r) => r.method === 'GET' && r.params.length === 0 && !r.url.endsWith('/'));
  t.ok(lists.length > 20, `${lists.length} list routes`);
  const differ: string[] = [];
  for (const route of lists) {
    const call = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    const [plain, slashed] = [await call(route.url), await call(`${route.url}/`)];
    if (plain.statusCode !== slashed.statusCode) differ.push(`${route.url} ${plain.statusCode} vs ${route.url}/ ${slashed.statusCode} ${slashed.body.slice(0, 120)}`);
  }
  t.same(differ, [], 'same status with and without the slash');
});

t.test('the spec\'s own list calls answer their lists, and /:id routes keep validating their id', async (t) => {
  const { request, token } = await build(t);
  for (const [url, key] of [['/api/users/', 'users'], ['/api/contacts/', 'contacts'], ['/api/files/', 'files']] as const) {
    const res = await request('GET', url, { token });
    t.equal(res.status, 200, `${url} answers 200`);
    t.ok(Array.isArray(res.body[key]), `${url} answers { ${key} }`);
  }
  const whatsapps = await request('GET', '/api/whatsapp/', { token });
  t.equal(whatsapps.status, 200);
  t.ok(Array.isArray(whatsapps.body), 'GET /whatsapp/ answers the list of connections');

  const one = await request('GET', '/api/users/1/', { token });
  t.equal(one.status, 200, 'an id route with a trailing slash finds the row');
  t.equal(one.body.id, 1);
  const bad = await request('GET', '/api/users/abc', { token });
  t.equal(bad.status, 400, 'a non-integer id is still refused');
});
