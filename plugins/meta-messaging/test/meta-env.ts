import { createHmac } from 'node:crypto';
import type { Test } from 'tap';
import { build, type TestApp } from '../../../core/test/helper.js';
import { until as waitFor } from '../../../core/test/connections/util.js';
import { fakeGraphMessenger, type FakePage } from './fake-graph-messenger.js';

export const PAGE: FakePage = { token: 'EAAPageTokenForTheShop0001', pageId: '1122334455', instagramId: '17841400000000001', name: 'Shop' };
export const APP_SECRET = 'meta-app-secret-0001';
export const VERIFY_TOKEN = 'verify-the-shop';
/** A person's page-scoped id (Messenger) and Instagram-scoped id. */
export const PSID = '6001002003004005';
export const IGSID = '7001002003004005';

export type Graph = Awaited<ReturnType<typeof fakeGraphMessenger>>;

/** The core tests' poll, with the reason first (a truthy answer, else a timeout naming `what`). */
export const until = <T>(probe: () => Promise<T>, what: string, ms = 5000) => waitFor(probe, ms, what);

export async function setup(t: Test) {
  const graph = await fakeGraphMessenger(t, [PAGE]);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const tenant = await env.createTenant('Meta Co', { useMetaMessaging: true });
  return { graph, env, tenant };
}

export interface Hook { id: number; path: string; kind: 'messenger' | 'instagram'; appSecret: string }

/** A connection of the kind, CONNECTED, with its webhook path (from the connection form's read). */
export async function connect(env: TestApp, token: string, kind: 'messenger' | 'instagram', appSecret = APP_SECRET): Promise<Hook> {
  const settings = { pageId: PAGE.pageId, pageAccessToken: PAGE.token, appSecret, verifyToken: VERIFY_TOKEN, ...(kind === 'instagram' ? { instagramId: PAGE.instagramId } : {}) };
  const res = await env.request('POST', '/api/whatsapp', { token, body: { name: `${kind} ${Math.random().toString(16).slice(2, 8)}`, provider: kind, settings } });
  if (res.status !== 200) throw new Error(`not created: ${JSON.stringify(res.body)}`);
  const id = res.body.id as number;
  await until(async () => (await env.request('GET', `/api/whatsapp/${id}`, { token })).body.status === 'CONNECTED', 'CONNECTED');
  const view = await env.request('GET', `/api/meta-messaging/connections/${id}`, { token });
  return { id, path: new URL(view.body.webhookUrl).pathname, kind, appSecret };
}

export const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

/** A delivery of events as Meta sends it: `object` page or instagram, one entry for the Page or the account. */
export function deliveryOf(kind: 'messenger' | 'instagram', events: unknown[]) {
  return JSON.stringify({
    object: kind === 'instagram' ? 'instagram' : 'page',
    entry: [{ id: kind === 'instagram' ? PAGE.instagramId : PAGE.pageId, time: Date.now(), messaging: events }],
  });
}

/** A raw delivery to the hook, signed with its app secret unless another signature (or none: '') is given. */
export function post(env: TestApp, hook: Hook, raw: string, signature: string | undefined = sign(raw, hook.appSecret)) {
  return env.app.inject({
    method: 'POST', url: hook.path, payload: raw,
    headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) },
  }).then((r) => ({ status: r.statusCode, body: r.body ? JSON.parse(r.body) : null }));
}

export function deliver(env: TestApp, hook: Hook, events: unknown[]) {
  return post(env, hook, deliveryOf(hook.kind, events));
}

let n = 0;
/** A person's message event (from the PSID or IGSID by kind) with the fields given. */
export function messageEvent(hook: Pick<Hook, 'kind'>, message: Record<string, unknown>, at = Date.now()) {
  n += 1;
  const sender = hook.kind === 'instagram' ? IGSID : PSID;
  const recipient = hook.kind === 'instagram' ? PAGE.instagramId : PAGE.pageId;
  return { sender: { id: sender }, recipient: { id: recipient }, timestamp: at, message: { mid: `m_in_${hook.kind}_${n}_${Math.random().toString(16).slice(2, 8)}`, ...message } };
}

export const inboundOf = (env: TestApp, companyId: number) => env.app.knex('messages').where({ companyId, fromMe: false }).orderBy('id');
