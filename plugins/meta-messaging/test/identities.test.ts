import t from 'tap';
import { build } from '../../../core/test/helper.js';
import { fakeGraph } from '../../../core/test/connections/fake-graph.js';
import { cloudConnection, post as postCloud, sign as signCloud, textFrom } from '../../../core/test/connections/cloud-env.js';
import { fakeGraphMessenger } from './fake-graph-messenger.js';
import { connect, deliver, IGSID, messageEvent, PAGE, post, PSID, setup, sign, until, deliveryOf } from './meta-env.js';

t.test('two companies with the same Page id: separate webhooks and secrets, separate contacts, neither sees the other\'s', async (t) => {
  const { graph, env, tenant } = await setup(t);
  const other = await env.createTenant('Other Meta Co', { useMetaMessaging: true });
  const mine = await connect(env, tenant.admin.token, 'messenger');
  const theirs = await connect(env, other.admin.token, 'messenger', 'another-app-secret');
  t.not(mine.path, theirs.path, 'one webhook per connection');

  const toMine = deliveryOf('messenger', [messageEvent(mine, { text: 'to company A' })]);
  t.equal((await post(env, mine, toMine, sign(toMine, theirs.appSecret))).status, 401, 'the other company\'s app secret does not open this webhook');
  t.equal((await post(env, theirs, toMine, sign(toMine, mine.appSecret))).status, 401, 'nor the reverse');
  await post(env, mine, toMine);
  await deliver(env, theirs, [messageEvent(theirs, { text: 'to company B' })]);
  const inbound = (companyId: number) => until(async () => { const r = await env.app.knex('messages').where({ companyId, fromMe: false }); return r.length ? r : undefined; }, `company ${companyId}`);
  const a = await inbound(tenant.companyId);
  const b = await inbound(other.companyId);
  t.same(a.map((m: { body: string }) => m.body), ['to company A']);
  t.same(b.map((m: { body: string }) => m.body), ['to company B']);
  t.not(a[0].contactId, b[0].contactId, 'a contact per company for the same page-scoped id');
  t.equal((await env.app.knex('contactIdentities').where({ kind: 'messenger', address: PSID })).length, 2, 'an identity in each company');

  const peek = await env.request('GET', `/api/meta-messaging/connections/${mine.id}`, { token: other.admin.token });
  t.same([peek.status, peek.body.error], [404, 'ERR_NO_WAPP_FOUND'], 'another company\'s connection is not found');
  // Each company's reply goes out with its own connection, to the same person.
  const reply = await env.request('POST', `/api/messages/${b[0].ticketId}`, { token: other.admin.token, body: { body: 'from B' } });
  t.equal(reply.status, 200);
  const sent = await until(async () => graph.sends.find((s) => (s.json?.message as { text?: string })?.text === 'from B'), 'B\'s reply');
  t.same(sent.json?.recipient, { id: PSID });
  t.equal((await env.app.knex('messages').where({ companyId: tenant.companyId, fromMe: true })).length, 0, 'nothing of B\'s in A');
});

t.test('one customer on WhatsApp and Instagram merged into one contact keeps both identities and both tickets\' histories', async (t) => {
  const cloud = await fakeGraph(t);
  const graph = await fakeGraphMessenger(t, [PAGE]);
  const env = await build(t, { config: { allowPrivateUrls: true } });
  const WA = '5511987650009';
  const wa = await cloudConnection(t, env, cloud);
  const raw = textFrom('wamid.MERGE1', 'oi pelo WhatsApp', WA);
  t.equal((await postCloud(env, wa, raw, signCloud(raw))).status, 200);
  const ig = await connect(env, env.token, 'instagram');
  await deliver(env, ig, [messageEvent(ig, { text: 'oi pelo Instagram' })]);

  const waMessage = await until(async () => env.app.knex('messages').where({ companyId: 1, providerId: 'wamid.MERGE1' }).first(), 'WhatsApp message');
  const igMessage = await until(async () => env.app.knex('messages').where({ companyId: 1, whatsappId: ig.id, fromMe: false }).first(), 'Instagram message');
  t.not(waMessage.contactId, igMessage.contactId, 'two contacts before the merge');
  const merged = await env.request('POST', `/api/contacts/${waMessage.contactId}/merge`, { token: env.token, body: { sourceContactId: igMessage.contactId } });
  t.equal(merged.status, 200, JSON.stringify(merged.body));
  t.equal(merged.body.number, WA, 'the merged contact keeps the phone number');

  const contactId = waMessage.contactId as number;
  t.same(await env.app.knex('contactIdentities').where({ companyId: 1, contactId }).select('kind', 'address'), [{ kind: 'instagram', address: IGSID }], 'the Instagram identity moved to the merged contact');
  const tickets = await env.app.knex('tickets').where({ companyId: 1, contactId }).orderBy('id');
  t.same(tickets.map((x: { whatsappId: number }) => x.whatsappId).sort(), [wa, ig.id].sort(), 'both tickets belong to it');
  const bodies = (await env.app.knex('messages').where({ companyId: 1, contactId }).orderBy('id')).map((m: { body: string }) => m.body);
  t.same(bodies, ['oi pelo WhatsApp', 'oi pelo Instagram'], 'both histories kept');

  // A new Instagram message lands on the merged contact, and a reply there still reaches the Instagram-scoped id.
  await deliver(env, ig, [messageEvent(ig, { text: 'de novo' })]);
  const again = await until(async () => env.app.knex('messages').where({ companyId: 1, body: 'de novo' }).first(), 'again');
  t.equal(again.contactId, contactId);
  const reply = await env.request('POST', `/api/messages/${again.ticketId}`, { token: env.token, body: { body: 'Oi! Aqui é a loja.' } });
  t.equal(reply.status, 200, JSON.stringify(reply.body));
  const sent = await until(async () => graph.sends.find((s) => (s.json?.message as { text?: string })?.text === 'Oi! Aqui é a loja.'), 'the Instagram reply');
  t.same(sent.json?.recipient, { id: IGSID }, 'to the Instagram-scoped id, not the phone number');
});
