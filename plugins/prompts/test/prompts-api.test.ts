import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { recordEvents } from '../../../core/test/pipeline/fixtures.js';

const KEY = 'sk-test-abcdefghijklmnop1234';
const PROMPT_TEXT = 'Você é a assistente da Loja Exemplo. Responda com educação e em poucas frases.';

async function setup(t: Parameters<typeof build>[0]) {
  const built = await build(t);
  const tenant = await built.createTenant('Prompt Co', { useOpenAi: true });
  const queue = await built.request('POST', '/api/queue', { token: tenant.admin.token, body: { name: 'Vendas', color: '#112233' } });
  const body = (extra: Record<string, unknown> = {}) => ({ name: 'Atendente IA', prompt: PROMPT_TEXT, apiKey: KEY, queueId: queue.body.id, ...extra });
  return { ...built, tenant, queueId: queue.body.id as number, body };
}

t.test('a prompt is created with the spec defaults, answers its queue, and its key only ever comes back masked', async (t) => {
  const { request, tenant, queueId, body, app } = await setup(t);
  const events = recordEvents(app);
  const token = tenant.admin.token;
  const created = await request('POST', '/api/prompt', { token, body: body() });
  t.equal(created.status, 200);
  t.match(created.body, { name: 'Atendente IA', model: 'gpt-3.5-turbo-1106', maxTokens: 100, temperature: 1, maxMessages: 10, queueId, queue: { id: queueId, name: 'Vendas' } });
  t.not(created.body.apiKey, KEY);
  t.match(created.body.apiKey, /…1234$/, 'masked: only the end of the key shows');
  const queue = await request('GET', `/api/queue/${queueId}`, { token });
  t.equal(queue.body.promptId, created.body.id, 'the queue now points at its prompt');
  const stored = await app.knex('prompts').where({ id: created.body.id }).first('apiKey');
  t.notOk(stored.apiKey.includes(KEY), 'stored encrypted');

  const list = await request('GET', '/api/prompt', { token });
  t.equal(list.body.prompts.length, 1);
  t.equal(list.body.prompts[0].apiKey, created.body.apiKey);
  const kept = await request('PUT', `/api/prompt/${created.body.id}`, { token, body: body({ apiKey: created.body.apiKey, model: 'gpt-4.1-mini', temperature: 0.3 }) });
  t.equal(kept.status, 200);
  t.match(kept.body, { model: 'gpt-4.1-mini', temperature: 0.3 }, 'a model outside the list is accepted as free text');
  t.equal((await app.knex('prompts').where({ id: created.body.id }).first('apiKey')).apiKey, stored.apiKey, 'the mask sent back keeps the stored key');
  const frames = JSON.stringify(events);
  t.notOk(frames.includes(KEY), 'no event holds the key');
  t.notOk(frames.includes(stored.apiKey), 'nor its ciphertext');
  t.ok(events.some((e) => e.event === 'prompt' && e.payload.action === 'update'), 'changes are announced');
});

t.test('the spec validation refuses each bad field, naming it', async (t) => {
  const { request, tenant, body } = await setup(t);
  const cases: Array<[Record<string, unknown>, string]> = [
    [{ name: 'Ana' }, 'body/name'], [{ name: 'x'.repeat(101) }, 'body/name'], [{ prompt: 'short prompt' }, 'body/prompt'],
    [{ temperature: 1.1 }, 'body/temperature'], [{ temperature: -0.1 }, 'body/temperature'], [{ temperature: 0.55 }, 'body/temperature'],
    [{ maxTokens: 0 }, 'body/maxTokens'], [{ maxMessages: 0 }, 'body/maxMessages'], [{ maxMessages: 51 }, 'body/maxMessages'],
    [{ apiKey: undefined }, 'body/apiKey'], [{ queueId: undefined }, 'body/queueId'], [{ model: 'gpt 4; drop' }, 'body/model'],
  ];
  for (const [extra, field] of cases) {
    const res = await request('POST', '/api/prompt', { token: tenant.admin.token, body: body(extra) });
    t.equal(res.status, 400, `${JSON.stringify(extra)} refused`);
    t.match(res.body, { error: 'ERR_VALIDATION', field });
  }
});

t.test('another company\'s prompts and queues are not found; deleting a prompt clears every pointer to it', async (t) => {
  const { request, tenant, body, createTenant, app, queueId } = await setup(t);
  const other = await createTenant('Other Co', { useOpenAi: true });
  const mine = await request('POST', '/api/prompt', { token: tenant.admin.token, body: body() });
  for (const [method, payload] of [['GET', undefined], ['PUT', body()], ['DELETE', undefined]] as const) {
    const res = await request(method, `/api/prompt/${mine.body.id}`, { token: other.admin.token, body: payload });
    t.equal(res.status, 404, method);
    t.equal(res.body.error, 'ERR_NO_PROMPT_FOUND');
  }
  t.same((await request('GET', '/api/prompt', { token: other.admin.token })).body.prompts, []);
  const foreignQueue = await request('POST', '/api/prompt', { token: other.admin.token, body: body() });
  t.equal(foreignQueue.status, 404, 'a prompt cannot serve another company\'s queue');
  t.equal(foreignQueue.body.error, 'ERR_NO_QUEUE_FOUND');

  await app.knex('whatsapps').where({ companyId: tenant.companyId }).update({ promptId: mine.body.id });
  const deleted = await request('DELETE', `/api/prompt/${mine.body.id}`, { token: tenant.admin.token });
  t.same(deleted.body, { message: 'Prompt deleted' });
  t.equal((await app.knex('queues').where({ id: queueId }).first('promptId')).promptId, null);
  t.same(await app.knex('whatsapps').where({ companyId: tenant.companyId }).whereNotNull('promptId').select('id'), []);
});

t.test('a company without useOpenAi gets 403 ERR_PLAN_FEATURE_DISABLED on every prompt route', async (t) => {
  const { request, createTenant, body } = await setup(t);
  const tenant = await createTenant('No AI Co', { useOpenAi: false });
  const queue = await request('POST', '/api/queue', { token: tenant.admin.token, body: { name: 'Vendas', color: '#445566' } });
  for (const [method, path] of [['GET', '/api/prompt'], ['GET', '/api/prompt/1'], ['POST', '/api/prompt'], ['PUT', '/api/prompt/1'], ['DELETE', '/api/prompt/1']] as const) {
    const res = await request(method, path, { token: tenant.admin.token, body: method === 'POST' || method === 'PUT' ? body({ queueId: queue.body.id }) : undefined });
    t.equal(res.status, 403, `${method} ${path}`);
    t.equal(res.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  }
});

t.test('only an admin writes prompts (they hold the API key); a user may list them for the pickers', async (t) => {
  const { request, tenant, body, createUser } = await setup(t);
  const created = await request('POST', '/api/prompt', { token: tenant.admin.token, body: body() });
  const user = await createUser(tenant.companyId);
  t.equal((await request('GET', '/api/prompt', { token: user.token })).body.prompts.length, 1);
  for (const [method, path, payload] of [['POST', '/api/prompt', body({ name: 'Outro prompt' })], ['PUT', `/api/prompt/${created.body.id}`, body()], ['DELETE', `/api/prompt/${created.body.id}`, undefined]] as const) {
    const res = await request(method, path, { token: user.token, body: payload });
    t.equal(res.status, 403, method);
    t.equal(res.body.error, 'ERR_NO_PERMISSION');
  }
});
