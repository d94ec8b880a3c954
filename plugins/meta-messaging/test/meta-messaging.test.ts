import t from 'tap';
import { toDbTime } from '../../../core/src/db/time.js';
import { multipart } from '../../../core/test/contacts/multipart.js';
import { graphError } from '../src/graph.js';
import { APP_SECRET, connect, deliver, deliveryOf, IGSID, inboundOf, messageEvent, PAGE, post, PSID, setup, sign, until, VERIFY_TOKEN } from './meta-env.js';
import type { TestApp } from '../../../core/test/helper.js';
import type { MessagesService } from '../../../core/src/sdk/index.js';

const HOUR = 3600_000;

/** Puts the person's last message `ms` in the past: the core's history (the pre-send rule) and the plugin's thread (the messaging type). */
async function lastWroteAgo(env: TestApp, companyId: number, whatsappId: number, ms: number) {
  const at = new Date(Date.now() - ms);
  await env.app.knex('messages').where({ companyId, whatsappId, fromMe: false }).update({ createdAt: toDbTime(at) });
  await env.app.knex('metaThreads').where({ companyId, whatsappId }).update({ lastInboundAt: at.getTime() });
}

t.test('the settings door: required settings, the Instagram account for its kind, secrets sealed and masked, the plan flag; both kinds listed with their capabilities', async (t) => {
  const { env, tenant } = await setup(t);
  const token = tenant.admin.token;
  const missing = await env.request('POST', '/api/whatsapp', { token, body: { name: 'Page', provider: 'messenger' } });
  t.same([missing.status, missing.body.error], [400, 'ERR_PROVIDER_SETTINGS_REQUIRED']);
  const noAccount = await env.request('POST', '/api/whatsapp', {
    token, body: { name: 'IG', provider: 'instagram', settings: { pageId: PAGE.pageId, pageAccessToken: PAGE.token, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } },
  });
  t.same([noAccount.status, noAccount.body.error, noAccount.body.field], [400, 'ERR_VALIDATION', 'body/settings/instagramId'], 'the Instagram kind needs its account id');

  const hook = await connect(env, token, 'messenger');
  const row = await env.app.knex('metaPages').where({ whatsappId: hook.id }).first();
  for (const [column, clear] of [['pageAccessToken', PAGE.token], ['appSecret', APP_SECRET], ['verifyToken', VERIFY_TOKEN]]) {
    t.match(row[column], /^enc:v1:/, `${column} sealed`);
    t.notOk(String(row[column]).includes(clear));
  }
  const view = await env.request('GET', `/api/meta-messaging/connections/${hook.id}`, { token });
  t.equal(view.status, 200);
  t.not(view.body.pageAccessToken, PAGE.token, 'masked on read');
  t.not(view.body.appSecret, APP_SECRET);
  t.match(view.body.webhookUrl, /\/api\/meta-messaging\/webhook\/[a-f0-9]{32}$/, 'one webhook per connection');
  const kept = await env.request('PUT', `/api/whatsapp/${hook.id}`, { token, body: { settings: { pageId: PAGE.pageId, pageAccessToken: view.body.pageAccessToken, appSecret: view.body.appSecret, verifyToken: view.body.verifyToken } } });
  t.equal(kept.status, 200, JSON.stringify(kept.body));
  t.equal((await env.app.knex('metaPages').where({ whatsappId: hook.id }).first()).pageAccessToken, row.pageAccessToken, 'the masks sent back keep the secrets');
  const user = await env.createUser(tenant.companyId);
  t.equal((await env.request('GET', `/api/meta-messaging/connections/${hook.id}`, { token: user.token })).status, 403, 'admins only');

  const providers = await env.request('GET', '/api/providers', { token });
  const byKind = Object.fromEntries((providers.body as Array<{ kind: string }>).map((p) => [p.kind, p])) as unknown as Record<string, { icon: string; capabilities: Record<string, unknown>; available: boolean }>;
  t.match(byKind.messenger, { icon: 'pi pi-facebook', available: true, capabilities: { addressing: 'opaque', serviceWindow: { hours: 24, rule: 'human-agent-tag' }, startConversation: false, templates: false } });
  t.match(byKind.instagram, { icon: 'pi pi-instagram', capabilities: { addressing: 'opaque', serviceWindow: { hours: 24, rule: 'human-agent-tag' } } });

  const noPlan = await env.createTenant('No Meta Co', {});
  const refused = await env.request('POST', '/api/whatsapp', { token: noPlan.admin.token, body: { name: 'Page', provider: 'messenger', settings: { pageId: PAGE.pageId, pageAccessToken: PAGE.token, appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } } });
  t.same([refused.status, refused.body.error], [403, 'ERR_PLAN_FEATURE_DISABLED'], 'a plan without useMetaMessaging makes no such connection');
});

t.test('the webhook: verification by the verify token; unsigned or wrongly signed deliveries refused, nothing stored; a redelivery stored once', async (t) => {
  const { env, tenant } = await setup(t);
  const hook = await connect(env, tenant.admin.token, 'messenger');
  const verify = (query: Record<string, string>, path = hook.path) => env.app.inject({ method: 'GET', url: path, query });
  const ok = await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '987654321' });
  t.same([ok.statusCode, ok.body], [200, '987654321'], 'the challenge back as plain text');
  t.match(ok.headers['content-type'], /text\/plain/);
  t.equal((await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': 'nope', 'hub.challenge': '1' })).statusCode, 403);
  t.equal((await verify({ 'hub.mode': 'subscribe', 'hub.challenge': '1' })).statusCode, 403, 'no token');
  t.equal((await verify({ 'hub.mode': 'subscribe', 'hub.verify_token': VERIFY_TOKEN, 'hub.challenge': '1' }, hook.path.replace(/[a-f0-9]{4}$/, '0000'))).statusCode, 403, 'an unknown webhook');

  const event = messageEvent(hook, { text: 'Olá, preciso de ajuda' });
  const raw = deliveryOf('messenger', [event]);
  t.equal((await post(env, hook, raw, '')).status, 401, 'no signature');
  t.equal((await post(env, hook, raw, sign(raw, 'another-secret'))).status, 401, 'another secret');
  t.equal((await post(env, hook, ` ${raw}`, sign(raw))).status, 401, 'other bytes');
  t.equal((await inboundOf(env, tenant.companyId)).length, 0, 'nothing stored');
  t.equal((await env.app.knex('contacts').where({ companyId: tenant.companyId, number: `messenger:${PSID}` })).length, 0, 'no contact either');

  t.same(await post(env, hook, raw), { status: 200, body: { received: true } });
  t.same((await post(env, hook, raw)).status, 200, 'a redelivery is answered');
  const stored = await until(async () => (await inboundOf(env, tenant.companyId))[0], 'stored');
  t.equal(stored.providerId, event.message.mid, 'keyed by mid');
  t.equal((await inboundOf(env, tenant.companyId)).length, 1, 'stored once');
  const contact = await env.app.knex('contacts').where({ companyId: tenant.companyId, number: `messenger:${PSID}` }).first();
  t.ok(contact, 'a contact keyed by its page-scoped id');
  t.same(await env.app.knex('contactIdentities').where({ companyId: tenant.companyId, contactId: contact.id }).select('kind', 'address'), [{ kind: 'messenger', address: PSID }]);
  t.equal((await env.app.knex('tickets').where({ companyId: tenant.companyId, contactId: contact.id })).length, 1, 'a ticket');

  const other = deliveryOf('instagram', [messageEvent({ kind: 'instagram' }, { text: 'wrong object' })]);
  t.equal((await post(env, hook, other)).status, 200, 'another platform\'s delivery is answered');
  t.equal((await inboundOf(env, tenant.companyId)).length, 1, 'and not read on a Messenger connection');
});

t.test('each inbound kind: text, quick reply, attachments, postback, reaction, receipts; Instagram story replies and mentions', async (t) => {
  const { graph, env, tenant } = await setup(t);
  const companyId = tenant.companyId;
  const hook = await connect(env, tenant.admin.token, 'messenger');
  const first = messageEvent(hook, { text: 'oi' });
  await deliver(env, hook, [first]);
  const photo = graph.addFile('photo-1.jpg', Buffer.from('jpeg bytes'));
  const doc = graph.addFile('invoice.pdf', Buffer.from('%PDF fake'));
  await deliver(env, hook, [
    messageEvent(hook, { text: 'Sim', quick_reply: { payload: 'YES' } }),
    messageEvent(hook, { attachments: [{ type: 'image', payload: { url: photo } }, { type: 'file', payload: { url: doc } }] }),
    messageEvent(hook, { text: 'about that', reply_to: { mid: first.message.mid } }),
    { sender: { id: PSID }, recipient: { id: PAGE.pageId }, timestamp: Date.now(), postback: { mid: 'm_postback_1', title: 'Falar com atendente', payload: 'HUMAN' } },
    { sender: { id: PSID }, recipient: { id: PAGE.pageId }, timestamp: Date.now(), reaction: { mid: first.message.mid, action: 'react', reaction: 'love', emoji: '❤' } },
  ]);
  const rows = await until(async () => { const r = await inboundOf(env, companyId); return r.length >= 6 ? r : undefined; }, 'six messages');
  const byBody = (body: string) => rows.find((m: { body: string }) => m.body === body);
  t.same(JSON.parse(byBody('Sim')?.data ?? '{}'), { quickReply: 'YES' }, 'a quick reply keeps its payload');
  const image = rows.find((m: { mediaType: string }) => m.mediaType === 'image');
  t.ok(image?.mediaUrl, 'the image was downloaded and stored');
  const file = rows.find((m: { mediaType: string }) => m.mediaType === 'application');
  t.equal(file?.mediaName, 'invoice.pdf', 'the file with its name');
  t.equal(byBody('about that')?.quotedMsgId, byBody('oi')?.id, 'a reply quotes its message');
  t.ok(byBody('Falar com atendente'), 'a postback arrives as its title');
  t.equal((await env.app.knex('messages').where({ providerId: first.message.mid }).first()).reaction, '❤', 'a reaction is kept on its message');

  // Receipts: the reply is delivered (by mid), then read (Messenger's watermark).
  const ticketId = byBody('oi').ticketId;
  const sent = await env.request('POST', `/api/messages/${ticketId}`, { token: tenant.admin.token, body: { body: 'Olá!' } });
  t.equal(sent.status, 200, JSON.stringify(sent.body));
  const out = await until(async () => (await env.app.knex('messages').where({ companyId, fromMe: true }).whereNotNull('providerId').first()), 'sent');
  await deliver(env, hook, [{ sender: { id: PSID }, recipient: { id: PAGE.pageId }, timestamp: Date.now(), delivery: { mids: [out.providerId], watermark: Date.now() } }]);
  await until(async () => (await env.app.knex('messages').where({ id: out.id }).first()).ack === 3, 'delivered');
  await deliver(env, hook, [{ sender: { id: PSID }, recipient: { id: PAGE.pageId }, timestamp: Date.now(), read: { watermark: Date.now() + 1000 } }]);
  await until(async () => (await env.app.knex('messages').where({ id: out.id }).first()).ack === 4, 'read');
  t.pass('delivery and read receipts become acks');

  const ig = await connect(env, tenant.admin.token, 'instagram');
  const story = graph.addFile('story-1.jpg', Buffer.from('story bytes'));
  await deliver(env, ig, [
    messageEvent(ig, { text: 'Adorei!', reply_to: { story: { id: '1799', url: story } } }),
    messageEvent(ig, { attachments: [{ type: 'story_mention', payload: { url: story } }] }),
  ]);
  const igRows = await until(async () => { const r = await env.app.knex('messages').where({ companyId, whatsappId: ig.id, fromMe: false }).orderBy('id'); return r.length >= 2 ? r : undefined; }, 'instagram messages');
  t.same(JSON.parse(igRows[0].data).storyReply, { id: '1799', url: story }, 'a story reply names the story');
  t.equal(igRows[1].mediaType, 'image', 'a story mention arrives as its picture');
  t.ok(JSON.parse(igRows[1].data).storyMention);
  const igContact = await env.app.knex('contacts').where({ companyId, number: `instagram:${IGSID}` }).first();
  t.ok(igContact, 'an Instagram-scoped identity');
});

t.test('outbound and the windows: RESPONSE inside 24 h, HUMAN_AGENT for a person up to 7 days, bots refused there, everything refused beyond', async (t) => {
  const { graph, env, tenant } = await setup(t);
  const companyId = tenant.companyId;
  const token = tenant.admin.token;
  const hook = await connect(env, token, 'messenger');
  const first = messageEvent(hook, { text: 'preciso de ajuda' });
  await deliver(env, hook, [first]);
  const inbound = await until(async () => (await inboundOf(env, companyId))[0], 'inbound');
  const ticketId = inbound.ticketId as number;

  const reply = await env.request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'Olá! Como posso ajudar?', quotedMsg: { id: inbound.id } } });
  t.equal(reply.status, 200, JSON.stringify(reply.body));
  const call = await until(async () => graph.sends.at(-1), 'send');
  t.same(call.json, { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Olá! Como posso ajudar?', reply_to: { mid: first.message.mid } } }, 'a response within 24 hours, to the PSID');
  t.equal(call.token, PAGE.token, 'with the page access token');

  const png = Buffer.from('\x89PNG\r\n\x1a\n fake png');
  const { payload, headers } = multipart({ body: '' }, [{ field: 'medias', filename: 'foto.png', content: png, mimetype: 'image/png' }]);
  const media = await env.app.inject({ method: 'POST', url: `/api/messages/${ticketId}`, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
  t.equal(media.statusCode, 200, media.body);
  const upload = await until(async () => graph.sends.find((s) => s.contentType.startsWith('multipart/')), 'upload');
  t.ok(upload.raw.includes(png), 'the file bytes as filedata');
  t.ok(upload.raw.includes('"type":"image"'), 'as an image attachment');
  t.ok(upload.raw.includes('name="messaging_type"\r\n\r\nRESPONSE'));

  await lastWroteAgo(env, companyId, hook.id, 30 * HOUR);
  const before = graph.sends.length;
  const { messages } = env.app.atrium.services as unknown as { messages: MessagesService };
  const bot = messages.send({ companyId, ticket: { id: ticketId }, body: 'automatic follow-up' });
  await t.rejects(bot, { code: 'ERR_META_HUMAN_AGENT_ONLY' }, 'the automation may not write after 24 hours');
  const late = await env.request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'Desculpe a demora' } });
  t.equal(late.status, 200, JSON.stringify(late.body));
  const tagged = await until(async () => graph.sends.find((s, i) => i >= before && s.json?.message && (s.json.message as { text?: string }).text === 'Desculpe a demora'), 'tagged send');
  t.match(tagged.json, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }, 'a person\'s message after 24 hours is tagged HUMAN_AGENT');
  t.notOk(graph.sends.some((s) => (s.json?.message as { text?: string } | undefined)?.text === 'automatic follow-up'), 'the bot\'s never reached Meta');

  await lastWroteAgo(env, companyId, hook.id, 8 * 24 * HOUR);
  const count = (await env.app.knex('messages').where({ companyId, fromMe: true })).length;
  const sendsBefore = graph.sends.length;
  const closed = await env.request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'Ainda está aí?' } });
  t.same([closed.status, closed.body.error], [400, 'ERR_META_WINDOW_CLOSED'], 'beyond 7 days the send is refused with a clear code');
  t.equal((await env.app.knex('messages').where({ companyId, fromMe: true })).length, count, 'nothing stored');
  t.equal(graph.sends.length, sendsBefore, 'nothing sent');
});

t.test('Meta\'s errors: a revoked token disconnects, a rate limit waits, an unreachable person fails the message', async (t) => {
  const { graph, env, tenant } = await setup(t);
  const companyId = tenant.companyId;
  const token = tenant.admin.token;
  const hook = await connect(env, token, 'messenger');
  await deliver(env, hook, [messageEvent(hook, { text: 'oi' })]);
  const ticketId = (await until(async () => (await inboundOf(env, companyId))[0], 'inbound')).ticketId;
  const sendAndWait = async (body: string) => {
    const res = await env.request('POST', `/api/messages/${ticketId}`, { token, body: { body } });
    t.equal(res.status, 200);
    await until(async () => graph.sends.some((s) => (s.json?.message as { text?: string } | undefined)?.text === body), `${body} reached the fake`);
    return until(async () => { const m = await env.app.knex('messages').where({ companyId, body }).first(); return m?.status !== 'sending' || m.error !== null ? m : (await new Promise((r) => setTimeout(r, 300)), m); }, body);
  };
  graph.failNext(400, { error: { code: 551, error_subcode: 1545041, message: 'This person isn\'t available right now.' } });
  const unavailable = await sendAndWait('para ninguém');
  t.equal(unavailable.status, 'failed');
  t.match(unavailable.error, /^ERR_META_RECIPIENT_UNAVAILABLE/);

  graph.failNext(400, { error: { code: 613, message: 'Calls to this api have exceeded the rate limit.' } });
  const limited = await sendAndWait('devagar');
  t.equal(limited.status, 'sending', 'a rate-limited send waits for the core\'s redelivery');

  graph.failNext(401, { error: { code: 190, message: 'Error validating access token' } });
  const revoked = await sendAndWait('sem token');
  t.equal(revoked.status, 'failed');
  const conn = await until(async () => { const r = await env.request('GET', `/api/whatsapp/${hook.id}`, { token }); return r.body.status === 'DISCONNECTED' ? r.body : undefined; }, 'DISCONNECTED');
  t.equal(conn.statusReason, 'ERR_META_TOKEN_INVALID', 'the connection says why');
});

t.test('the error map', async (t) => {
  const { AppError } = await import('../../../core/src/http/errors.js');
  const errors = { AppError } as never;
  const codeOf = (status: number, error: Record<string, unknown>) => graphError(errors, status, { error }).code;
  t.equal(codeOf(401, { code: 190 }), 'ERR_META_TOKEN_INVALID');
  t.equal(codeOf(400, { code: 613 }), 'ERR_META_RATE_LIMIT');
  t.equal(codeOf(429, {}), 'ERR_META_RATE_LIMIT');
  t.equal(graphError(errors, 400, { error: { code: 4 } }).statusCode, 429, 'a rate limit is a 429 (the core\'s sender waits)');
  t.equal(codeOf(400, { code: 10, error_subcode: 2018278 }), 'ERR_META_WINDOW_CLOSED');
  t.equal(codeOf(400, { code: 551 }), 'ERR_META_RECIPIENT_UNAVAILABLE');
  t.equal(codeOf(500, { code: 2 }), 'ERR_META_API');
});

t.test('a new person is named from Meta\'s user profile (Messenger: first and last name; Instagram: name, else username); without one, by the id', async (t) => {
  const { graph, env, tenant } = await setup(t);
  const messenger = await connect(env, tenant.admin.token, 'messenger');
  const instagram = await connect(env, tenant.admin.token, 'instagram');
  graph.addPerson(PSID, { first_name: 'Ana', last_name: 'Souza' });
  graph.addPerson(IGSID, { name: '', username: 'bia.insta' });
  t.equal((await deliver(env, messenger, [messageEvent(messenger, { text: 'Oi' })])).status, 200);
  t.equal((await deliver(env, instagram, [messageEvent(instagram, { text: 'Oi do Instagram' })])).status, 200);
  const nameOf = (number: string) => until(async () => (await env.app.knex('contacts').where({ companyId: tenant.companyId, number }).first())?.name, number);
  t.equal(await nameOf(`messenger:${PSID}`), 'Ana Souza');
  t.equal(await nameOf(`instagram:${IGSID}`), 'bia.insta');

  const stranger = '6009998887776';
  t.equal((await deliver(env, messenger, [{ ...messageEvent(messenger, { text: 'Oi' }), sender: { id: stranger } }])).status, 200);
  t.equal(await nameOf(`messenger:${stranger}`), `messenger:${stranger}`, 'Meta telling no name leaves the id');
});
