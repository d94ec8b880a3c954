import t from 'tap';
import { build } from '../helper.js';
import { Message, MessageReaction, Ticket, Whatsapp } from '../../src/db/models/index.js';
import { defaultConnection, inbound, useFakeProvider } from '../pipeline/fixtures.js';

/**
 * Issue 28: the external API offers the message actions. A connection token acts on that connection's tickets:
 * as the connection for what it sent without a person, or as a named user of the company.
 */
async function withApiConversation(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  const { token: apiToken } = (await Whatsapp.scoped(1).findById(wa.id).select('token'))!;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, auth = apiToken) =>
    ctx.app.inject({ method, url, headers: { authorization: `Bearer ${auth}` }, ...(payload ? { payload } : {}) });
  await ctx.app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511955550001', 'qual o prazo?'));
  await ctx.app.jobs.idle();
  const theirs = (await Message.scoped(1).where({ fromMe: false, body: 'qual o prazo?' }).first())!;
  const sent = await call('POST', '/api/messages/send', { number: '5511955550001', body: 'Chega amanhâ', quotedMsgId: theirs.id });
  t.equal(sent.statusCode, 200, sent.body);
  return { ...ctx, provider, wa, call, theirs, sentId: sent.json().messageId as number, ticketId: sent.json().ticketId as number };
}

t.test('the API answers a customer quoting their message, then edits its own text: on the phone, marked, history kept', async (t) => {
  const { call, provider, theirs, sentId, ticketId } = await withApiConversation(t);
  t.equal(theirs.ticketId, ticketId, 'the live ticket is reused');
  t.equal(provider.sent.at(-1)!.quotedProviderId, theirs.providerId, 'sent as a quoted reply');
  t.equal((await Message.scoped(1).findById(sentId))!.quotedMsgId, theirs.id);

  const edited = await call('POST', `/api/external/messages/${sentId}/edit`, { body: 'Chega amanhã' });
  t.equal(edited.statusCode, 200, edited.body);
  t.match(edited.json(), { id: sentId, body: 'Chega amanhã', isEdited: true });
  t.same(provider.edits.map((e) => e.body), ['Chega amanhã']);
  const history = await call('GET', `/api/external/messages/${sentId}/history`);
  t.same(history.json().history.map((h: { body: string }) => h.body), ['Chega amanhâ', 'Chega amanhã']);

  t.equal((await call('POST', `/api/external/messages/${theirs.id}/edit`, { body: 'mudado' })).statusCode, 403, "the customer's message is theirs");
});

t.test('a message an agent sent is the agent\'s: the API edits it only as that user; reactions and forwards name a user', async (t) => {
  const { call, request, token, provider, theirs, ticketId } = await withApiConversation(t);
  const agentMessage = (await request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'Sou a Ana' } })).body.messages[0];
  t.equal((await call('POST', `/api/external/messages/${agentMessage.id}/edit`, { body: 'x' })).statusCode, 403, 'not the connection\'s own');
  const asAgent = await call('POST', `/api/external/messages/${agentMessage.id}/edit`, { body: 'Sou a Ana, da loja', userId: agentMessage.userId });
  t.equal(asAgent.statusCode, 200, asAgent.body);

  const noUser = await call('POST', `/api/external/messages/${theirs.id}/react`, { emoji: '👍' });
  t.equal(noUser.statusCode, 400, 'a reaction is a person\'s');
  const reacted = await call('POST', `/api/external/messages/${theirs.id}/react`, { emoji: '👍', userId: agentMessage.userId });
  t.equal(reacted.statusCode, 200, reacted.body);
  t.same(provider.reactions.map((r) => r.emoji), ['👍']);
  t.equal(await MessageReaction.scoped(1).where({ messageId: theirs.id, userId: agentMessage.userId }).resultSize(), 1);

  await request('POST', '/api/contacts', { token, body: { name: 'Bia', number: '5511955550002' } });
  const bia = (await request('GET', '/api/contacts', { token, query: { searchParam: '5511955550002' } })).body.contacts[0];
  const forwarded = await call('POST', '/api/external/messages/forward', { messageId: theirs.id, contactId: bia.id, userId: agentMessage.userId });
  t.equal(forwarded.statusCode, 200, forwarded.body);
  t.same([provider.sent.at(-1)!.to, provider.sent.at(-1)!.forwarded], ['5511955550002', true]);
});

t.test('the API deletes its own message for everyone; not the agent\'s without naming them', async (t) => {
  const { call, request, token, provider, sentId, ticketId } = await withApiConversation(t);
  const agentMessage = (await request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'do agente' } })).body.messages[0];
  t.equal((await call('DELETE', `/api/external/messages/${agentMessage.id}`)).statusCode, 403);
  const res = await call('DELETE', `/api/external/messages/${sentId}`);
  t.equal(res.statusCode, 200, res.body);
  t.equal(res.json().isDeleted, true);
  t.equal(provider.deletes.length, 1, 'deleted on the phone');
  t.equal((await call('DELETE', `/api/external/messages/${agentMessage.id}?userId=${agentMessage.userId}`)).statusCode, 200, 'as the agent');
});

t.test('another connection\'s or company\'s token reaches nothing; a bad token is 401; a quote from elsewhere is refused', async (t) => {
  const { app, call, sentId, theirs, createTenant } = await withApiConversation(t);
  const other = await createTenant('Other Co');
  const foreign = await Whatsapp.scoped(other.companyId).insert({ name: 'Theirs', status: 'DISCONNECTED', provider: 'sandbox', token: 'other-company-token' } as Partial<Whatsapp>);
  for (const [method, url, payload] of [
    ['POST', `/api/external/messages/${sentId}/edit`, { body: 'x' }],
    ['GET', `/api/external/messages/${sentId}/history`, undefined],
    ['DELETE', `/api/external/messages/${sentId}`, undefined],
  ] as const) {
    const res = await call(method, url, payload, foreign.token!);
    t.equal(res.statusCode, 404, `${method} ${url}: another company's token`);
    t.equal(res.json().error, 'ERR_NO_MESSAGE_FOUND');
  }
  const foreignUser = await call('POST', `/api/external/messages/${theirs.id}/react`, { emoji: '👍', userId: other.admin.id });
  t.equal(foreignUser.statusCode, 404, 'another company\'s user cannot be acted as');
  const second = await Whatsapp.scoped(1).insert({ name: 'Second number', status: 'DISCONNECTED', provider: 'sandbox', token: 'second-connection-token' } as Partial<Whatsapp>);
  t.equal((await call('GET', `/api/external/messages/${sentId}/history`, undefined, second.token!)).statusCode, 404, "another connection's token of the same company");
  t.equal((await call('GET', `/api/external/messages/${sentId}/history`, undefined, 'nope')).statusCode, 401);

  const elsewhere = await call('POST', '/api/messages/send', { number: '5511955550009', body: 'oi', quotedMsgId: theirs.id });
  t.equal(elsewhere.statusCode, 404, 'a message of another contact cannot be quoted');
  t.equal(elsewhere.json().error, 'ERR_NO_MESSAGE_FOUND');
  t.equal(await Ticket.scoped(1).whereIn('contactId', app.knex('contacts').where({ companyId: 1, number: '5511955550009' }).select('id')).resultSize(), 0, 'and no ticket was opened for it');
});
