import t from 'tap';
import { build } from '../../../core/test/helper.js';

t.test('a company whose plan lacks useInternalChat gets 403 ERR_PLAN_FEATURE_DISABLED on every chat route', async (t) => {
  const { app, request, createTenant, createUser } = await build(t);
  const tenant = await createTenant('No Chat Co', { useInternalChat: false });
  const peer = await createUser(tenant.companyId);
  const token = tenant.admin.token;
  // The table covers every route the plugin registers (checked below), so a new route cannot skip the gate.
  const cases = [
    ['GET', '/api/chats', undefined],
    ['GET', '/api/chats/unreads', undefined],
    ['GET', '/api/chats/1', undefined],
    ['POST', '/api/chats', { title: 'Team', users: [{ id: peer.id }] }],
    ['PUT', '/api/chats/1', { title: 'Team', users: [{ id: peer.id }] }],
    ['DELETE', '/api/chats/1', undefined],
    ['GET', '/api/chats/1/messages', undefined],
    ['POST', '/api/chats/1/messages', { message: 'hi' }],
    ['POST', '/api/chats/1/read', {}],
  ] as const;
  const chatRoutes = app.routeTable.filter((r) => r.url.startsWith('/api/chats')).flatMap((r) => [r.method].flat().filter((m) => m !== 'HEAD').map((m) => `${m} ${r.url}`));
  t.same(new Set(cases.map(([m, url]) => `${m} ${url.replace(/\/1(?=\/|$)/, '/:id')}`)), new Set(chatRoutes), 'the table lists every chat route');
  for (const [method, url, body] of cases) {
    const res = await request(method, url, { token, body });
    t.equal(res.status, 403, `${method} ${url}`);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
  t.equal(Number((await app.knex('chats').count({ n: '*' }))[0].n), 0, 'nothing stored');
});

t.test('GET /api/plugins lists the internal chat, its remote, menu and slots only for companies with useInternalChat', async (t) => {
  const { request, createTenant } = await build(t);
  const withChat = await createTenant('Chat Co');
  const without = await createTenant('Plain Co', { useInternalChat: false });
  const listed = (await request('GET', '/api/plugins', { token: withChat.admin.token })).body.plugins.find((p: { id: string }) => p.id === 'internal-chat');
  t.ok(listed, 'listed');
  t.equal(listed.planFlag, 'useInternalChat');
  t.equal(listed.remote.entry, '/plugins/internal-chat/remoteEntry.js');
  t.same(listed.remote.routes.map((r: { path: string }) => r.path), ['/chats/:id?']);
  t.same(listed.remote.menu.map((m: { path: string; order: number }) => [m.path, m.order]), [['/chats', 90]]);
  t.same(listed.remote.slots, ['sideMenu.badge', 'topBar.actions'], 'the menu dot and the chat bell');
  for (const lang of ['pt', 'en', 'es']) t.type(listed.remote.i18n[lang].internalChat.menu, 'string', `menu label in ${lang}`);
  const hidden = (await request('GET', '/api/plugins', { token: without.admin.token })).body.plugins;
  t.notOk(hidden.some((p: { id: string }) => p.id === 'internal-chat'));
});

t.test('chat routes need a session', async (t) => {
  const { request } = await build(t);
  t.equal((await request('GET', '/api/chats')).status, 401);
  t.equal((await request('GET', '/api/chats/unreads')).status, 401);
});
