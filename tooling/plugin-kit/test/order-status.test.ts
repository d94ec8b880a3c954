import { createHmac } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWithPlugin, copyPluginOutside, securitySuites, t } from '../src/index.js';

/**
 * The kit's example (docs/plugins.md "The plugin kit"): order-status, copied into a temporary folder outside the repo
 * and loaded through PLUGINS_DIR as a server loads it. Its own plan flag and migration, a webhook signed with a
 * secret kept through sdk.secrets, a responder answering "pedido 1234", a durable job announcing a shipped order once.
 */
const plugin = copyPluginOutside(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../examples/order-status'));
t.teardown(() => rmSync(path.dirname(plugin), { recursive: true, force: true }));
const kit = { plugin, loadThrough: 'PLUGINS_DIR' as const };

const sign = (secret: string, raw: string) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

t.test('a shop reports orders through its signed webhook; the customer asks and is told once when it ships', async (t) => {
  // The shipped notice waits 10 spec minutes (a correction in between cancels it): 3 s here.
  const env = await buildWithPlugin(t, { ...kit, timeScale: 0.005 });
  const admin = env.asUser(env.token);
  t.same((await admin.get('/api/order-status/settings')).body, { webhookUrl: null }, 'no webhook before the secret is made');
  const made = await admin.post('/api/order-status/settings/secret');
  t.equal(made.status, 200);
  t.match(made.body.webhookUrl, new RegExp(`^${env.app.config.publicUrl}/api/order-status/webhook/[0-9a-f]{24}$`), 'sdk.publicRoutes.publicUrl: the URL to give the shop');
  const stored = await env.app.knex('orderStatusShops').where({ companyId: 1 }).first();
  t.notMatch(stored.secret, new RegExp(made.body.secret), 'the secret is kept sealed (sdk.secrets)');
  const hook = new URL(made.body.webhookUrl).pathname;

  const maria = await env.customer({ number: '5511987650001' });
  const report = async (body: object, signature?: string) => {
    const raw = JSON.stringify(body);
    const res = await env.app.inject({ method: 'POST', url: hook, payload: raw, headers: { 'content-type': 'application/json', ...(signature === undefined ? { 'x-signature': sign(made.body.secret, raw) } : signature ? { 'x-signature': signature } : {}) } });
    return { status: res.statusCode, body: res.json() };
  };
  t.same(await report({ number: '1234', status: 'received', phone: '+55 11 98765-0001' }), { status: 200, body: { received: true } }, 'a signed call is taken');
  for (const [what, signature] of [['no signature', ''], ['a wrong one', sign('not-the-secret', '{}')], ['a malformed one', 'sha256=zz']]) {
    const refused = await report({ number: '1234', status: 'delivered', phone: '5511987650001' }, signature);
    t.same([refused.status, refused.body.error], [401, 'ERR_INVALID_WEBHOOK_TOKEN'], `${what}: refused`);
  }
  const unknown = await env.app.inject({ method: 'POST', url: '/api/order-status/webhook/nope', payload: { number: '1', status: 'received', phone: '5511987650001' } });
  t.same([unknown.statusCode, unknown.json().error], [401, 'ERR_INVALID_WEBHOOK_TOKEN'], 'an unknown shop: the same answer');

  t.same(await maria.say('Oi, qual o status do pedido 1234?'), ['Pedido 1234: recebido.'], 'the responder answers with the order\'s status');
  const ticket = await env.app.knex('tickets').where({ companyId: 1 }).orderBy('id', 'desc').first();
  t.equal(ticket.botOwner, null, 'and lets the ticket go (one-shot answer: release, return true)');
  const joao = await env.customer({ number: '5511987650002' });
  t.same(await joao.say('pedido 1234'), ['Não encontrei o pedido 1234.'], 'another customer learns nothing of Maria\'s order');

  const before = env.phone.sent.length;
  await report({ number: '77', status: 'shipped', phone: '5511987650001' });
  await report({ number: '77', status: 'received', phone: '5511987650001' });
  t.equal((await report({ number: '1234', status: 'shipped', phone: '5511987650001' })).status, 200);
  await env.drainJobs(60_000);
  t.equal((await report({ number: '1234', status: 'shipped', phone: '5511987650001' })).status, 200, 'the shop repeats itself');
  await env.drainJobs(60_000);
  t.same(env.phone.sent.slice(before).filter((m) => m.body?.includes('77')), [], 'a shipment the shop took back within the wait is not announced');
  const notices = env.phone.sent.slice(before).filter((m) => m.body === 'Seu pedido 1234 foi enviado.');
  t.equal(notices.length, 1, 'the customer is told once that the order shipped');
  t.equal(String(notices[0]?.to ?? '').replace(/\D/g, '').slice(0, 13), '5511987650001', 'on the order\'s number');
  t.same(await maria.say('e o pedido 1234?'), ['Pedido 1234: enviado.']);
});

t.test('the kit sets sdk.clock\'s factor for the plugin under test', async (t) => {
  const env = await buildWithPlugin(t, { ...kit, timeScale: 0.001 });
  t.equal(env.app.atrium.clock.scale(30 * 60_000), 1800, 'thirty spec minutes are 1.8 s');
});

t.test('a company whose plan lost the flag: its webhook answers 403, its routes 403, nothing is stored', async (t) => {
  const env = await buildWithPlugin(t, kit);
  const shop = await env.tenant('Loja');
  const made = await env.asUser(shop.admin.token).post('/api/order-status/settings/secret');
  await env.app.knex('plans').where({ id: shop.planId }).update({ features: JSON.stringify({ useOrderStatus: false }) });
  env.app.tenancy.invalidate();
  const raw = JSON.stringify({ number: '9', status: 'received', phone: '5511987650003' });
  const res = await env.app.inject({ method: 'POST', url: new URL(made.body.webhookUrl).pathname, payload: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(made.body.secret, raw) } });
  t.same([res.statusCode, res.json().error], [403, 'ERR_PLAN_FEATURE_DISABLED'], 'the public route re-checks the plan flag');
  t.equal((await env.asUser(shop.admin.token).get('/api/order-status/orders')).status, 403);
  t.equal(await env.app.knex('orderStatusOrders').where({ companyId: shop.companyId }).count({ n: '*' }).then((r) => Number(r[0].n)), 0, 'nothing stored');
});

// The core's generated suites over the plugin's routes, with its flag: authentication, robustness, isolation. Orders come
// only through the signed webhook, so the seed reports one (its routes alone would leave the orders' table empty).
securitySuites({
  ...kit,
  async seed(env) {
    const made = await env.asUser(env.token).post('/api/order-status/settings/secret');
    const raw = JSON.stringify({ number: '4321', status: 'received', phone: '5511987650009' });
    await env.app.inject({ method: 'POST', url: new URL(made.body.webhookUrl).pathname, payload: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(made.body.secret, raw) } });
  },
});
