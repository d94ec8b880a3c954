import { createHmac } from 'node:crypto';
import type { Test } from 'tap';
import type { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { FAKE_PHONE_ID, FAKE_TOKEN, FAKE_WABA_ID, type FakeGraph } from './fake-graph.js';
import { until } from './util.js';

export const APP_SECRET = 'app-secret-for-tests-0001';
export const VERIFY_TOKEN = 'verify-me-please';

type Env = Awaited<ReturnType<typeof build>>;

/** A cloud connection of company 1 pointed at the fake Graph API, connected (the app needs allowPrivateUrls). */
export async function cloudConnection(t: Test, env: Env, graph: FakeGraph) {
  // Created with its settings in one step (POST /whatsapp's `settings`, the provider's settings door).
  const created = await env.request('POST', '/api/whatsapp', {
    token: env.token,
    body: {
      name: `Cloud ${Math.random().toString(16).slice(2, 8)}`, provider: 'cloud',
      settings: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url },
    },
  });
  t.equal(created.status, 200, 'a connection of kind cloud is created with its settings');
  const id = created.body.id as number;
  const row = await until(async () => { const r = await Whatsapp.scoped(1).findById(id); return r?.status === 'CONNECTED' ? r : undefined; }, 5000, 'CONNECTED');
  t.equal(row.number, '551140001234', 'the number is the one the Graph API reports');
  return id;
}

/** The X-Hub-Signature-256 Meta puts on a delivery: HMAC-SHA256 of the raw body with the app secret. */
export const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** A webhook delivery's raw body with one change of field "messages". */
export function delivery(value: Record<string, unknown>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: FAKE_WABA_ID, changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551140001234', phone_number_id: FAKE_PHONE_ID }, ...value } }] }],
  });
}

/** A customer's text message as Meta delivers it. */
export const textFrom = (id: string, body: string, from: string) => delivery({
  contacts: [{ profile: { name: 'Maria Cloud' }, wa_id: from }],
  messages: [{ from, id, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body } }],
});

/** Posts a raw delivery to the connection's webhook, signed when a signature is given. */
export async function post(env: Env, id: number, raw: string, signature?: string) {
  const res = await env.app.inject({
    method: 'POST', url: `/api/whatsapp-cloud/${id}/webhook`, payload: raw,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** The connection's stored settings row (the plugin's table), as the database holds it. */
export async function cloudSettingsRow(env: Env, whatsappId: number) {
  return env.app.knex('whatsappCloud').where({ companyId: 1, whatsappId }).first() as Promise<Record<string, string> | undefined>;
}
