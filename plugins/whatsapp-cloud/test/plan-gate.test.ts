import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { Plan, Whatsapp } from '../../../core/src/db/models/index.js';
import { fakeGraph, FAKE_PHONE_ID, FAKE_TOKEN, FAKE_WABA_ID } from '../../../core/test/connections/fake-graph.js';
import { APP_SECRET, VERIFY_TOKEN, cloudConnection, post, sign, textFrom } from '../../../core/test/connections/cloud-env.js';

/** The Cloud API is a plan-gated plugin (issue 44): its kind, its routes and its webhook follow the plan's useWhatsappCloud. */
t.test('a company whose plan lacks useWhatsappCloud cannot make a cloud connection; GET /providers says so', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const without = await env.createTenant('Sem Cloud');
  const settings = { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url };
  const refused = await env.request('POST', '/api/whatsapp', { token: without.admin.token, body: { name: 'Cloud negada', provider: 'cloud', settings } });
  t.same([refused.status, refused.body.error], [403, 'ERR_PLAN_FEATURE_DISABLED'], 'the plan does not include the channel');
  t.equal(await Whatsapp.scoped(without.companyId).resultSize(), 0, 'nothing created');
  const kinds = await env.request('GET', '/api/providers', { token: without.admin.token });
  const cloud = kinds.body.find((k: { kind: string }) => k.kind === 'cloud');
  t.match(cloud, { available: false, qr: false, settings: true, icon: 'pi pi-whatsapp', capabilities: { edit: false, delete: false, templates: true } });
  t.match(kinds.body.find((k: { kind: string }) => k.kind === 'beta'), { available: true, qr: true, settings: false, icon: null });
  const mine = await env.request('GET', '/api/providers', { token: env.token });
  t.equal(mine.body.find((k: { kind: string }) => k.kind === 'cloud').available, true, 'the seeded plan has every feature');
});

t.test('a plan that loses the flag: the webhook refuses deliveries (nothing stored) and the plugin routes answer 403', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const company = await env.app.knex('companies').where({ id: 1 }).first();
  await Plan.query().findById(company.planId).patch({ features: {} } as Partial<Plan>);
  env.app.tenancy.invalidate(1);
  const raw = textFrom('wamid.GATE1', 'oi', '5511987650009');
  t.equal((await post(env, id, raw, sign(raw))).status, 401, 'a signed delivery is refused like an unknown connection');
  t.equal((await env.app.knex('messages').where({ providerId: 'wamid.GATE1' })).length, 0, 'nothing stored');
  const settings = await env.request('GET', `/api/whatsapp-cloud/${id}/settings`, { token: env.token });
  t.same([settings.status, settings.body.error], [403, 'ERR_PLAN_FEATURE_DISABLED']);
});

t.test('GET /whatsapp/:id/templates: the channel\'s templates through the core (sdk.services.templates), company-scoped', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const list = await env.request('GET', `/api/whatsapp/${id}/templates`, { token: env.token });
  t.same(list.body.templates.map((x: { name: string; variables: number }) => [x.name, x.variables]), [['order_update', 2], ['promo_draft', 0]], 'the cloud connection\'s templates');
  const sandbox = (await Whatsapp.scoped(1).where({ provider: 'sandbox' }).first())
    ?? await Whatsapp.scoped(1).insertAndFetch({ name: 'Sandbox t', provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, token: 'tk-sandbox-templates' } as Partial<Whatsapp>);
  const none = await env.request('GET', `/api/whatsapp/${sandbox.id}/templates`, { token: env.token });
  t.same([none.status, none.body.error], [400, 'ERR_TEMPLATES_UNSUPPORTED'], 'a channel without templates');
  const other = await env.createTenant('Alheia', { useWhatsappCloud: true });
  const theirs = await env.request('GET', `/api/whatsapp/${id}/templates`, { token: other.admin.token });
  t.same([theirs.status, theirs.body.error], [404, 'ERR_NO_WAPP_FOUND'], 'another company\'s connection does not exist');
});
