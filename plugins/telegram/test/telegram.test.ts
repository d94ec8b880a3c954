import t, { type Test } from 'tap';
import { build, type TestApp } from '../../../core/test/helper.js';
import { multipart } from '../../../core/test/contacts/multipart.js';
import { fakeBotApi, type FakeBot } from './fake-bot-api.js';

const BOT: FakeBot = { token: '123456789:AAFakeTokenForTheShopBot_abcdefgh', id: 123456789, username: 'shop_bot' };
const CHAT = 55501;

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function setup(t: Test) {
  const api = await fakeBotApi(t, [BOT]);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const tenant = await env.createTenant('Telegram Co', { useTelegram: true });
  return { api, env, tenant };
}

/** A telegram connection of the tenant, CONNECTED, with its webhook path and secret as setWebhook received them. */
async function connect(env: TestApp, api: Awaited<ReturnType<typeof fakeBotApi>>, token: string) {
  const res = await env.request('POST', '/api/whatsapp', { token, body: { name: `Bot ${api.calls.length}`, provider: 'telegram', settings: { botToken: BOT.token } } });
  if (res.status !== 200) throw new Error(`not created: ${JSON.stringify(res.body)}`);
  const hook = api.of('setWebhook').at(-1)!.json!;
  await until(async () => (await env.request('GET', `/api/whatsapp/${res.body.id}`, { token })).body.status === 'CONNECTED', 'CONNECTED');
  return { id: res.body.id as number, path: new URL(String(hook.url)).pathname, secret: String(hook.secret_token) };
}

let updateId = 1;
const message = (fields: Record<string, unknown>, chat = CHAT) => ({
  update_id: updateId++,
  message: { message_id: updateId * 10, date: Math.floor(Date.now() / 1000), chat: { id: chat, type: 'private', first_name: 'Ana', last_name: 'Lima' }, from: { id: chat, first_name: 'Ana' }, ...fields },
});

function deliver(env: TestApp, hook: { path: string; secret: string }, update: unknown, secret = hook.secret) {
  return env.request('POST', hook.path, { body: update, headers: secret ? { 'x-telegram-bot-api-secret-token': secret } : {} });
}

const messagesOf = (env: TestApp, companyId: number) => env.app.knex('messages').where({ companyId }).orderBy('id');

t.test('the settings door: a token is required, checked with Telegram, stored sealed and shown masked; the webhook is set with a secret', async (t) => {
  const { api, env, tenant } = await setup(t);
  const token = tenant.admin.token;
  const missing = await env.request('POST', '/api/whatsapp', { token, body: { name: 'Bot', provider: 'telegram' } });
  t.same([missing.status, missing.body.error], [400, 'ERR_PROVIDER_SETTINGS_REQUIRED']);
  const malformed = await env.request('POST', '/api/whatsapp', { token, body: { name: 'Bot', provider: 'telegram', settings: { botToken: 'not a token' } } });
  t.same([malformed.status, malformed.body.error, malformed.body.field], [400, 'ERR_VALIDATION', 'body/settings/botToken']);
  const refused = await env.request('POST', '/api/whatsapp', { token, body: { name: 'Bot', provider: 'telegram', settings: { botToken: '999999:AAUnknownTokenUnknownTokenXX' } } });
  t.same([refused.status, refused.body.error], [400, 'ERR_TELEGRAM_TOKEN_INVALID'], 'a token Telegram refuses is a clear error');
  t.equal((await env.app.knex('whatsapps').where({ companyId: tenant.companyId, provider: 'telegram' })).length, 0, 'and no connection');

  const hook = await connect(env, api, token);
  const set = api.of('setWebhook').at(-1)!.json!;
  t.match(String(set.url), /\/api\/telegram\/webhook\/[a-f0-9]{32}$/, 'the webhook is the plugin\'s public route for this connection');
  t.match(hook.secret, /^[A-Za-z0-9_-]{20,256}$/, 'with a secret token in Telegram\'s alphabet');
  t.same(set.allowed_updates, ['message', 'edited_message', 'message_reaction']);
  const row = await env.app.knex('telegramBots').where({ whatsappId: hook.id }).first();
  t.notOk(row.botToken.includes(BOT.token) || row.secretToken.includes(hook.secret), 'the token and the secret are stored sealed');
  t.equal(row.botUsername, 'shop_bot');

  const shown = await env.request('GET', `/api/telegram/connections/${hook.id}`, { token });
  t.equal(shown.status, 200);
  t.not(shown.body.botToken, BOT.token, 'masked on read');
  t.match(shown.body.botToken, /…[A-Za-z0-9_-]{4}$/);
  t.equal(new URL(shown.body.webhookUrl).pathname, hook.path);
  const kept = await env.request('PUT', `/api/whatsapp/${hook.id}`, { token, body: { settings: { botToken: shown.body.botToken } } });
  t.equal(kept.status, 200, 'the mask sent back keeps the token');
  t.equal((await env.app.knex('telegramBots').where({ whatsappId: hook.id }).first()).botToken, row.botToken);
  const user = await env.createUser(tenant.companyId);
  t.equal((await env.request('GET', `/api/telegram/connections/${hook.id}`, { token: user.token })).status, 403, 'admins only');
});

t.test('a bad token at start leaves the connection DISCONNECTED with the reason', async (t) => {
  const { api, env, tenant } = await setup(t);
  const hook = await connect(env, api, tenant.admin.token);
  await env.app.knex('telegramBots').where({ whatsappId: hook.id }).update({ botToken: env.app.atrium.secrets.encrypt('42424242:AARevokedTokenRevokedTokenRevoked') });
  await env.request('PUT', `/api/whatsappsession/${hook.id}`, { token: tenant.admin.token });
  const shown = await until(async () => {
    const r = await env.request('GET', `/api/whatsapp/${hook.id}`, { token: tenant.admin.token });
    return r.body.status === 'DISCONNECTED' ? r.body : undefined;
  }, 'DISCONNECTED');
  t.equal(shown.statusReason, 'ERR_TELEGRAM_TOKEN_INVALID');
});

t.test('the webhook refuses a missing or wrong secret token (401, nothing stored) and takes each update once', async (t) => {
  const { api, env, tenant } = await setup(t);
  const hook = await connect(env, api, tenant.admin.token);
  const update = message({ text: 'olá' });
  t.equal((await deliver(env, hook, update, '')).status, 401, 'no header');
  const wrong = await deliver(env, hook, update, `${hook.secret.slice(0, -1)}x`);
  t.same([wrong.status, wrong.body.error], [401, 'ERR_INVALID_WEBHOOK_TOKEN'], 'a wrong one');
  t.equal((await deliver(env, { ...hook, path: hook.path.replace(/[a-f0-9]{4}$/, '0000') }, update)).status, 401, 'an unknown webhook');
  t.equal((await messagesOf(env, tenant.companyId)).length, 0, 'nothing stored');
  t.equal((await env.app.knex('telegramUpdates')).length, 0);

  t.equal((await deliver(env, hook, update)).status, 200);
  t.equal((await deliver(env, hook, update)).status, 200, 'a redelivery is answered');
  t.equal((await deliver(env, hook, { ...update, update_id: updateId++ })).status, 200, 'the same message under another update id');
  const stored = await messagesOf(env, tenant.companyId);
  t.equal(stored.filter((m: { fromMe: unknown }) => !m.fromMe).length, 1, 'stored once');
  t.equal(stored[0].providerId, `${CHAT}:${update.message.message_id}`);
});

t.test('each inbound kind: text with /start payload, photo, document, voice, location, contact, reply, edit, reaction', async (t) => {
  const { api, env, tenant } = await setup(t);
  const hook = await connect(env, api, tenant.admin.token);
  const companyId = tenant.companyId;
  const start = message({ text: '/start promo-2026' });
  await deliver(env, hook, start);
  const contact = await env.app.knex('contacts').where({ companyId, number: `telegram:${CHAT}` }).first();
  t.ok(contact, 'a contact keyed by its chat, not a phone number');
  t.equal(contact.name, 'Ana Lima');
  t.same(await env.app.knex('contactIdentities').where({ companyId, contactId: contact.id }).select('kind', 'address'), [{ kind: 'telegram', address: String(CHAT) }]);
  t.equal((await env.app.knex('contactCustomFields').where({ contactId: contact.id, name: 'telegramStart' }).first())?.value, 'promo-2026', 'the deep-link payload is on the contact');

  api.addFile('photo-big', Buffer.from('jpeg bytes'));
  api.addFile('doc-1', Buffer.from('%PDF fake'));
  api.addFile('voice-1', Buffer.from('OggS voice'));
  await deliver(env, hook, message({ photo: [{ file_id: 'photo-small', file_size: 10 }, { file_id: 'photo-big', file_size: 100 }], caption: 'my order' }));
  await deliver(env, hook, message({ document: { file_id: 'doc-1', file_name: 'invoice.pdf', mime_type: 'application/pdf' } }));
  await deliver(env, hook, message({ voice: { file_id: 'voice-1', mime_type: 'audio/ogg', duration: 2 } }));
  await deliver(env, hook, message({ location: { latitude: -23.55, longitude: -46.63 } }));
  await deliver(env, hook, message({ contact: { phone_number: '+5511999990000', first_name: 'Bruno' } }));
  const replied = message({ text: 'about that photo', reply_to_message: { message_id: start.message.message_id } });
  await deliver(env, hook, replied);

  const rows = await messagesOf(env, companyId);
  const byBody = (body: string) => rows.find((m: { body: string }) => m.body === body);
  t.equal(byBody('my order')?.mediaType, 'image');
  t.match(byBody('my order')?.mediaUrl, /\.|\//, 'the largest photo was fetched (getFile) and stored');
  t.ok(api.of('getFile').some((c) => c.json?.file_id === 'photo-big'));
  const doc = rows.find((m: { mediaName: string }) => m.mediaName === 'invoice.pdf');
  t.equal(doc?.mediaType, 'application', 'the document, typed by its media type');
  t.ok(rows.some((m: { mediaType: string }) => m.mediaType === 'audio'), 'the voice note');
  t.equal(byBody('-23.55,-46.63')?.mediaType, 'locationMessage');
  t.equal(byBody('Bruno')?.mediaType, 'vcard');
  const quoted = byBody('about that photo');
  t.equal(quoted?.quotedMsgId, byBody('/start promo-2026')?.id, 'a reply quotes the message it answers');

  await deliver(env, hook, { update_id: updateId++, edited_message: { ...replied.message, text: 'about that photo, please' } });
  const edited = await env.app.knex('messages').where({ id: quoted.id }).first();
  t.equal(edited.body, 'about that photo, please', 'an edit changes the message');
  t.ok(edited.isEdited);
  await deliver(env, hook, { update_id: updateId++, message_reaction: { chat: { id: CHAT, type: 'private' }, message_id: replied.message.message_id, date: 1, new_reaction: [{ type: 'emoji', emoji: '👍' }] } });
  t.equal((await env.app.knex('messages').where({ id: quoted.id }).first()).reaction, '👍', 'a reaction is kept on its message');
  t.equal((await env.app.knex('tickets').where({ companyId, contactId: contact.id })).length, 1, 'one conversation');
});

t.test('outbound: text, reply, media (multipart), edit, delete and reaction go to the chat', async (t) => {
  const { api, env, tenant } = await setup(t);
  const hook = await connect(env, api, tenant.admin.token);
  const token = tenant.admin.token;
  const first = message({ text: 'preciso de ajuda' });
  await deliver(env, hook, first);
  const inbound = (await messagesOf(env, tenant.companyId))[0];

  const posted = await env.request('POST', `/api/messages/${inbound.ticketId}`, { token, body: { body: 'Olá! Como posso ajudar?', quotedMsg: { id: inbound.id } } });
  t.equal(posted.status, 200, JSON.stringify(posted.body));
  const sent = { body: posted.body.messages[0] as { id: number } };
  const text = await until(async () => api.of('sendMessage').at(-1), 'sendMessage');
  t.equal(String(text.json!.chat_id), String(CHAT), 'to the chat id');
  t.equal(text.json!.text, 'Olá! Como posso ajudar?');
  t.same(text.json!.reply_parameters, { message_id: first.message.message_id, allow_sending_without_reply: true }, 'a reply names the message it answers');
  const out = await until(async () => (await env.app.knex('messages').where({ id: sent.body.id }).first())?.providerId, 'the sent id');
  t.match(out, new RegExp(`^${CHAT}:\\d+$`));

  const png = Buffer.from('\x89PNG\r\n\x1a\n fake png');
  const { payload, headers } = multipart({ body: 'aqui está' }, [{ field: 'medias', filename: 'foto.png', content: png, mimetype: 'image/png' }]);
  const media = await env.app.inject({ method: 'POST', url: `/api/messages/${inbound.ticketId}`, payload, headers: { authorization: `Bearer ${token}`, ...headers } });
  t.equal(media.statusCode, 200, media.body);
  const photo = await until(async () => api.of('sendPhoto').at(-1), 'sendPhoto');
  t.match(photo.contentType, /^multipart\/form-data; boundary=/);
  t.ok(photo.raw.includes(png), 'the file bytes');
  t.ok(photo.raw.includes(`name="chat_id"\r\n\r\n${CHAT}`), 'to the chat');
  t.ok(photo.raw.includes('name="caption"\r\n\r\naqui está'), 'with the caption');

  const edit = await env.request('POST', `/api/messages/edit/${sent.body.id}`, { token, body: { body: 'Olá! Em que posso ajudar?' } });
  t.equal(edit.status, 200, JSON.stringify(edit.body));
  t.same(api.of('editMessageText').at(-1)!.json, { chat_id: String(CHAT), message_id: Number(out.split(':')[1]), text: 'Olá! Em que posso ajudar?' });
  const react = await env.request('POST', `/api/messages/react/${inbound.id}`, { token, body: { emoji: '❤' } });
  t.equal(react.status, 200, JSON.stringify(react.body));
  t.same(api.of('setMessageReaction').at(-1)!.json, { chat_id: String(CHAT), message_id: first.message.message_id, reaction: [{ type: 'emoji', emoji: '❤' }] });
  const del = await env.request('DELETE', `/api/messages/${sent.body.id}`, { token });
  t.equal(del.status, 200, JSON.stringify(del.body));
  t.same(api.of('deleteMessage').at(-1)!.json, { chat_id: String(CHAT), message_id: Number(out.split(':')[1]) });
});

t.test('two companies with the same bot: separate webhooks and secrets, separate contacts, neither sees the other\'s', async (t) => {
  const { api, env, tenant } = await setup(t);
  const other = await env.createTenant('Other Telegram Co', { useTelegram: true });
  const mine = await connect(env, api, tenant.admin.token);
  const theirs = await connect(env, api, other.admin.token);
  t.not(mine.path, theirs.path);
  t.not(mine.secret, theirs.secret);
  t.equal((await deliver(env, mine, message({ text: 'to company A' }), theirs.secret)).status, 401, 'one company\'s secret does not open the other\'s webhook');
  await deliver(env, mine, message({ text: 'to company A' }));
  await deliver(env, theirs, message({ text: 'to company B' }));
  const a = await messagesOf(env, tenant.companyId);
  const b = await messagesOf(env, other.companyId);
  t.same(a.filter((m: { fromMe: unknown }) => !m.fromMe).map((m: { body: string }) => m.body), ['to company A']);
  t.same(b.filter((m: { fromMe: unknown }) => !m.fromMe).map((m: { body: string }) => m.body), ['to company B']);
  t.not(a[0].contactId, b[0].contactId, 'a contact per company for the same chat');
  const peek = await env.request('GET', `/api/telegram/connections/${mine.id}`, { token: other.admin.token });
  t.same([peek.status, peek.body.error], [404, 'ERR_NO_WAPP_FOUND'], 'another company\'s connection is not found');
  const noPlan = await env.createTenant('No Telegram Co', {});
  const refused = await env.request('POST', '/api/whatsapp', { token: noPlan.admin.token, body: { name: 'Bot', provider: 'telegram', settings: { botToken: BOT.token } } });
  t.same([refused.status, refused.body.error], [403, 'ERR_PLAN_FEATURE_DISABLED'], 'a plan without useTelegram makes no telegram connection');
});
