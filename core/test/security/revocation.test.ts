import t from 'tap';
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample } from './routes.js';
import { Company } from '../../src/db/models/index.js';

/**
 * Generated from the route table (test plugins loaded), issue 26 finding 1 as a rule: a token whose user,
 * session or company has gone since it was signed opens no route. Every route that is not public is called
 * with a still-valid (signed, unexpired) token of
 * - a deleted user: 401 ERR_SESSION_EXPIRED;
 * - a user who logged out: 403 ERR_SESSION_EXPIRED (the console's cue to refresh, which then fails);
 * - a user of a company past its due date: 401 ERR_SUBSCRIPTION_EXPIRED;
 * with a plausible body, so the refusal is the session's, not the validation's.
 */
t.test('a token whose user was deleted, whose session ended or whose company expired opens no route', async (t) => {
  const { app, request, token, createTenant, createUser } = await buildWithFixturePlugins(t);
  const routes = apiRoutes(app).filter((route) => !route.isPublic);
  t.ok(routes.length > 50, `${routes.length} private routes`);

  const deleted = await createUser(1, { profile: 'admin' });
  t.equal((await request('GET', '/api/auth/me', { token: deleted.token })).status, 200);
  t.equal((await request('DELETE', `/api/users/${deleted.id}`, { token })).status, 200);

  const loggedOut = await createUser(1, { profile: 'admin' });
  t.equal((await request('DELETE', '/api/auth/logout', { token: loggedOut.token })).status, 200);

  const late = await createTenant('Late Co');
  await Company.query().findById(late.companyId).patch({ dueDate: '2001-02-03' } as Partial<Company>);

  const cases = [
    { name: 'a deleted user', token: deleted.token, status: 401, error: 'ERR_SESSION_EXPIRED' },
    { name: 'a user who logged out', token: loggedOut.token, status: 403, error: 'ERR_SESSION_EXPIRED' },
    { name: 'a user of an expired company', token: late.admin.token, status: 401, error: 'ERR_SUBSCRIPTION_EXPIRED' },
  ];
  for (const { name, token: stale, status, error } of cases) {
    const open: string[] = [];
    for (const route of routes) {
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) && !route.schema.consumes ? sample(route.schema.body, { id: 1, text: 'text' }) : undefined;
      const res = await app.inject({
        method: route.method as 'GET', url: fillUrl(route.url, () => '1'),
        headers: { authorization: `Bearer ${stale}` }, payload: body as object | undefined,
      });
      const code = res.headers['content-type']?.toString().includes('json') ? (res.json() as { error?: string }).error : res.headers['content-type'];
      if (res.statusCode !== status || code !== error) open.push(`${route.method} ${route.url} → ${res.statusCode} ${code}`);
    }
    t.same(open, [], `${name}: every private route answers ${status} ${error}`);
  }
});
