import t from 'tap';
import { build } from '../helper.js';
import { multipart } from '../contacts/multipart.js';
import { captureEvents } from '../contacts/fixtures.js';

t.test('a user sees their own quick messages plus the shared ones, never a colleague\'s private ones', async (t) => {
  const { request, token, createUser } = await build(t);
  const ana = await createUser(1);
  const bob = await createUser(1);
  await request('POST', '/api/quick-messages', { token: ana.token, body: { shortcode: 'hello', message: 'Hello there!' } });
  await request('POST', '/api/quick-messages', { token: bob.token, body: { shortcode: 'bye', message: 'Bye!' } });
  await request('POST', '/api/quick-messages', { token, body: { shortcode: 'help', message: 'How can we help?', geral: true } });
  const mine = await request('GET', '/api/quick-messages', { token: ana.token });
  t.same(mine.body.records.map((r: { shortcode: string }) => r.shortcode), ['hello', 'help']);
  t.equal(mine.body.hasMore, false);
  const asIfBob = await request('GET', '/api/quick-messages', { token: ana.token, query: { userId: bob.id } });
  t.same(asIfBob.body.records.map((r: { shortcode: string }) => r.shortcode), ['hello', 'help'], 'a non-admin cannot peek at another user\'s');
  const adminView = await request('GET', '/api/quick-messages', { token, query: { userId: bob.id } });
  t.same(adminView.body.records.map((r: { shortcode: string }) => r.shortcode), ['bye', 'help']);
  t.same((await request('GET', '/api/quick-messages', { token: ana.token, query: { searchParam: 'THERE' } })).body.records.length, 1);
  const bobs = (await request('GET', '/api/quick-messages', { token: bob.token })).body.records.find((r: { shortcode: string }) => r.shortcode === 'bye');
  t.equal((await request('GET', `/api/quick-messages/${bobs.id}`, { token: ana.token })).status, 404);
});

t.test('the "/" picker searches shortcodes by prefix, 20 at most', async (t) => {
  const { request, token } = await build(t);
  for (let i = 0; i < 25; i++) await request('POST', '/api/quick-messages', { token, body: { shortcode: `promo${String(i).padStart(2, '0')}`, message: 'x' } });
  await request('POST', '/api/quick-messages', { token, body: { shortcode: 'hello', message: 'promo inside' } });
  const promo = await request('GET', '/api/quick-messages/list', { token, query: { searchParam: 'pro' } });
  t.equal(promo.body.length, 20);
  t.ok(promo.body.every((r: { shortcode: string }) => r.shortcode.startsWith('promo')));
  t.same((await request('GET', '/api/quick-messages/list', { token, query: { searchParam: '/hel' } })).body.map((r: { shortcode: string }) => r.shortcode), ['hello']);
  t.same((await request('GET', '/api/quick-messages/list', { token, query: { searchParam: 'romo' } })).body, [], 'prefix, not substring');
});

t.test('only the author or an admin edits or deletes; a shared one is read-only for others', async (t) => {
  const { request, token, createUser } = await build(t);
  const ana = await createUser(1);
  const bob = await createUser(1);
  const shared = (await request('POST', '/api/quick-messages', { token: ana.token, body: { shortcode: 'team', message: 'Team reply', geral: true } })).body;
  t.equal((await request('GET', `/api/quick-messages/${shared.id}`, { token: bob.token })).status, 200);
  const refused = await request('PUT', `/api/quick-messages/${shared.id}`, { token: bob.token, body: { message: 'mine now' } });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_NO_PERMISSION');
  t.equal((await request('DELETE', `/api/quick-messages/${shared.id}`, { token: bob.token })).status, 403);
  t.equal((await request('PUT', `/api/quick-messages/${shared.id}`, { token: ana.token, body: { message: 'Edited' } })).body.message, 'Edited');
  t.equal((await request('PUT', `/api/quick-messages/${shared.id}`, { token, body: { geral: false } })).body.geral, false, 'an admin may');
  t.equal((await request('DELETE', `/api/quick-messages/${shared.id}`, { token })).status, 200);
  t.equal((await request('POST', '/api/quick-messages', { token, body: { message: 'no shortcode' } })).status, 400);
  t.equal((await request('POST', '/api/quick-messages', { token, body: { shortcode: '' } })).status, 400);
});

t.test('a quick message carries one attachment, replaced or removed', async (t) => {
  const { app, request, token, createTenant } = await build(t);
  const q = (await request('POST', '/api/quick-messages', { token, body: { shortcode: 'menu', message: 'Our menu' } })).body;
  const send = (id: number, tk: string, filename: string, mimetype: string) => {
    const { payload, headers } = multipart({ typeArch: 'quickMessage' }, [{ field: 'file', filename, content: Buffer.from('%PDF-1.4 test'), mimetype }]);
    return app.inject({ method: 'POST', url: `/api/quick-messages/${id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${tk}` } });
  };
  const up = await send(q.id, token, 'menu.pdf', 'application/pdf');
  t.equal(up.statusCode, 200, up.body);
  t.equal(up.json().mediaName, 'menu.pdf');
  t.equal(up.json().isMedia, true);
  const file = app.storage.resolve(up.json().mediaPath)!;
  const { existsSync } = await import('node:fs');
  t.ok(existsSync(file), 'stored under the data folder');
  const media = await app.inject({ method: 'GET', url: new URL(up.json().mediaUrl).pathname });
  t.equal(media.statusCode, 200, media.body.slice(0, 200));
  const second = await send(q.id, token, 'menu2.pdf', 'application/pdf');
  t.equal(second.json().mediaName, 'menu2.pdf');
  t.notOk(existsSync(file), 'the replaced file is removed');
  t.equal((await send(q.id, token, 'evil.exe', 'application/x-msdownload')).statusCode, 400);
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await send(q.id, ot, 'x.pdf', 'application/pdf')).statusCode, 404);
  const secondFile = app.storage.resolve(second.json().mediaPath)!;
  const removed = await request('DELETE', `/api/quick-messages/${q.id}/media-upload`, { token });
  t.equal(removed.body.isMedia, false);
  t.notOk(existsSync(secondFile), 'removing the attachment removes the file');
  t.equal(removed.body.mediaName, null);
});

t.test('another company gets 404 on every quick-message route and sees none', async (t) => {
  const { request, token, createTenant } = await build(t);
  const q = (await request('POST', '/api/quick-messages', { token, body: { shortcode: 'hi', message: 'Hi', geral: true } })).body;
  const ot = (await createTenant('Other Co')).admin.token;
  t.equal((await request('GET', `/api/quick-messages/${q.id}`, { token: ot })).status, 404);
  t.equal((await request('PUT', `/api/quick-messages/${q.id}`, { token: ot, body: { message: 'x' } })).status, 404);
  t.equal((await request('DELETE', `/api/quick-messages/${q.id}`, { token: ot })).status, 404);
  t.equal((await request('DELETE', `/api/quick-messages/${q.id}/media-upload`, { token: ot })).status, 404);
  t.same((await request('GET', '/api/quick-messages', { token: ot })).body.records, []);
  t.same((await request('GET', '/api/quick-messages/list', { token: ot, query: { searchParam: 'h' } })).body, []);
});

t.test('quick-message create, update and delete emit company-1-quickmessage', async (t) => {
  const { app, request, token } = await build(t);
  const actions = captureEvents(app, 1, 'quickmessage');
  const q = (await request('POST', '/api/quick-messages', { token, body: { shortcode: 'hi', message: 'Hi' } })).body;
  await request('PUT', `/api/quick-messages/${q.id}`, { token, body: { message: 'Hello' } });
  await request('DELETE', `/api/quick-messages/${q.id}`, { token });
  t.same(actions, ['create', 'update', 'delete']);
});
