import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { kanbanFixtures } from './fixtures.js';

t.test('a company whose plan lacks useKanban gets 403 ERR_PLAN_FEATURE_DISABLED on every kanban route', async (t) => {
  const { app, request, createTenant } = await build(t);
  const f = kanbanFixtures(app);
  const tenant = await createTenant('No Kanban Co', { useKanban: false });
  const lane = await f.tag(tenant.companyId, 'Lane', 1);
  const ticket = await f.ticket(tenant.companyId);
  const token = tenant.admin.token;
  for (const [method, url] of [
    ['GET', '/api/ticket/kanban'],
    ['GET', '/api/tags/kanban'],
    ['DELETE', `/api/ticket-tags/${ticket.id}`],
    ['PUT', `/api/ticket-tags/${ticket.id}/${lane.id}`],
  ] as const) {
    const res = await request(method, url, { token });
    t.equal(res.status, 403, `${method} ${url}`);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
  t.same(await f.tagIdsOf(ticket.id), []);
});

t.test('GET /api/plugins lists kanban, its remote and menu only for companies with useKanban', async (t) => {
  const { request, createTenant } = await build(t);
  const withKanban = await createTenant('Kanban Co');
  const without = await createTenant('Plain Co', { useKanban: false });

  const listed = await request('GET', '/api/plugins', { token: withKanban.admin.token });
  const kanban = listed.body.plugins.find((p: { id: string }) => p.id === 'kanban');
  t.ok(kanban, 'listed');
  t.equal(kanban.planFlag, 'useKanban');
  t.equal(kanban.remote.name, 'atrium_kanban');
  t.equal(kanban.remote.entry, '/plugins/kanban/remoteEntry.js');
  t.same(kanban.remote.routes.map((r: { path: string }) => r.path), ['/kanban']);
  t.same(kanban.remote.menu.map((m: { labelKey: string }) => m.labelKey), ['kanban.menu']);
  for (const lang of ['pt', 'en', 'es']) t.type(kanban.remote.i18n[lang].kanban.menu, 'string', `menu label in ${lang}`);

  const hidden = await request('GET', '/api/plugins', { token: without.admin.token });
  t.notOk(hidden.body.plugins.some((p: { id: string }) => p.id === 'kanban'));
});

t.test('kanban routes need a session', async (t) => {
  const { request } = await build(t);
  t.equal((await request('GET', '/api/ticket/kanban')).status, 401);
  t.equal((await request('GET', '/api/tags/kanban')).status, 401);
});
