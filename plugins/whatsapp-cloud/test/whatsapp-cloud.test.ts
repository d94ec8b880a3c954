import t, { type Test } from 'tap';
import { createServer, type AddressInfo } from 'node:net';
import { build } from '../../../core/test/helper.js';
import { Contact, Message, Ticket, Whatsapp } from '../../../core/src/db/models/index.js';
import { toDbTime } from '../../../core/src/db/time.js';
import { AppError } from '../../../core/src/http/errors.js';
import { BUILT_IN_CAPABILITIES } from '../../../core/src/messaging/providers/registry.js';
import { fakeGraph, FAKE_PHONE_ID, FAKE_TOKEN, FAKE_VERSION, FAKE_WABA_ID } from '../../../core/test/connections/fake-graph.js';
import { APP_SECRET, VERIFY_TOKEN, cloudConnection, cloudSettingsRow, delivery, post, sign, textFrom as cloudText } from '../../../core/test/connections/cloud-env.js';
import { until } from '../../../core/test/connections/util.js';

const CUSTOMER = '5511987650001';
const textFrom = (id: string, body: string, from = CUSTOMER) => cloudText(id, body, from);


/** A connected cloud connection of company 1 (the fake Graph API) and a customer's first message on it. */
async function withInbound(t: Test, wamid: string, body = 'oi') {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const raw = textFrom(wamid, body);
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: wamid }).first(), 5000, 'inbound');
  return { graph, env, id, inbound };
}

t.test('webhook verification answers the challenge only for the verify token', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const ok = await env.app.inject({ method: 'GET', url: `/api/whatsapp-cloud/${id}/webhook`, query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1158201444' } });
  t.equal(ok.statusCode, 200);
  t.equal(ok.body, '1158201444', 'the challenge comes back as plain text');
  t.match(ok.headers['content-type'], /text\/plain/);
  const wrong = await env.app.inject({ method: 'GET', url: `/api/whatsapp-cloud/${id}/webhook`, query: { 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' } });
  t.equal(wrong.statusCode, 403);
  const missing = await env.app.inject({ method: 'GET', url: `/api/whatsapp-cloud/${id}/webhook`, query: { 'hub.mode': 'subscribe', 'hub.challenge': '1' } });
  t.equal(missing.statusCode, 403);
  const unknown = await env.app.inject({ method: 'GET', url: `/api/whatsapp-cloud/999999/webhook`, query: { 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' } });
  t.equal(unknown.statusCode, 403, 'an unknown connection is refused the same way');
});

t.test('deliveries: signature checked on the raw body; inbound opens a ticket once; statuses become acks', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const raw = textFrom('wamid.IN1', 'Olá, preciso de ajuda');

  t.equal((await post(env, id, raw)).status, 401, 'no signature: 401');
  t.equal((await post(env, id, raw, sign(raw, 'another-secret'))).status, 401, 'signed with another secret: 401');
  t.equal((await post(env, id, raw, sign(raw.replace('ajuda', 'AJUDA')))).status, 401, 'a signature of other bytes: 401');
  t.equal((await post(env, id, ` ${raw}`, sign(raw))).status, 401, 'the same JSON with other bytes: 401');
  t.equal(await Message.scoped(1).where({ whatsappId: id }).resultSize(), 0, 'nothing stored on a refused delivery');
  t.equal(await Contact.scoped(1).where({ number: CUSTOMER }).resultSize(), 0, 'no contact either');

  const accepted = await post(env, id, raw, sign(raw));
  t.same([accepted.status, accepted.body], [200, { received: true }]);
  const stored = await until(async () => Message.scoped(1).where({ whatsappId: id, providerId: 'wamid.IN1' }).first(), 5000, 'inbound stored');
  t.equal(stored.body, 'Olá, preciso de ajuda');
  t.equal(stored.fromMe, false);
  const ticket = (await Ticket.scoped(1).findById(stored.ticketId))!;
  t.equal(ticket.status, 'pending', 'a ticket is opened for the customer');
  const contact = (await Contact.scoped(1).findById(ticket.contactId))!;
  t.same([contact.number, contact.name], [CUSTOMER, 'Maria Cloud']);

  // Meta retries: the same delivery again stores nothing more.
  t.equal((await post(env, id, raw, sign(raw))).status, 200);
  t.equal((await post(env, id, raw, sign(raw))).status, 200);
  t.equal(await Message.scoped(1).where({ whatsappId: id, providerId: 'wamid.IN1' }).resultSize(), 1, 'a redelivery is stored once');

  // The agent answers: the Graph API gets the text with the bearer token, on the connection's number.
  const sent = await env.request('POST', `/api/messages/${ticket.id}`, { token: env.token, body: { body: 'Claro! Como posso ajudar?' } });
  t.equal(sent.status, 200);
  const out = await until(async () => { const m = await Message.scoped(1).where({ ticketId: ticket.id, fromMe: true }).first(); return m?.status === 'sent' ? m : undefined; }, 5000, 'sent');
  t.equal(out.providerId, 'wamid.OUT1');
  const call = graph.calls.find((c) => c.method === 'POST' && c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/messages`)!;
  t.equal(call.authorization, `Bearer ${FAKE_TOKEN}`);
  t.same(call.json, { messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'text', text: { body: 'Claro! Como posso ajudar?' } });

  const status = (s: string, extra: Record<string, unknown> = {}) => delivery({ statuses: [{ id: 'wamid.OUT1', status: s, timestamp: '1700000000', recipient_id: CUSTOMER, ...extra }] });
  for (const [s, ack] of [['delivered', 3], ['read', 4], ['sent', 4]] as const) {
    const raw = status(s);
    t.equal((await post(env, id, raw, sign(raw))).status, 200);
    await until(async () => (await Message.scoped(1).findById(out.id))?.ack === ack, 3000, `ack ${ack} after ${s}`);
  }
  t.equal((await Message.scoped(1).findById(out.id))!.ack, 4, 'a late "sent" does not lower the ack');

  // A failed status shows the message as failed with Meta's code and title.
  await env.request('POST', `/api/messages/${ticket.id}`, { token: env.token, body: { body: 'segunda' } });
  const second = await until(async () => Message.scoped(1).where({ providerId: 'wamid.OUT2' }).first(), 5000, 'second sent');
  const failedRaw = delivery({ statuses: [{ id: 'wamid.OUT2', status: 'failed', timestamp: '1700000001', recipient_id: CUSTOMER, errors: [{ code: 131026, title: 'Message undeliverable' }] }] });
  t.equal((await post(env, id, failedRaw, sign(failedRaw))).status, 200);
  const failed = await until(async () => { const m = await Message.scoped(1).findById(second.id); return m?.status === 'failed' ? m : undefined; }, 3000, 'failed');
  t.match(failed.error, /131026 Message undeliverable/);
});

t.test('inbound media is downloaded through the Graph API with the token; interactive answers become text', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  graph.media.set('media-77', { data: Buffer.from('\x89PNG fake image bytes'), mimetype: 'image/png' });
  const raw = delivery({
    contacts: [{ profile: { name: 'Maria Cloud' }, wa_id: CUSTOMER }],
    messages: [
      { from: CUSTOMER, id: 'wamid.IMG1', timestamp: '1700000000', type: 'image', image: { id: 'media-77', mime_type: 'image/png', caption: 'veja' } },
      { from: CUSTOMER, id: 'wamid.BTN1', timestamp: '1700000001', type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: 'opt-2', title: 'Suporte' } } },
    ],
  });
  t.equal((await post(env, id, raw, sign(raw))).status, 200);
  const image = await until(async () => Message.scoped(1).where({ providerId: 'wamid.IMG1' }).first(), 5000, 'image stored');
  t.equal(image.mediaType, 'image');
  t.equal(image.body, 'veja');
  t.ok(image.mediaUrl, 'the media is stored and has a URL');
  t.ok(graph.calls.some((c) => c.path === '/download/media-77' && c.authorization === `Bearer ${FAKE_TOKEN}`), 'downloaded with the token');
  const button = await until(async () => Message.scoped(1).where({ providerId: 'wamid.BTN1' }).first(), 5000, 'button stored');
  t.equal(button.body, 'Suporte', 'the bots see the button title');
});

t.test('the 24-hour window: a free-form send outside it is refused before storing; templates are listed and sent', async (t) => {
  const { graph, env, id, inbound } = await withInbound(t, 'wamid.IN9');
  const ticketId = inbound.ticketId;

  let window = await env.request('GET', `/api/whatsapp-cloud/tickets/${ticketId}/window`, { token: env.token });
  t.match(window.body, { cloud: true, open: true });

  // A day and an hour later.
  await Message.scoped(1).findById(inbound.id).patch({ createdAt: toDbTime(new Date(Date.now() - 25 * 3600_000)) } as Partial<Message>);
  window = await env.request('GET', `/api/whatsapp-cloud/tickets/${ticketId}/window`, { token: env.token });
  t.match(window.body, { cloud: true, open: false });
  const before = await Message.scoped(1).where({ ticketId }).resultSize();
  const refused = await env.request('POST', `/api/messages/${ticketId}`, { token: env.token, body: { body: 'ainda aí?' } });
  t.equal(refused.status, 400);
  t.equal(refused.body.error, 'ERR_OUTSIDE_SERVICE_WINDOW');
  t.equal(await Message.scoped(1).where({ ticketId }).resultSize(), before, 'nothing stored');
  t.equal(graph.sent().length, 0, 'nothing sent to Meta');

  const list = await env.request('GET', `/api/whatsapp-cloud/${id}/templates`, { token: env.token });
  t.equal(list.status, 200);
  t.same(list.body.templates.map((x: { name: string; status: string; variables: number }) => [x.name, x.status, x.variables]), [['order_update', 'APPROVED', 2], ['promo_draft', 'PENDING', 0]]);

  const notApproved = await env.request('POST', `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: 'promo_draft', language: 'en_US' } });
  t.equal(notApproved.body.error, 'ERR_TEMPLATE_NOT_APPROVED');
  const wrongCount = await env.request('POST', `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: 'order_update', language: 'pt_BR', parameters: ['Ana'] } });
  t.equal(wrongCount.body.error, 'ERR_TEMPLATE_PARAMETERS');

  const sent = await env.request('POST', `/api/whatsapp-cloud/tickets/${ticketId}/template`, { token: env.token, body: { name: 'order_update', language: 'pt_BR', parameters: ['Ana', '#42'] } });
  t.equal(sent.status, 200);
  t.equal(sent.body.message.body, 'Olá Ana, seu pedido #42 saiu.', 'the ticket shows the template as the customer reads it');
  t.same(graph.sent()[0], {
    messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'template',
    template: { name: 'order_update', language: { code: 'pt_BR' }, components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }, { type: 'text', text: '#42' }] }] },
  });
  await until(async () => (await Message.scoped(1).findById(sent.body.message.id))?.status === 'sent', 3000, 'template sent');

  // Meta's own refusal (131047) maps to the same error on the message.
  const fresh = textFrom('wamid.IN10', 'voltei');
  await post(env, id, fresh, sign(fresh));
  await until(async () => Message.scoped(1).where({ providerId: 'wamid.IN10' }).first(), 5000, 'inbound again');
  graph.failNextSend(400, { code: 131047, message: 'Re-engagement message' });
  const out = await env.request('POST', `/api/messages/${ticketId}`, { token: env.token, body: { body: 'agora sim' } });
  t.equal(out.status, 200, 'inside the window again: the send is taken');
  const failed = await until(async () => { const m = await Message.scoped(1).where({ ticketId, body: 'agora sim' }).first(); return m?.status === 'failed' ? m : undefined; }, 5000, 'failed by Meta');
  t.match(failed.error, /^ERR_OUTSIDE_SERVICE_WINDOW/);

  // A token revoked since the start: the send fails and the connection shows DISCONNECTED (no crash loop).
  graph.failNextSend(401, { code: 190, message: 'Error validating access token: Session has expired' });
  await env.request('POST', `/api/messages/${ticketId}`, { token: env.token, body: { body: 'token velho' } });
  const expired = await until(async () => { const m = await Message.scoped(1).where({ ticketId, body: 'token velho' }).first(); return m?.status === 'failed' ? m : undefined; }, 5000, 'failed by the token');
  t.match(expired.error, /^ERR_CLOUD_TOKEN_INVALID/);
  const down = await until(async () => { const w = await Whatsapp.scoped(1).findById(id); return w?.status === 'DISCONNECTED' ? w : undefined; }, 3000, 'DISCONNECTED');
  t.equal(down.statusReason, 'ERR_CLOUD_TOKEN_INVALID', 'the connection says the token expired');
});

t.test('secrets are sealed at rest and masked; another company gets 404 on the cloud routes', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const id = await cloudConnection(t, env, graph);
  const row = (await cloudSettingsRow(env, id))!;
  for (const column of ['accessToken', 'appSecret', 'verifyToken'] as const) t.match(row[column], /^enc:v1:/, `${column} sealed`);
  const settings = await env.request('GET', `/api/whatsapp-cloud/${id}/settings`, { token: env.token });
  t.equal(settings.status, 200);
  t.notOk(JSON.stringify(settings.body).includes(FAKE_TOKEN), 'no clear token in the answer');
  t.notOk(JSON.stringify(settings.body).includes(APP_SECRET), 'no clear app secret in the answer');
  t.same([settings.body.phoneNumberId, settings.body.baseUrl, settings.body.graphVersion], [FAKE_PHONE_ID, graph.url, 'v23.0']);
  // The mask sent back keeps the stored secrets.
  const again = await env.request('PUT', `/api/whatsapp-cloud/${id}/settings`, { token: env.token, body: { ...settings.body, whatsappId: undefined, configured: undefined, webhookPath: undefined, graphVersion: 'v24.0' } });
  t.equal(again.status, 200);
  const kept = (await cloudSettingsRow(env, id))!;
  t.equal(kept.accessToken, row.accessToken, 'the token is kept');
  t.equal(kept.graphVersion, 'v24.0');

  const raw = textFrom('wamid.X1', 'oi');
  await post(env, id, raw, sign(raw));
  const inbound = await until(async () => Message.scoped(1).where({ providerId: 'wamid.X1' }).first(), 5000, 'inbound');

  const other = await env.createTenant('Other', { useWhatsappCloud: true });
  const as = { token: other.admin.token };
  t.equal((await env.request('GET', `/api/whatsapp-cloud/${id}/settings`, as)).body.error, 'ERR_NO_WAPP_FOUND');
  const put = await env.request('PUT', `/api/whatsapp-cloud/${id}/settings`, { ...as, body: { phoneNumberId: '1', wabaId: '2', accessToken: 'x', appSecret: 'y', verifyToken: 'z' } });
  t.same([put.status, put.body.error], [404, 'ERR_NO_WAPP_FOUND']);
  t.equal((await env.request('GET', `/api/whatsapp-cloud/${id}/templates`, as)).status, 404);
  t.equal((await env.request('GET', `/api/whatsapp-cloud/tickets/${inbound.ticketId}/window`, as)).status, 404);
  const tpl = await env.request('POST', `/api/whatsapp-cloud/tickets/${inbound.ticketId}/template`, { ...as, body: { name: 'order_update', language: 'pt_BR', parameters: ['a', 'b'] } });
  t.equal(tpl.status, 404);
  t.equal((await cloudSettingsRow(env, id))!.phoneNumberId, FAKE_PHONE_ID, 'the other company changed nothing');
});

t.test('a rate-limited send waits for the time Meta asks and is tried again by a durable job, not failed', async (t) => {
  const { graph, env, inbound } = await withInbound(t, 'wamid.RL1');

  graph.failNextSend(400, { code: 130429, message: 'Rate limit hit' }, { 'retry-after': '1' });
  const out = await env.request('POST', `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: 'já volto' } });
  t.equal(out.status, 200, 'the send is taken');
  const waiting = await until(async () => Message.scoped(1).where({ ticketId: inbound.ticketId, body: 'já volto' }).first(), 3000, 'stored');
  t.equal(waiting.status, 'sending', 'limited by Meta: still sending, not failed');
  // The retry is a job (kept across restarts), in the database queue when there is no Redis.
  if (!process.env.TEST_REDIS_URL) t.ok(await env.app.knex('jobs').where({ name: 'messages.redeliver' }).first(), 'the retry is a durable job');
  const sent = await until(async () => { const m = await Message.scoped(1).findById(waiting.id); return m?.status === 'sent' ? m : undefined; }, 8000, 'sent on the retry');
  t.equal(sent.providerId, 'wamid.OUT1', 'the retry reached Meta');
  t.same(graph.sent().map((m) => m.text?.body), ['já volto', 'já volto'], 'refused once, taken once');

  // A pair rate limit without Retry-After: the send waits too (15 s at first), it is not failed.
  graph.failNextSend(400, { code: 131056, message: '(Business Account, Consumer Account) pair rate limit hit' });
  await env.request('POST', `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: 'de novo' } });
  const pair = await until(async () => { const m = await Message.scoped(1).where({ ticketId: inbound.ticketId, body: 'de novo' }).first(); return m && graph.sent().length === 3 ? m : undefined; }, 3000, 'refused');
  t.equal((await Message.scoped(1).findById(pair.id))!.status, 'sending', 'waiting, not failed');
});

t.test('the wait of a rate-limited send: Retry-After in seconds or as a date, else a growing one, within bounds', async (t) => {
  const { rateLimitWait } = await import('../../../core/src/messaging/outbound.js');
  t.equal(rateLimitWait('30', 0), 30_000);
  t.equal(rateLimitWait(new Date(1_000_000 + 120_000).toUTCString(), 0, 1_000_000), 120_000);
  t.equal(rateLimitWait(undefined, 0), 15_000);
  t.equal(rateLimitWait(null, 2), 60_000);
  t.equal(rateLimitWait('0', 0), 1000, 'never sooner than a second');
  t.equal(rateLimitWait('999999', 0), 3_600_000, 'never later than an hour');
});

t.test('an unknown provider kind is refused; a token Meta refuses leaves the connection disconnected with the reason', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const bad = await env.request('POST', '/api/whatsapp', { token: env.token, body: { name: 'Nope', provider: 'carrier-pigeon' } });
  t.same([bad.status, bad.body.error], [400, 'ERR_UNKNOWN_PROVIDER']);
  const created = await env.request('POST', '/api/whatsapp', {
    token: env.token,
    body: { name: 'Cloud bad token', provider: 'cloud', settings: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: 'expired', appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url } },
  });
  const id = created.body.id;
  t.equal((await Whatsapp.scoped(1).findById(id))!.status, 'DISCONNECTED', 'token refused (190): not connected, no crash loop');
  t.ok(graph.calls.some((c) => c.authorization === 'Bearer expired'), 'the token was tried');
  const shown = await env.request('GET', `/api/whatsapp/${id}`, { token: env.token });
  t.same([shown.body.status, shown.body.statusReason], ['DISCONNECTED', 'ERR_CLOUD_TOKEN_INVALID'], 'the connection says why it is down');
  const listed = await env.request('GET', '/api/whatsapp', { token: env.token });
  t.equal(listed.body.find((c: { id: number }) => c.id === id)?.statusReason, 'ERR_CLOUD_TOKEN_INVALID', 'in the list too');

  // A new token: connected, and the reason is gone.
  await env.request('PUT', `/api/whatsapp-cloud/${id}/settings`, { token: env.token, body: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url } });
  await until(async () => (await Whatsapp.scoped(1).findById(id))?.status === 'CONNECTED', 5000, 'CONNECTED');
  t.equal((await Whatsapp.scoped(1).findById(id))!.statusReason, null, 'no reason once connected');
});

t.test('a Cloud API connection is created with its settings in one step, or not at all', async (t) => {
  const graph = await fakeGraph(t);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const settings = { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: graph.url };
  const create = (name: string, cloud?: Record<string, unknown>) => env.request('POST', '/api/whatsapp', { token: env.token, body: { name, provider: 'cloud', ...(cloud ? { settings: cloud } : {}) } });
  const named = (name: string) => Whatsapp.scoped(1).where({ name }).resultSize();

  const bare = await create('Cloud sem dados');
  t.same([bare.status, bare.body.error, bare.body.field], [400, 'ERR_PROVIDER_SETTINGS_REQUIRED', 'body/settings'], 'no settings: refused');
  t.equal(await named('Cloud sem dados'), 0, 'and no connection is left behind');
  const invalid = await create('Cloud inválida', { ...settings, phoneNumberId: '' });
  t.same([invalid.status, invalid.body.error], [400, 'ERR_VALIDATION'], 'an invalid field: refused');
  t.equal(await named('Cloud inválida'), 0, 'nothing created');
  const noToken = await create('Cloud inválida', { ...settings, accessToken: undefined });
  t.equal(noToken.status, 400, 'a missing field: refused');
  t.equal(await named('Cloud inválida'), 0, 'nothing created');

  // Saved again with the values completed (the form's second try): created, not "a connection with this name already exists".
  const saved = await create('Cloud inválida', settings);
  t.equal(saved.status, 200, 'the completed form creates it');
  const stored = await cloudSettingsRow(env, saved.body.id);
  t.equal(stored?.phoneNumberId, FAKE_PHONE_ID, 'with its settings');
  t.not(stored?.accessToken, FAKE_TOKEN, 'the token sealed at rest');
  await until(async () => (await Whatsapp.scoped(1).findById(saved.body.id))?.status === 'CONNECTED', 5000, 'CONNECTED');
  const shown = await env.request('GET', `/api/whatsapp-cloud/${saved.body.id}/settings`, { token: env.token });
  t.same([shown.body.configured, shown.body.webhookPath], [true, `/api/whatsapp-cloud/${saved.body.id}/webhook`]);

  // Another company's admin cannot read them.
  const other = await env.createTenant('Outra', { useWhatsappCloud: true });
  t.equal((await env.request('GET', `/api/whatsapp-cloud/${saved.body.id}/settings`, { token: other.admin.token })).status, 404);
});

t.test('a connection down for an unreachable Graph API says which address, every placeholder of its text filled', async (t) => {
  const env = await build(t, { config: { allowPrivateUrls: true } });
  // A port nothing listens on: the Graph call fails with ERR_HTTP_NETWORK and its origin.
  const closed = await new Promise<number>((resolve) => { const s = createServer().listen(0, '127.0.0.1', () => { const port = (s.address() as AddressInfo).port; s.close(() => resolve(port)); }); });
  const created = await env.request('POST', '/api/whatsapp', {
    token: env.token,
    body: { name: 'Cloud fora do ar', provider: 'cloud', settings: { phoneNumberId: FAKE_PHONE_ID, wabaId: FAKE_WABA_ID, accessToken: FAKE_TOKEN, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN, baseUrl: `http://127.0.0.1:${closed}` } },
  });
  t.equal(created.status, 200);
  const shown = await until(async () => {
    const r = await env.request('GET', `/api/whatsapp/${created.body.id}`, { token: env.token });
    return r.body.statusReason ? r.body : undefined;
  }, 5000, 'a reason');
  t.same([shown.status, shown.statusReason, shown.statusReasonParams?.origin], ['DISCONNECTED', 'ERR_HTTP_NETWORK', `http://127.0.0.1:${closed}`]);
  const en = (await import('../../../host-web/src/i18n/locales/errors/en.js')).default as { errors: Record<string, string> };
  const named = [...en.errors[shown.statusReason].matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
  t.ok(named.length > 0 && named.every((p) => p in shown.statusReasonParams), `the text's placeholders (${named.join(', ')}) are all given`);
});

t.test('outbound media is uploaded to the Graph media endpoint, then sent by its id with the caption', async (t) => {
  const { graph, env, inbound } = await withInbound(t, 'wamid.M1', 'manda a foto');
  const boundary = 'cloudtestboundary';
  const png = Buffer.from('\x89PNG\r\n\x1a\n fake png');
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="body"\r\n\r\naqui está\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="foto.png"\r\nContent-Type: image/png\r\n\r\n`), png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await env.app.inject({
    method: 'POST', url: `/api/messages/${inbound.ticketId}`, payload,
    headers: { authorization: `Bearer ${env.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  t.equal(res.statusCode, 200);
  await until(() => graph.sent().length === 1, 5000, 'sent');
  const upload = graph.calls.find((c) => c.path === `/${FAKE_VERSION}/${FAKE_PHONE_ID}/media`)!;
  t.match(upload.contentType, /^multipart\/form-data; boundary=/);
  t.ok(upload.body.includes(png), 'the file bytes were uploaded');
  t.ok(upload.body.includes('name="messaging_product"\r\n\r\nwhatsapp'), 'with messaging_product');
  t.same(graph.sent()[0], { messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'image', image: { id: 'up-1', caption: 'aqui está' } });
});

// Issue 28's actions on the official API: a reaction is a message of type "reaction"; a sent message cannot be edited.
t.test('message actions on the Cloud API: a reaction goes to Meta, an edit is refused with the reason', async (t) => {
  const { graph, env, inbound } = await withInbound(t, 'wamid.R1', 'obrigado!');
  await env.request('PUT', `/api/tickets/${inbound.ticketId}`, { token: env.token, body: { status: 'open', userId: 1 } });
  const reacted = await env.request('POST', `/api/messages/react/${inbound.id}`, { token: env.token, body: { emoji: '👍' } });
  t.equal(reacted.status, 200, JSON.stringify(reacted.body));
  await until(() => graph.sent().length === 1, 5000, 'reaction sent');
  t.same(graph.sent()[0], { messaging_product: 'whatsapp', recipient_type: 'individual', to: CUSTOMER, type: 'reaction', reaction: { message_id: 'wamid.R1', emoji: '👍' } });
  const sent = await env.request('POST', `/api/messages/${inbound.ticketId}`, { token: env.token, body: { body: 'de nada' } });
  t.equal(sent.status, 200);
  await until(() => graph.sent().length === 2, 5000, 'text sent');
  const mine = await until(async () => Message.scoped(1).where({ ticketId: inbound.ticketId, fromMe: true }).whereNotNull('providerId').first(), 5000, 'stored with its id');
  const edit = await env.request('POST', `/api/messages/edit/${mine.id}`, { token: env.token, body: { body: 'de nada!' } });
  t.equal(edit.body.error, 'ERR_EDIT_WAPP_MSG', 'the Cloud API cannot edit: said so, and the message is unchanged');
  t.equal((await Message.scoped(1).findById(mine.id))!.body, 'de nada');
});

t.test('a provider a plugin registers through sdk.providers drives its connections like a built-in one', async (t) => {
  const env = await build(t);
  const started: number[] = [];
  const received: unknown[] = [];
  env.app.atrium.providers.register('probe', {
    create: (ctx) => ({
      async start() { started.push(ctx.whatsappId); await ctx.events.onStatus('CONNECTED', { number: '5511000000001' }); },
      async requestNewQr() {}, async stop() {},
      async send() { return { providerId: `probe-${Date.now()}`, ack: 1 }; },
      async deleteMessage() {}, async editMessage() {}, async react() {},
      async checkNumber(n: string) { return { exists: true, number: n }; }, async profilePictureUrl() { return undefined; },
      async receive(text: string) {
        received.push(text);
        await ctx.events.onMessage({ providerId: 'probe-in-1', from: '5511912340000', fromMe: false, isGroup: false, kind: 'text', body: text, timestamp: new Date() });
      },
    }),
    capabilities: BUILT_IN_CAPABILITIES.sandbox,
    beforeSend: ({ to }) => { if (to.endsWith('0000')) throw new AppError('ERR_OUTSIDE_SERVICE_WINDOW', 400, 'closed'); },
    operations: { deliver: async (provider, [text]) => (provider as unknown as { receive(t: string): Promise<void> }).receive(text as string) },
  });
  t.throws(() => env.app.atrium.providers.register('probe', { create: () => { throw new Error('x'); }, capabilities: BUILT_IN_CAPABILITIES.sandbox }), /already registered/, 'a kind is registered once');
  t.throws(() => env.app.atrium.providers.register('sandbox', { create: () => { throw new Error('x'); }, capabilities: BUILT_IN_CAPABILITIES.sandbox }), /already registered/, 'a built-in kind cannot be taken');

  const created = await env.request('POST', '/api/whatsapp', { token: env.token, body: { name: 'Probe channel', provider: 'probe' } });
  t.equal(created.status, 200, 'POST /whatsapp takes the registered kind');
  await until(async () => (await Whatsapp.scoped(1).findById(created.body.id))?.status === 'CONNECTED', 5000, 'CONNECTED');
  t.same(started, [created.body.id]);
  await env.app.atrium.providers.run(created.body.id, 'probe.deliver', ['hello from the probe']);
  const message = await until(async () => Message.scoped(1).where({ whatsappId: created.body.id, providerId: 'probe-in-1' }).first(), 5000, 'stored');
  t.equal(message.body, 'hello from the probe', 'its messages reach the pipeline');
  const refused = await env.request('POST', `/api/messages/${message.ticketId}`, { token: env.token, body: { body: 'hi' } });
  t.same([refused.status, refused.body.error], [400, 'ERR_OUTSIDE_SERVICE_WINDOW'], 'its beforeSend rule refuses before storing');
  t.equal(await Message.scoped(1).where({ ticketId: message.ticketId, fromMe: true }).resultSize(), 0);
});
