import t, { type Test } from 'tap';
import { build, type TestApp } from '../helper.js';
import { Contact, ContactCustomField, ContactIdentity, Message, Ticket } from '../../src/db/models/index.js';
import { BUILT_IN_CAPABILITIES } from '../../src/messaging/providers/registry.js';
import { defaultConnection, fakeProvider, inbound, useFakeProvider } from '../pipeline/fixtures.js';

/** An opaque-addressed channel (as Telegram's chat ids): its senders are kept as identities, never as numbers. */
async function withOpaqueChannel(t: Test) {
  const env = await build(t);
  env.app.atrium.providers.register('chatapp', {
    create: () => fakeProvider(),
    capabilities: { ...BUILT_IN_CAPABILITIES.sandbox, addressing: 'opaque', edit: { windowMinutes: 48 * 60 }, groups: false },
  });
  const provider = useFakeProvider(env.app);
  return { env, provider };
}

async function opaqueConnection(env: TestApp, token: string) {
  const res = await env.request('POST', '/api/whatsapp', { token, body: { name: `Chat ${Math.random().toString(36).slice(2, 6)}`, provider: 'chatapp' } });
  if (res.status !== 200) throw new Error(`connection not created: ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

t.test('a first message on an opaque channel makes a contact with its identity; the next finds it; outbound goes to the address', async (t) => {
  const { env, provider } = await withOpaqueChannel(t);
  const whatsappId = await opaqueConnection(env, env.token);
  const conn = { companyId: 1, whatsappId };
  await env.app.pipeline.inbound.onMessage(conn, inbound('987654321', 'hello', { pushName: 'Ana on Chat' }));
  await env.app.pipeline.inbound.onMessage(conn, inbound('987654321', 'again', { contactFields: { startPayload: 'promo-42' } }));

  const identities = await ContactIdentity.scoped(1).where({ kind: 'chatapp', address: '987654321' });
  t.equal(identities.length, 1, 'one identity');
  const contact = (await Contact.scoped(1).findById(identities[0].contactId))!;
  t.equal(contact.name, 'Ana on Chat');
  t.equal(contact.number, 'chatapp:987654321', 'the number key is the kind and address: never digits only');
  t.notOk(await Contact.scoped(1).where({ number: '987654321' }).first(), 'no contact has the chat id as its number');
  t.equal(await Message.scoped(1).where({ contactId: contact.id }).resultSize(), 2, 'both messages on the one contact');
  const field = await ContactCustomField.scoped(1).where({ contactId: contact.id, name: 'startPayload' }).first();
  t.equal(field?.value, 'promo-42', 'what the channel told about the contact is kept as extra info');

  const ticket = (await Ticket.scoped(1).where({ contactId: contact.id }).first())!;
  const sent = await env.request('POST', `/api/messages/${ticket.id}`, { token: env.token, body: { body: 'answer' } });
  t.equal(sent.status, 200, JSON.stringify(sent.body));
  t.equal(provider.sent.at(-1)?.to, '987654321', 'sent to the identity\'s address');

  const shown = await env.request('GET', `/api/contacts/${contact.id}`, { token: env.token });
  t.same(shown.body.identities.map((i: { kind: string; address: string }) => [i.kind, i.address]), [['chatapp', '987654321']], 'the drawer reads the identities');

  // A phone connection keeps the number path.
  const wa = await defaultConnection();
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990001', 'phone'));
  const phone = await Contact.scoped(1).where({ number: '5511999990001' }).first();
  t.ok(phone, 'a phone contact by number');
  t.equal(await ContactIdentity.scoped(1).where({ contactId: phone!.id }).resultSize(), 0, 'and no identity row');
});

t.test('the same address on two companies\' connections is two contacts; neither company sees the other\'s', async (t) => {
  const { env } = await withOpaqueChannel(t);
  const other = await env.createTenant('Other Co', {});
  const mine = await opaqueConnection(env, env.token);
  const theirs = await opaqueConnection(env, other.admin.token);
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: mine }, inbound('555', 'to company 1'));
  await env.app.pipeline.inbound.onMessage({ companyId: other.companyId, whatsappId: theirs }, inbound('555', 'to company 2'));
  const a = (await ContactIdentity.scoped(1).where({ address: '555' }).first())!;
  const b = (await ContactIdentity.scoped(other.companyId).where({ address: '555' }).first())!;
  t.not(a.contactId, b.contactId, 'one contact per company');
  const peek = await env.request('GET', `/api/contacts/${b.contactId}`, { token: env.token });
  t.equal(peek.status, 404, 'another company\'s contact (and its identities) is not found');
  const merge = await env.request('POST', `/api/contacts/${a.contactId}/merge`, { token: env.token, body: { sourceContactId: b.contactId } });
  t.same([merge.status, merge.body.error], [404, 'ERR_NO_CONTACT_FOUND'], 'another company\'s contact cannot be merged in');
  const theirMerge = await env.request('POST', `/api/contacts/${b.contactId}/merge`, { token: other.admin.token, body: { sourceContactId: a.contactId } });
  t.same([theirMerge.status, theirMerge.body.error], [404, 'ERR_NO_CONTACT_FOUND'], 'nor merged into');
  t.equal(await Contact.scoped(1).where({ id: a.contactId }).resultSize(), 1, 'both still there');
  t.equal(await Contact.scoped(other.companyId).where({ id: b.contactId }).resultSize(), 1);
});

t.test('merging a channel contact into a phone contact moves identities, tickets, messages, notes and tags; the source goes', async (t) => {
  const { env, provider } = await withOpaqueChannel(t);
  const chat = await opaqueConnection(env, env.token);
  const wa = await defaultConnection();
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990002', 'on whatsapp', { pushName: 'Bia' }));
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: chat }, inbound('777', 'on the chat app', { pushName: 'Bia C.' }));
  const target = (await Contact.scoped(1).where({ number: '5511999990002' }).first())!;
  const source = (await Contact.scoped(1).where({ number: 'chatapp:777' }).first())!;
  const sourceTicket = (await Ticket.scoped(1).where({ contactId: source.id }).first())!;
  const tag = await env.request('POST', '/api/tags', { token: env.token, body: { name: 'vip', color: '#ff0000' } });
  await env.app.knex('contactTags').insert({ companyId: 1, contactId: source.id, tagId: tag.body.id });
  const note = await env.request('POST', '/api/ticket-notes', { token: env.token, body: { note: 'asked for a refund', ticketId: sourceTicket.id, contactId: source.id } });
  t.equal(note.status, 200, JSON.stringify(note.body));

  const user = await env.createUser(1);
  const refused = await env.request('POST', `/api/contacts/${target.id}/merge`, { token: user.token, body: { sourceContactId: source.id } });
  t.equal(refused.status, 403, 'admins only');
  const self = await env.request('POST', `/api/contacts/${target.id}/merge`, { token: env.token, body: { sourceContactId: target.id } });
  t.equal(self.body.error, 'ERR_MERGE_SAME_CONTACT');
  const bad = await env.request('POST', `/api/contacts/${target.id}/merge`, { token: env.token, body: { sourceContactId: 'x' } });
  t.equal(bad.status, 400, 'the body is validated');

  const merged = await env.request('POST', `/api/contacts/${target.id}/merge`, { token: env.token, body: { sourceContactId: source.id } });
  t.equal(merged.status, 200, JSON.stringify(merged.body));
  t.equal(merged.body.number, '5511999990002', 'the phone number stays the contact\'s');
  t.same(merged.body.identities.map((i: { address: string }) => i.address), ['777']);
  t.notOk(await Contact.scoped(1).findById(source.id), 'the source is gone');
  t.equal((await Ticket.scoped(1).findById(sourceTicket.id))!.contactId, target.id, 'its ticket moved');
  t.equal(await Message.scoped(1).where({ contactId: target.id, fromMe: false }).resultSize(), 2, 'both histories on the target');
  t.equal((await env.app.knex('ticketNotes').where({ companyId: 1, ticketId: sourceTicket.id }).first()).contactId, target.id, 'the note moved');
  t.equal((await env.app.knex('contactTags').where({ companyId: 1, contactId: target.id })).length, 1, 'the tag moved');
  const audit = await env.app.knex('auditLogs').where({ companyId: 1, entity: 'contacts', action: 'delete' });
  t.ok(audit.some((row: { entityId: string | number }) => String(row.entityId) === String(source.id)), 'the merge is in the audit log');

  // The channel's next message finds the merged contact; the answer goes to the chat address, WhatsApp's to the number.
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: chat }, inbound('777', 'back again'));
  t.equal(await Message.scoped(1).where({ contactId: target.id, fromMe: false }).resultSize(), 3);
  const sent = await env.request('POST', `/api/messages/${sourceTicket.id}`, { token: env.token, body: { body: 'hi on chat' } });
  t.equal(sent.status, 200);
  t.equal(provider.sent.at(-1)?.to, '777');
  const waTicket = (await Ticket.scoped(1).where({ contactId: target.id, whatsappId: wa.id }).first())!;
  await env.request('POST', `/api/messages/${waTicket.id}`, { token: env.token, body: { body: 'hi on whatsapp' } });
  t.equal(provider.sent.at(-1)?.to, '5511999990002');
});

t.test('two phone contacts, or two open tickets on one connection, are refused', async (t) => {
  const { env } = await withOpaqueChannel(t);
  const chat = await opaqueConnection(env, env.token);
  const wa = await defaultConnection();
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990003', 'a'));
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990004', 'b'));
  const [a, b] = await Promise.all(['5511999990003', '5511999990004'].map(async (number) => (await Contact.scoped(1).where({ number }).first())!));
  const two = await env.request('POST', `/api/contacts/${a.id}/merge`, { token: env.token, body: { sourceContactId: b.id } });
  t.same([two.status, two.body.error], [409, 'ERR_MERGE_TWO_NUMBERS']);

  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: chat }, inbound('901', 'x'));
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: chat }, inbound('902', 'y'));
  const [c, d] = await Promise.all(['chatapp:901', 'chatapp:902'].map(async (number) => (await Contact.scoped(1).where({ number }).first())!));
  const live = await env.request('POST', `/api/contacts/${c.id}/merge`, { token: env.token, body: { sourceContactId: d.id } });
  t.same([live.status, live.body.error], [409, 'ERR_MERGE_LIVE_TICKETS']);
  t.ok(await Contact.scoped(1).findById(d.id), 'nothing changed');
});

t.test('a contact\'s export lists its identities and its erasure removes them', async (t) => {
  const { env } = await withOpaqueChannel(t);
  const chat = await opaqueConnection(env, env.token);
  await env.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: chat }, inbound('31337', 'hello'));
  const contact = (await Contact.scoped(1).where({ number: 'chatapp:31337' }).first())!;
  const res = await env.app.inject({ method: 'GET', url: `/api/contacts/${contact.id}/export`, headers: { authorization: `Bearer ${env.token}` } });
  t.equal(res.statusCode, 200);
  const { default: JSZip } = await import('jszip');
  const zip = await JSZip.loadAsync(res.rawPayload);
  const identities = JSON.parse(await zip.file('identities.json')!.async('string'));
  t.same(identities.map((i: { kind: string; address: string }) => [i.kind, i.address]), [['chatapp', '31337']]);
  const erased = await env.request('DELETE', `/api/contacts/${contact.id}`, { token: env.token, query: { erase: true } });
  t.equal(erased.status, 200);
  t.equal(erased.body.erased.identities, 1);
  t.equal((await env.app.knex('contactIdentities').where({ address: '31337' })).length, 0, 'the identity is gone');
});
