import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { recordEvents } from '../../../core/test/pipeline/fixtures.js';

const SECRET = 'whsec-super-secret-value-1234';
const SA_JSON = JSON.stringify({ type: 'service_account', project_id: 'agent-1', private_key: '-----BEGIN PRIVATE KEY-----abc' });

t.test('integrations of each type are created with the spec defaults; secrets only ever come back masked', async (t) => {
  const { request, createTenant, app } = await build(t, { config: { allowPrivateUrls: true } });
  const { admin } = await createTenant('Bots Co', { useIntegrations: true });
  const token = admin.token;
  const events = recordEvents(app);
  const typebot = await request('POST', '/api/queueIntegration', { token, body: { type: 'typebot', name: 'Bot', urlN8N: 'http://127.0.0.1:9/typebot', typebotSlug: 'atendimento', projectName: 'ignored' } });
  t.equal(typebot.status, 200);
  t.match(typebot.body, { type: 'typebot', name: 'Bot', projectName: 'Bot', typebotDelayMessage: 1000, typebotExpires: 1 }, 'project name is the name; defaults 1000 ms and 1 minute');
  const n8n = await request('POST', '/api/queueIntegration', { token, body: { type: 'n8n', name: 'Fluxo n8n', urlN8N: 'http://127.0.0.1:9/n8n/webhook/x', webhookSecret: SECRET } });
  t.equal(n8n.status, 200);
  t.not(n8n.body.webhookSecret, SECRET);
  t.match(n8n.body.webhookSecret, /…1234$/);
  const dialogflow = await request('POST', '/api/queueIntegration', { token, body: { type: 'dialogflow', name: 'Agente', projectName: 'agent-1', jsonContent: SA_JSON, language: 'pt-BR' } });
  t.equal(dialogflow.status, 200);
  t.equal(dialogflow.body.projectName, 'agent-1', 'a dialogflow project keeps its own name');
  t.notOk(JSON.stringify(dialogflow.body).includes('PRIVATE KEY'), 'the service account never comes back');
  const builtFlow = await request('POST', '/api/flowbuilder', { token, body: { name: 'Boas-vindas' } });
  const flow = await request('POST', '/api/queueIntegration', { token, body: { type: 'flowbuilder', name: 'Fluxo de boas-vindas', flowId: builtFlow.body.id } });
  t.match(flow.body, { type: 'flowbuilder', flowId: builtFlow.body.id, projectName: 'Fluxo de boas-vindas' });

  const kept = await request('PUT', `/api/queueIntegration/${n8n.body.id}`, { token, body: { type: 'n8n', name: 'Fluxo n8n 2', urlN8N: 'http://127.0.0.1:9/n8n/webhook/y', webhookSecret: n8n.body.webhookSecret } });
  t.equal(kept.status, 200);
  t.equal(kept.body.webhookSecret, n8n.body.webhookSecret, 'the mask sent back keeps the secret');

  const page = await request('GET', '/api/queueIntegration/', { token, query: { searchParam: 'fluxo', pageNumber: 1 } });
  t.same(page.body.queueIntegrations.map((i: { name: string }) => i.name), ['Fluxo de boas-vindas', 'Fluxo n8n 2']);
  t.equal(page.body.hasMore, false);
  const frames = JSON.stringify(events) + JSON.stringify(page.body);
  t.notOk(frames.includes(SECRET), 'no event or list holds the webhook secret');
  t.notOk(frames.includes('PRIVATE KEY'), 'nor the service account');
});

t.test('the validation refuses bad fields and a name used twice in the company', async (t) => {
  const { request, createTenant } = await build(t, { config: { allowPrivateUrls: true } });
  const { admin } = await createTenant('Bots Co', { useIntegrations: true });
  const other = await createTenant('Other Co', { useIntegrations: true });
  const post = (body: Record<string, unknown>, token = admin.token) => request('POST', '/api/queueIntegration', { token, body });
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ type: 'foo', name: 'Bot' }, 'body/type'],
    [{ type: 'typebot', name: 'B', urlN8N: 'http://127.0.0.1:9/t', typebotSlug: 's' }, 'body/name'],
    [{ type: 'typebot', name: 'x'.repeat(51), urlN8N: 'http://127.0.0.1:9/t', typebotSlug: 's' }, 'body/name'],
    [{ type: 'typebot', name: 'Bot', typebotSlug: 's' }, 'body/urlN8N'],
    [{ type: 'typebot', name: 'Bot', urlN8N: 'http://127.0.0.1:9/t' }, 'body/typebotSlug'],
    [{ type: 'n8n', name: 'Bot', urlN8N: 'ftp://127.0.0.1/n8n' }, 'body/urlN8N'],
    [{ type: 'n8n', name: 'Bot', urlN8N: 'http://127.0.0.1:9/n8n' }, 'body/webhookSecret'],
    [{ type: 'dialogflow', name: 'Bot', projectName: 'p', language: 'fr', jsonContent: SA_JSON }, 'body/language'],
    [{ type: 'dialogflow', name: 'Bot', projectName: 'p', jsonContent: 'not json' }, 'body/jsonContent'],
    [{ type: 'flowbuilder', name: 'Bot' }, 'body/flowId'],
  ];
  for (const [body, field] of cases) {
    const res = await post(body);
    t.equal(res.status, 400, JSON.stringify(body));
    t.match(res.body, { error: 'ERR_VALIDATION', field });
  }
  const body = { type: 'typebot', name: 'Bot', urlN8N: 'http://127.0.0.1:9/t', typebotSlug: 's' };
  t.equal((await post(body)).status, 200);
  const twice = await post(body);
  t.equal(twice.status, 409);
  t.equal(twice.body.error, 'ERR_INTEGRATION_NAME_IN_USE');
  t.equal((await post(body, other.admin.token)).status, 200, 'another company may use the name');
});

t.test('another company\'s integration is not found; deleting one clears every pointer to it', async (t) => {
  const { request, createTenant, app } = await build(t, { config: { allowPrivateUrls: true } });
  const owner = await createTenant('Owner Co', { useIntegrations: true });
  const other = await createTenant('Other Co', { useIntegrations: true });
  const flow = await request('POST', '/api/flowbuilder', { token: owner.admin.token, body: { name: 'Boas-vindas' } });
  const body = { type: 'flowbuilder', name: 'Fluxo', flowId: flow.body.id };
  const mine = await request('POST', '/api/queueIntegration', { token: owner.admin.token, body });
  const otherFlow = await request('POST', '/api/flowbuilder', { token: other.admin.token, body: { name: 'Boas-vindas' } });
  const pointing = await request('POST', '/api/queueIntegration', { token: other.admin.token, body: { ...body, flowId: flow.body.id } });
  t.match({ status: pointing.status, ...pointing.body }, { status: 404, error: 'ERR_NO_FLOW_FOUND', field: 'body/flowId' }, 'an integration may not run another company\'s flow');
  t.equal((await request('POST', '/api/queueIntegration', { token: other.admin.token, body: { ...body, flowId: otherFlow.body.id } })).status, 200, 'its own flow');
  for (const [method, payload] of [['GET', undefined], ['PUT', { ...body, flowId: otherFlow.body.id }], ['DELETE', undefined]] as const) {
    const res = await request(method, `/api/queueIntegration/${mine.body.id}`, { token: other.admin.token, body: payload });
    t.equal(res.status, 404, method);
    t.equal(res.body.error, 'ERR_NO_INTEGRATION_FOUND');
  }
  const queue = await request('POST', '/api/queue', { token: owner.admin.token, body: { name: 'Vendas', color: '#101010', integrationId: mine.body.id } });
  await app.knex('whatsapps').where({ companyId: owner.companyId }).update({ integrationId: mine.body.id });
  t.same((await request('DELETE', `/api/queueIntegration/${mine.body.id}`, { token: owner.admin.token })).body, { message: 'Integration deleted' });
  t.equal((await app.knex('queues').where({ id: queue.body.id }).first('integrationId')).integrationId, null);
  t.same(await app.knex('whatsapps').whereNotNull('integrationId').select('id'), []);
});

t.test('a company without useIntegrations gets 403 ERR_PLAN_FEATURE_DISABLED on every integration route', async (t) => {
  const { request, createTenant } = await build(t);
  const { admin } = await createTenant('No Bots Co', { useIntegrations: false });
  const body = { type: 'flowbuilder', name: 'Fluxo', flowId: 3 };
  for (const [method, path] of [['GET', '/api/queueIntegration'], ['GET', '/api/queueIntegration/1'], ['POST', '/api/queueIntegration'], ['PUT', '/api/queueIntegration/1'], ['DELETE', '/api/queueIntegration/1']] as const) {
    const res = await request(method, path, { token: admin.token, body: method === 'POST' || method === 'PUT' ? body : undefined });
    t.equal(res.status, 403, `${method} ${path}`);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
});

t.test('only an admin writes integrations; a user may list them for the pickers', async (t) => {
  const { request, createTenant, createUser } = await build(t);
  const { admin, companyId } = await createTenant('Bots Co', { useIntegrations: true });
  const flow = await request('POST', '/api/flowbuilder', { token: admin.token, body: { name: 'Boas-vindas' } });
  const body = { type: 'flowbuilder', name: 'Fluxo', flowId: flow.body.id };
  const created = await request('POST', '/api/queueIntegration', { token: admin.token, body });
  const user = await createUser(companyId);
  t.equal((await request('GET', '/api/queueIntegration', { token: user.token })).body.queueIntegrations.length, 1);
  for (const [method, path, payload] of [['POST', '/api/queueIntegration', { ...body, name: 'Outro' }], ['PUT', `/api/queueIntegration/${created.body.id}`, body], ['DELETE', `/api/queueIntegration/${created.body.id}`, undefined]] as const) {
    const res = await request(method, path, { token: user.token, body: payload });
    t.equal(res.status, 403, method);
    t.equal(res.body.error, 'ERR_NO_PERMISSION');
  }
});
