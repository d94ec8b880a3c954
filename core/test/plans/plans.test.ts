import t from 'tap';
import { build } from '../helper.js';
import { BUILTIN_PLAN_FLAGS } from '../../src/db/models/index.js';

const plan = (name: string, extra: Record<string, unknown> = {}) => ({ name, users: 5, connections: 2, queues: 3, value: 49.9, ...extra });

t.test('the public plan list needs no token and shows limits and flags', async (t) => {
  const { request, app } = await build(t);
  const res = await request('GET', '/api/plans/list');
  t.equal(res.status, 200);
  t.ok(res.body.length >= 1);
  t.type(res.body[0].useKanban, 'boolean');
  // The seeded plan has every feature: the installed plugins' own flags too (features), the built-in ones are columns.
  const own = app.plugins.map((p) => p.manifest.planFlag).filter((flag) => flag && !(BUILTIN_PLAN_FLAGS as readonly string[]).includes(flag));
  t.ok(own.length > 0, 'a plugin with its own flag is installed');
  t.same(res.body[0].features, Object.fromEntries(own.map((flag) => [flag, true])));
});

t.test('a first start seeds the free plan with every feature and a paid example plan to try billing with (issue 32)', async (t) => {
  const { request } = await build(t);
  const plans = (await request('GET', '/api/plans/list')).body as Array<{ name: string; value: number; users: number; useFlowbuilder: boolean }>;
  t.match(plans.find((p) => p.name === 'Completo'), { value: 0, users: 0, useFlowbuilder: true }, 'free, no limits (0 is unlimited)');
  const paid = plans.find((p) => p.name === 'Básico');
  t.match(paid, { value: 99.9, users: 3 }, 'a paid one');
  const signup = await request('POST', '/api/companies/cadastro', { body: { name: 'Loja Teste', email: 'loja@teste.test', password: 'Loja-pass-123', planId: (paid as unknown as { id: number }).id } });
  t.equal(signup.status, 200);
  const login = await request('POST', '/api/auth/login', { body: { email: 'loja@teste.test', password: 'Loja-pass-123' } });
  t.match((await request('GET', '/api/invoices/all', { token: login.body.token })).body.invoices, [{ value: 99.9, status: 'open' }], 'signing up on it gives an invoice to pay at once');
});

t.test('the super user creates a plan: flags default to true, plugin flags kept in features', async (t) => {
  const { request, token } = await build(t);
  const res = await request('POST', '/api/plans', { token, body: plan('Pro', { useKanban: false, features: { useMyFeature: true } }) });
  t.equal(res.status, 200);
  t.equal(res.body.useKanban, false);
  t.equal(res.body.useCampaigns, true);
  t.equal(res.body.useExternalApi, true);
  t.same(res.body.features, { useMyFeature: true });
  t.equal(res.body.value, 49.9);
  const fetched = await request('GET', `/api/plans/${res.body.id}`, { token });
  t.equal(fetched.body.name, 'Pro');
  t.ok((await request('GET', '/api/plans/all', { token })).body.some((p: { name: string }) => p.name === 'Pro'));
});

t.test('a second plan with the same name is refused with 409 ERR_PLAN_NAME_IN_USE', async (t) => {
  const { request, token } = await build(t);
  t.equal((await request('POST', '/api/plans', { token, body: plan('Gold') })).status, 200);
  const dup = await request('POST', '/api/plans', { token, body: plan(' Gold ') });
  t.equal(dup.status, 409);
  t.equal(dup.body.error, 'ERR_PLAN_NAME_IN_USE');
  const other = await request('POST', '/api/plans', { token, body: plan('Silver') });
  const rename = await request('PUT', `/api/plans/${other.body.id}`, { token, body: { name: 'Gold' } });
  t.equal(rename.status, 409);
  t.equal(rename.body.error, 'ERR_PLAN_NAME_IN_USE');
});

t.test('a plan cannot be created, read, changed or deleted by a non-super user, even an admin', async (t) => {
  const { request, createTenant } = await build(t);
  const tenant = await createTenant('Acme');
  const token = tenant.admin.token;
  t.equal((await request('POST', '/api/plans', { token, body: plan('Hack') })).status, 403);
  t.equal((await request('GET', '/api/plans/all', { token })).status, 403);
  t.equal((await request('GET', `/api/plans/${tenant.planId}`, { token })).status, 403);
  const put = await request('PUT', `/api/plans/${tenant.planId}`, { token, body: { users: 999 } });
  t.equal(put.status, 403);
  t.equal(put.body.error, 'ERR_NO_PERMISSION');
  t.equal((await request('DELETE', `/api/plans/${tenant.planId}`, { token })).status, 403);
});

t.test('changing a plan takes effect at once for the companies on it (cache invalidated)', async (t) => {
  const { request, token, createTenant, app } = await build(t);
  const tenant = await createTenant('Flags');
  t.equal(await app.tenancy.hasFlag(tenant.companyId, 'useKanban'), true, 'cached as on');
  const res = await request('PUT', `/api/plans/${tenant.planId}`, { token, body: { useKanban: false, features: { useExtra: true } } });
  t.equal(res.status, 200);
  t.equal(await app.tenancy.hasFlag(tenant.companyId, 'useKanban'), false);
  t.equal(await app.tenancy.hasFlag(tenant.companyId, 'useExtra'), true);
});

t.test('a plan in use cannot be deleted; an unused one can', async (t) => {
  const { request, token, createTenant } = await build(t);
  const tenant = await createTenant('Busy');
  const inUse = await request('DELETE', `/api/plans/${tenant.planId}`, { token });
  t.equal(inUse.status, 409);
  t.equal(inUse.body.error, 'ERR_PLAN_IN_USE');
  const free = await request('POST', '/api/plans', { token, body: plan('Free') });
  t.equal((await request('DELETE', `/api/plans/${free.body.id}`, { token })).status, 200);
  const gone = await request('GET', `/api/plans/${free.body.id}`, { token });
  t.equal(gone.status, 404);
  t.equal(gone.body.error, 'ERR_NO_PLAN_FOUND');
});

t.test('invalid plan fields are a 400 naming the field; feature names outside the use* style are not stored', async (t) => {
  const { request, token } = await build(t);
  const res = await request('POST', '/api/plans', { token, body: plan('Neg', { users: -1 }) });
  t.equal(res.status, 400);
  t.match(res.body.field, /users/);
  const badFlag = await request('POST', '/api/plans', { token, body: plan('Bad', { features: { 'drop table': true, useOk: true } }) });
  t.same(badFlag.body.features, { useOk: true });
  const noName = await request('POST', '/api/plans', { token, body: { users: 1, connections: 1, queues: 1, value: 1 } });
  t.equal(noName.status, 400);
  t.match(noName.body.field, /name/);
});
