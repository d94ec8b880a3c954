import t from 'tap';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { SECRET_KEYWORD } from '../../src/secrets/index.js';
import { hasSecret } from '../../src/secrets/schema.js';
import { SECRET_KEYS } from '../../src/domains/settings/values.js';
import { Queue } from '../../src/db/models/index.js';
import { socketFor, waitFor } from '../pipeline/http.js';
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample, type ApiRoute, type Schema } from './routes.js';
import type { TestApp } from '../helper.js';

/**
 * Secrets are written, then looked for everywhere they must not be. Every write route whose body declares a
 * secret (SecretString, found in the route table's schemas: the core's, the plugins', the test plugins') is
 * called with a fresh clear value in each secret field, as are the secret company settings; the flow builder's
 * OpenAI node, whose secrets live in free-form node data, gets its body below. Then:
 * - the database holds none of the clear values, in any table or column (JSON text included);
 * - every value stored encrypted (`enc:v1:`, however a plugin named its field) is decrypted and added to them;
 * - no answer of any GET route (ids of every row written), of the writes themselves, nor any socket frame
 *   the company heard, holds one of them: for an admin and for a plain user.
 */
type Body = Record<string, unknown>;
interface Ctx { secret(label: string): string; call(method: string, url: string, body?: unknown): Promise<{ status: number; body: any }>; queueId: number }

/** Bodies for the routes whose generic sample cannot pass their own rules. Each fills every secret field it has. */
const BODIES: Record<string, (ctx: Ctx) => Promise<Body> | Body> = {
  'PUT /api/relay/settings': ({ secret }) => ({ url: 'http://127.0.0.1:9/hook', apiKey: secret('relay-apiKey') }),
  // The copilot's model connection (issue 46): its key beside numbers with their own bounds.
  'PUT /api/copilot/settings': ({ secret }) => ({
    baseUrl: 'http://127.0.0.1:9/v1', model: 'probe-model', apiKey: secret('copilot-apiKey'), monthlyTokenBudget: 0, perAgentPerMinute: 10,
    pricePerMillionTokens: 0, windowMessages: 20, timeoutMs: 30000, summaryOnTransfer: false, includeNotes: false, maskNumbers: true,
  }),
  // A Cloud API connection's Graph token, app secret and webhook verify token (its base URL: the fake's kind, unreachable here).
  'PUT /api/whatsapp-cloud/:connectionId/settings': ({ secret }) => ({
    phoneNumberId: '1098765432', wabaId: '2233445566', baseUrl: 'http://127.0.0.1:9',
    accessToken: secret('cloud-accessToken'), appSecret: secret('cloud-appSecret'), verifyToken: secret('cloud-verifyToken'),
  }),
  // A Cloud API connection (the whatsapp-cloud plugin's kind) made with its settings in one step: the same secrets, through the settings door.
  'POST /api/whatsapp': ({ secret }) => ({
    name: `Cloud secrets ${randomBytes(3).toString('hex')}`, provider: 'cloud',
    settings: {
      phoneNumberId: '1098765433', wabaId: '2233445567', baseUrl: 'http://127.0.0.1:9',
      accessToken: secret('cloud-accessToken'), appSecret: secret('cloud-appSecret'), verifyToken: secret('cloud-verifyToken'),
    },
  }),
  'POST /api/queueIntegration': ({ secret }) => ({
    type: 'dialogflow', name: 'Dialogflow probe', projectName: 'probe',
    jsonContent: JSON.stringify({ type: 'service_account', private_key: secret('dialogflow-private_key') }), webhookSecret: secret('integration-webhookSecret'),
  }),
  'PUT /api/queueIntegration/:id': ({ secret }) => ({
    type: 'webhook', name: 'Webhook probe', urlN8N: 'http://127.0.0.1:9/hook', webhookSecret: secret('integration-webhookSecret'), jsonContent: JSON.stringify({ private_key: secret('dialogflow-private_key') }),
  }),
  'POST /api/queueIntegration/testSession': ({ secret }) => ({ projectName: 'probe', jsonContent: JSON.stringify({ private_key: secret('dialogflow-private_key') }) }),
  // The OpenAI node's secrets are in the node's free-form data: saved on a new flow, which is then copied.
  'POST /api/flowbuilder/flow': async ({ secret, call }) => {
    const flow = await call('POST', '/api/flowbuilder', { name: `Secrets ${randomBytes(3).toString('hex')}` });
    const ai = { name: 'Bot', projectName: 'Bot', prompt: 'Be kind', voice: 'Francisca', voiceRegion: 'brazilsouth', apiKey: secret('flow-apiKey'), voiceKey: secret('flow-voiceKey') };
    return { idFlow: flow.body.id, nodes: [{ id: 'ai', type: 'openai', position: { x: 0, y: 0 }, data: { typebotIntegration: ai } }], connections: [] };
  },
};
/** Routes with a secret in their body that cannot answer 2xx here, and why. They are called all the same. */
const CANNOT_SUCCEED: Record<string, string> = {
  'POST /api/queueIntegration/testSession': 'asks Dialogflow, which this test does not fake; it stores nothing',
};

const isObject = (v: unknown): v is Body => typeof v === 'object' && v !== null && !Array.isArray(v);
const isSecretSchema = (s: Schema | undefined) => Boolean(s && ((s as Body)[SECRET_KEYWORD] === true || (s.anyOf ?? s.oneOf ?? []).some((b) => (b as Body)[SECRET_KEYWORD] === true)));

/** The sample body with every field the schema marks secret replaced by a fresh clear value. */
function withSecrets(schema: Schema | undefined, value: unknown, secret: (label: string) => string, name: string): unknown {
  if (!schema) return value;
  if (isSecretSchema(schema)) return secret(name);
  const objectBranch = [schema, ...(schema.anyOf ?? schema.oneOf ?? [])].find((s) => s.properties);
  if (objectBranch && isObject(value)) {
    // Optional secret fields are left out by the sample: put them in.
    return Object.fromEntries(Object.entries(objectBranch.properties!).map(([key, prop]) => [key, withSecrets(prop, value[key], secret, `${name}.${key}`)])
      .filter(([, v]) => v !== undefined));
  }
  const arrayBranch = [schema, ...(schema.anyOf ?? schema.oneOf ?? [])].find((s) => s.items);
  if (arrayBranch && Array.isArray(value)) return value.map((item) => withSecrets(arrayBranch.items, item, secret, name));
  return value;
}

async function tableNames(knex: Knex): Promise<string[]> {
  const client = String(knex.client.config.client);
  return client.includes('sqlite')
    ? knex('sqlite_master').where({ type: 'table' }).whereNot('name', 'like', 'sqlite_%').pluck('name')
    : knex('information_schema.tables').whereRaw('table_schema = database()').pluck('TABLE_NAME');
}

const ENCRYPTED = /enc:v1:[\w-]+:[\w-]+:[\w-]*/g;

/** The clear secret values a walk sends (each recorded, to be looked for afterwards), its caller and a queue of its own. */
async function secretsContext(request: TestApp['request'], token: string, queueName: string) {
  const clear = new Set<string>();
  const secret = (label: string) => {
    const value = `${label.replace(/\W/g, '')}-${randomBytes(12).toString('base64url')}`;
    clear.add(value);
    return value;
  };
  const call: Ctx['call'] = async (method, url, body) => request(method, url, { token, body });
  const queueId = (await Queue.scoped(1).insertAndFetch({ name: queueName, color: '#abcdef', orderQueue: 9 } as Partial<Queue>)).id;
  const ctx: Ctx = { secret, call, queueId };
  return { clear, secret, call, queueId, ctx };
}

t.test('no secret is stored in clear, nor answered or emitted in clear, by any route', async (t) => {
  const { app, token, request, createUser } = await buildWithFixturePlugins(t, { config: { allowPrivateUrls: true } });
  const plain = await createUser(1, { profile: 'user' });
  const { clear, secret, call, queueId, ctx } = await secretsContext(request, token, 'Secrets queue');

  const socket = await socketFor(t, app, token);
  const frames: string[] = [];
  socket.io.engine.on('packet', (packet: { data?: unknown }) => { frames.push(typeof packet.data === 'string' ? packet.data : JSON.stringify(packet.data ?? '')); });

  // Writes: creates first, so updates find their row (the id a create of the same path answered).
  const routes = apiRoutes(app);
  const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.isPublic && (hasSecret(r.schema.body) || BODIES[`${r.method} ${r.url}`]))
    .sort((a, b) => a.params.length - b.params.length);
  t.ok(writes.some((r) => r.pluginId === 'relay') && writes.some((r) => r.url === '/api/prompt'), 'the walk finds secret fields in the core\'s plugins and the test plugins');
  const createdIds = new Map<string, number>();
  const ids = new Set<number>([1]);
  const answers: string[] = [];
  const failed: string[] = [];
  for (const route of writes) {
    const key = `${route.method} ${route.url}`;
    const body = BODIES[key]
      ? await BODIES[key](ctx)
      : withSecrets(route.schema.body, sample(route.schema.body, { id: queueId, text: 'probe' }), secret, 'body');
    const owner = [...createdIds.keys()].filter((url) => route.url.startsWith(`${url}/`)).sort((a, b) => b.length - a.length)[0];
    const url = fillUrl(route.url, () => String(owner ? createdIds.get(owner) : 1));
    const res = await call(route.method, url, body);
    answers.push(`${key} → ${JSON.stringify(res.body)}`);
    if (res.status >= 200 && res.status < 300) {
      if (typeof res.body?.id === 'number') { createdIds.set(route.url, res.body.id); ids.add(res.body.id); }
    } else if (!CANNOT_SUCCEED[key]) failed.push(`${key} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
  }
  t.same(failed, [], 'every write with a secret field stored it (a new one needs a body in BODIES)');
  // The copy of the flow holding the OpenAI secrets, and the company's secret settings (super-user keys).
  const flows = await call('GET', '/api/flowbuilder');
  for (const flow of flows.body.flows) t.equal((await call('POST', '/api/flowbuilder/duplicate', { flowId: flow.id })).status, 200, 'flow copied');
  for (const key of SECRET_KEYS) t.equal((await call('PUT', `/api/settings/${key}`, { value: secret(`setting-${key}`) })).status, 200, `setting ${key} saved`);

  // At rest: no clear value in any column of any table; every encrypted value found is one more secret.
  const inClear: string[] = [];
  for (const table of await tableNames(app.knex)) {
    for (const row of await app.knex(table).select('*')) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== 'string') continue;
        for (const c of clear) if (value.includes(c)) inClear.push(`${table}.${column} holds ${c}`);
        for (const [sealed] of value.matchAll(ENCRYPTED)) {
          clear.add(app.atrium.secrets.decrypt(sealed));
          if (typeof row.id === 'number') ids.add(row.id);
        }
      }
    }
  }
  t.same(inClear, [], 'no secret is stored in clear');
  t.ok(clear.size >= 10, `${clear.size} secrets written and found encrypted`);

  // Answers: the writes', and every GET route's for the admin and a plain user, with every id written.
  for (const bearer of [token, plain.token]) {
    for (const route of routes.filter((r: ApiRoute) => r.method === 'GET' && !r.isPublic)) {
      for (const id of route.params.length ? ids : [0]) {
        const res = await request('GET', fillUrl(route.url, () => String(id)), { token: bearer });
        answers.push(`GET ${fillUrl(route.url, () => String(id))}${bearer === token ? '' : ' (plain user)'} → ${JSON.stringify(res.body)}`);
      }
    }
  }
  // The settings event of the last write has arrived: every earlier frame has too (one socket, in order).
  await waitFor(() => frames.some((f) => f.includes('company-1-settings') && f.includes('asaasWebhookToken')), 10_000, 'the last settings event');
  const leaks = [...answers, ...frames.map((f) => `socket frame ${f}`)].flatMap((text) => [...clear].filter((c) => text.includes(c)).map((c) => `${text.slice(0, 160)} … holds ${c}`));
  t.ok(answers.length > 100, `${answers.length} answers read`);
  t.same(leaks, [], 'no answer and no socket frame holds a secret in clear');
});

/**
 * A rotated secret leaves a trace (issue 41): every update route whose body declares a secret, and every secret
 * company setting, is called twice with fresh clear values; the second call's audit entries must say that a
 * secret field changed (`changed: true`, both sides masked) and hold neither the clear values nor a sealed one.
 */
t.test('a PUT with a new secret writes an audit entry that says it changed, without the value', async (t) => {
  const { app, token, request } = await buildWithFixturePlugins(t, { config: { allowPrivateUrls: true } });
  const { clear, secret, call, queueId, ctx } = await secretsContext(request, token, 'Rotation queue');
  const bodyFor = async (route: ApiRoute) => {
    const key = `${route.method} ${route.url}`;
    return BODIES[key] ? BODIES[key](ctx) : withSecrets(route.schema.body, sample(route.schema.body, { id: queueId, text: 'probe' }), secret, 'body');
  };
  const lastEntryId = async () => Number((await app.knex('auditLogs').max('id as id'))[0].id ?? 0);
  const entriesAfter = async (id: number) => (await app.knex('auditLogs').where('id', '>', id).orderBy('id')) as { action: string; entity: string; changes: string | null }[];

  const routes = apiRoutes(app).filter((r) => !r.isPublic && (hasSecret(r.schema.body) || BODIES[`${r.method} ${r.url}`]) && !CANNOT_SUCCEED[`${r.method} ${r.url}`]);
  // The rows the updates act on: each create route's answer, by its path.
  const createdIds = new Map<string, number>();
  for (const route of routes.filter((r) => r.method === 'POST' && r.params.length === 0)) {
    const res = await call(route.method, route.url, await bodyFor(route));
    if (typeof res.body?.id === 'number') createdIds.set(route.url, res.body.id);
  }
  const updates = routes.filter((r) => r.method === 'PUT' || r.method === 'PATCH');
  t.ok(updates.some((r) => r.url === '/api/prompt/:id') && updates.some((r) => r.url.includes('whatsapp-cloud')), 'the walk finds the prompt\'s and the Cloud connection\'s secrets');
  const rotations: { label: string; rotate: () => Promise<{ status: number; body: any }> }[] = [
    ...updates.map((route) => ({
      label: `${route.method} ${route.url}`,
      rotate: async () => {
        const owner = [...createdIds.keys()].filter((url) => route.url.startsWith(`${url}/`)).sort((a, b) => b.length - a.length)[0];
        return call(route.method, fillUrl(route.url, () => String(owner ? createdIds.get(owner) : 1)), await bodyFor(route));
      },
    })),
    ...[...SECRET_KEYS].map((key) => ({ label: `setting ${key}`, rotate: () => call('PUT', `/api/settings/${key}`, { value: secret(`setting-${key}`) }) })),
  ];
  const untraced: string[] = [];
  for (const { label, rotate } of rotations) {
    const first = await rotate();
    t.ok(first.status >= 200 && first.status < 300, `${label}: first value stored (${first.status})`);
    const mark = await lastEntryId();
    const second = await rotate();
    t.ok(second.status >= 200 && second.status < 300, `${label}: new value stored (${second.status})`);
    const entries = await entriesAfter(mark);
    const rotated = entries.flatMap((e) => Object.entries(JSON.parse(e.changes ?? '{}') as Record<string, { before?: unknown; after?: unknown; changed?: boolean }>)
      .filter(([, c]) => c.changed === true && c.before === '••••••' && c.after === '••••••').map(([field]) => `${e.entity}.${field}`));
    if (rotated.length === 0) untraced.push(`${label} → ${JSON.stringify(entries)}`);
    const text = JSON.stringify(entries);
    t.notOk([...clear].some((c) => text.includes(c)) || /enc:v\d+:/.test(text), `${label}: the entries hold no secret value (${rotated.join(', ')})`);
  }
  t.same(untraced, [], 'every rotated secret shows as changed in its audit entry');
});
