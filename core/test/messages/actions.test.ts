import t from 'tap';
import { build } from '../helper.js';
import { Contact, Message, MessageEdit, Ticket, Whatsapp } from '../../src/db/models/index.js';
import { until } from '../connections/util.js';
import { toDbTime } from '../../src/db/time.js';
import { defaultConnection, inbound, recordEvents, useFakeProvider } from '../pipeline/fixtures.js';

/** A ticket with the contact's first message, and the agent's answer (sent through the fake provider). */
async function withConversation(t: Parameters<typeof build>[0]) {
  const ctx = await build(t);
  const provider = useFakeProvider(ctx.app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await ctx.app.pipeline.inbound.onMessage(conn, inbound('5511955554444', 'oi, tudo bem?'));
  await ctx.app.jobs.idle();
  const ticket = (await Ticket.scoped(1).first())!;
  const theirs = (await Message.scoped(1).where({ fromMe: false }).first())!;
  const mine = (await ctx.request('POST', `/api/messages/${ticket.id}`, { token: ctx.token, body: { body: 'Olá, como posso ajduar?' } })).body.messages[0];
  return { ...ctx, provider, wa, conn, ticket, theirs, mine };
}

const updates = (events: ReturnType<typeof recordEvents>, id: number) =>
  events.filter((e) => e.event === 'appMessage' && e.payload.action === 'update' && e.payload.message.id === id);

t.test('an agent edits their own text within 15 minutes: on the phone, marked edited, history kept, announced', async (t) => {
  const { app, request, token, mine, provider } = await withConversation(t);
  const events = recordEvents(app);
  const res = await request('POST', `/api/messages/edit/${mine.id}`, { token, body: { body: 'Olá, como posso ajudar?', read: true, fromMe: true, mediaUrl: null, quotedMsg: null } });
  t.equal(res.status, 200);
  t.equal(res.body.body, 'Olá, como posso ajudar?');
  t.equal(res.body.isEdited, true);
  t.same(provider.edits, [{ target: { to: '5511955554444', isGroup: false, providerId: mine.providerId, fromMe: true }, body: 'Olá, como posso ajudar?' }]);
  const live = updates(events, mine.id);
  t.equal(live.length, 1, 'the ticket audience is told');
  t.equal(live[0].payload.message.body, 'Olá, como posso ajudar?');
  t.equal(live[0].payload.message.isEdited, true);
  t.equal((await Ticket.scoped(1).findById(mine.ticketId))!.lastMessage, 'Olá, como posso ajudar?', "the ticket's last message follows the edit of its latest message");
  t.ok(events.some((e) => e.event === 'ticket' && e.payload.ticket?.lastMessage === 'Olá, como posso ajudar?'), 'and the ticket list hears it');

  await request('POST', `/api/messages/edit/${mine.id}`, { token, body: { body: 'Olá! Como posso ajudar?' } });
  const history = await request('GET', `/api/messages/${mine.id}/history`, { token });
  t.equal(history.status, 200);
  t.same(history.body.history.map((h: { body: string }) => h.body), ['Olá, como posso ajduar?', 'Olá, como posso ajudar?', 'Olá! Como posso ajudar?'], 'oldest first, the current body last');
  t.ok(history.body.history.every((h: { fromMe: boolean; userId: number; userName: string }) => h.fromMe && h.userId === mine.userId && h.userName), 'by the agent, named');
  t.equal(history.body.history[0].createdAt, mine.createdAt, 'the first body is dated when it was sent');
  const times = history.body.history.map((h: { createdAt: string }) => Date.parse(h.createdAt));
  t.same([...times].sort((a, b) => a - b), times, 'in time order');
});

t.test('edit refusals: after 15 minutes, the contact\'s message, another agent\'s, media, empty', async (t) => {
  const { app, request, token, mine, theirs, ticket, provider, createUser } = await withConversation(t);
  const old = await Message.scoped(1).findById(mine.id);
  await old!.$query().patch({ createdAt: toDbTime(Date.now() - 16 * 60_000) } as Partial<Message>);
  const late = await request('POST', `/api/messages/edit/${mine.id}`, { token, body: { body: 'tarde demais' } });
  t.equal(late.status, 400);
  t.equal(late.body.error, 'ERR_EDIT_WINDOW_PASSED');

  const customer = await request('POST', `/api/messages/edit/${theirs.id}`, { token, body: { body: 'mudado' } });
  t.equal(customer.status, 403, "the contact's message");
  const other = await createUser(1, { profile: 'admin' });
  const fresh = (await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'recente' } })).body.messages[0];
  t.equal((await request('POST', `/api/messages/edit/${fresh.id}`, { token: other.token, body: { body: 'meu agora' } })).status, 403, "another agent's message, even an admin's");
  t.equal((await request('POST', `/api/messages/edit/${fresh.id}`, { token, body: { body: '   ' } })).status, 400, 'empty');
  t.equal((await request('POST', `/api/messages/edit/${fresh.id}`, { token, body: {} })).status, 400, 'no body');
  await Message.scoped(1).findById(fresh.id).patch({ mediaType: 'image' } as Partial<Message>);
  const media = await request('POST', `/api/messages/edit/${fresh.id}`, { token, body: { body: 'legenda' } });
  t.equal(media.body.error, 'ERR_EDIT_NOT_TEXT');
  t.equal(provider.edits.length, 0, 'nothing reached the phone');
  t.equal(await MessageEdit.scoped(1).resultSize(), 0, 'no history written');
  void app;
});

t.test('a provider failure leaves the message as it was with ERR_EDIT_WAPP_MSG', async (t) => {
  const { request, token, mine, provider } = await withConversation(t);
  provider.fail = true;
  const res = await request('POST', `/api/messages/edit/${mine.id}`, { token, body: { body: 'nova' } });
  t.equal(res.status, 400);
  t.equal(res.body.error, 'ERR_EDIT_WAPP_MSG');
  const stored = (await Message.scoped(1).findById(mine.id))!;
  t.equal(stored.body, mine.body);
  t.equal(stored.isEdited, false);
});

t.test("the contact's edit keeps the old body in the history, by the contact, and is announced", async (t) => {
  const { app, request, token, theirs, conn } = await withConversation(t);
  const events = recordEvents(app);
  await app.pipeline.inbound.onMessage(conn, inbound('5511955554444', 'oi, tudo certo?', { kind: 'edit', targetProviderId: theirs.providerId! }));
  const live = updates(events, theirs.id);
  t.equal(live.length, 1);
  t.equal(live[0].payload.message.body, 'oi, tudo certo?');
  t.equal(live[0].payload.message.isEdited, true);
  const history = await request('GET', `/api/messages/${theirs.id}/history`, { token });
  t.same(history.body.history.map((h: { body: string; fromMe: boolean; userId: number | null }) => [h.body, h.fromMe, h.userId]),
    [['oi, tudo bem?', false, null], ['oi, tudo certo?', false, null]]);
  // The same edit delivered again (a reconnect replay) adds nothing.
  await app.pipeline.inbound.onMessage(conn, inbound('5511955554444', 'oi, tudo certo?', { kind: 'edit', targetProviderId: theirs.providerId! }));
  t.equal((await request('GET', `/api/messages/${theirs.id}/history`, { token })).body.history.length, 2);
});

t.test('reactions: one per agent per message, changed or removed, sent to the phone, shown with the messages, live', async (t) => {
  const { app, request, token, theirs, ticket, provider, createUser } = await withConversation(t);
  const events = recordEvents(app);
  const react = (emoji: string, tk = token) => request('POST', `/api/messages/react/${theirs.id}`, { token: tk, body: { ticketId: ticket.id, emoji } });
  const first = await react('👍');
  t.equal(first.status, 200);
  t.same(first.body.reactions.map((r: { emoji: string }) => r.emoji), ['👍']);
  t.same(provider.reactions.at(-1), { target: { to: '5511955554444', isGroup: false, providerId: theirs.providerId, fromMe: false }, emoji: '👍' });
  t.same((await react('❤️')).body.reactions.map((r: { emoji: string }) => r.emoji), ['❤️'], 'changed, not added');
  const other = await createUser(1, { profile: 'admin', name: 'Bia' });
  const both = await react('😂', other.token);
  t.same(both.body.reactions.map((r: { emoji: string }) => r.emoji), ['❤️', '😂']);
  t.equal(both.body.reactions[1].userName, 'Bia', "named, for the bubble's tooltip");
  t.equal(both.body.reactions.length, 2, 'one per agent');
  // Removing one agent's leaves the phone showing the other's (one reaction per number on WhatsApp).
  const removed = await react('', other.token);
  t.same(removed.body.reactions.map((r: { emoji: string }) => r.emoji), ['❤️']);
  t.equal(provider.reactions.at(-1)!.emoji, '❤️');
  await react('');
  t.equal(provider.reactions.at(-1)!.emoji, '', 'the last one removed clears it on the phone');
  const page = await request('GET', `/api/messages/${ticket.id}`, { token });
  t.same(page.body.messages.find((m: { id: number }) => m.id === theirs.id).reactions, []);
  t.ok(updates(events, theirs.id).length >= 5, 'every change announced');
  t.equal((await react('abc')).body.error, 'ERR_INVALID_EMOJI');
});

t.test('reply: quotedMsgId of the conversation is sent quoted; another ticket\'s message is 404', async (t) => {
  const { request, token, ticket, theirs, mine, provider, app } = await withConversation(t);
  const events = recordEvents(app);
  const res = await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'sobre isso', quotedMsgId: theirs.id } });
  t.equal(res.status, 200);
  t.equal(res.body.messages[0].quotedMsgId, theirs.id);
  t.equal(res.body.messages[0].quotedMsg?.body, theirs.body, 'the answer shows the quote');
  const created = events.find((e) => e.event === 'appMessage' && e.payload.action === 'create' && e.payload.message.id === res.body.messages[0].id);
  t.equal(created?.payload.message.quotedMsg?.body, theirs.body, 'so does the live event: the bubble shows the quote at once');
  t.same([provider.sent.at(-1)!.quotedProviderId, provider.sent.at(-1)!.quotedFromMe], [theirs.providerId, false]);
  await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'e isto', quotedMsgId: mine.id } });
  t.equal(provider.sent.at(-1)!.quotedFromMe, true, 'a quote of our own message says so');
  // A message of another contact's ticket cannot be quoted here.
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: ticket.whatsappId! }, inbound('5511933332222', 'outro cliente'));
  const elsewhere = (await Message.scoped(1).where({ body: 'outro cliente' }).first())!;
  const refused = await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'x', quotedMsgId: elsewhere.id } });
  t.equal(refused.status, 404);
  t.equal(refused.body.error, 'ERR_NO_MESSAGE_FOUND');
});

t.test('forward: to a contact with a live ticket it is reused, without one a ticket is opened; marked forwarded', async (t) => {
  const { app, request, token, theirs, ticket, provider } = await withConversation(t);
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: ticket.whatsappId! }, inbound('5511933332222', 'sou o Pedro'));
  await app.jobs.idle();
  const pedro = (await Contact.scoped(1).where({ number: '5511933332222' }).first())!;
  const pedrosTicket = (await Ticket.scoped(1).where({ contactId: pedro.id }).first())!;
  const res = await request('POST', '/api/messages/forward', { token, body: { messageId: theirs.id, contactId: pedro.id } });
  t.equal(res.status, 200);
  t.equal(res.body.ticketId, pedrosTicket.id, 'the live ticket is reused');
  t.equal(res.body.isForwarded, true);
  t.equal(res.body.body, theirs.body);
  t.same([provider.sent.at(-1)!.to, provider.sent.at(-1)!.forwarded], ['5511933332222', true]);

  const ana = (await request('POST', '/api/contacts', { token, body: { name: 'Ana', number: '5511922221111' } })).body;
  const opened = await request('POST', '/api/messages/forward', { token, body: { messageId: theirs.id, contactId: ana.id } });
  t.equal(opened.status, 200);
  const anasTickets = await Ticket.scoped(1).where({ contactId: ana.id });
  t.equal(anasTickets.length, 1, 'one ticket opened');
  t.equal(opened.body.ticketId, anasTickets[0].id);
  t.equal(anasTickets[0].status, 'open');
  const again = await request('POST', '/api/messages/forward', { token, body: { messageId: theirs.id, contactId: ana.id } });
  t.equal(again.body.ticketId, anasTickets[0].id, 'one live ticket per contact still holds');
  t.equal(await Ticket.scoped(1).where({ contactId: ana.id }).resultSize(), 1);

  t.equal((await request('POST', '/api/messages/forward', { token, body: { messageId: theirs.id, contactId: 999_999 } })).status, 404);
  t.equal((await request('POST', '/api/messages/forward', { token, body: { messageId: theirs.id, contactId: ana.id, ticketId: ticket.id } })).status, 404, "a ticket that is not the contact's");
});

t.test('forward of a file: the new message has its own copy of the file', async (t) => {
  const { app, request, token, ticket, conn } = await withConversation(t);
  await app.pipeline.inbound.onMessage(conn, inbound('5511955554444', '', { kind: 'image', media: { data: Buffer.from('png-bytes'), mimetype: 'image/png', filename: 'foto.png' } }));
  const photo = (await Message.scoped(1).where({ ticketId: ticket.id, mediaType: 'image' }).first())!;
  const ana = (await request('POST', '/api/contacts', { token, body: { name: 'Ana', number: '5511922221111' } })).body;
  const res = await request('POST', '/api/messages/forward', { token, body: { messageId: photo.id, contactId: ana.id } });
  t.equal(res.status, 200);
  t.equal(res.body.mediaType, 'image');
  t.ok(res.body.mediaUrl);
  t.not(res.body.mediaUrl, photo.mediaUrl, 'a copy');
  const fetched = await app.inject({ method: 'GET', url: new URL(res.body.mediaUrl, 'http://x').pathname });
  t.equal(fetched.body, 'png-bytes');
});

t.test("another company's message is not found for every action; another queue's ticket is forbidden", async (t) => {
  const { request, mine, theirs, createTenant, createUser, ticket } = await withConversation(t);
  const other = await createTenant('Outra');
  const tk = other.admin.token;
  t.equal((await request('POST', `/api/messages/edit/${mine.id}`, { token: tk, body: { body: 'x' } })).status, 404);
  t.equal((await request('GET', `/api/messages/${mine.id}/history`, { token: tk })).status, 404);
  t.equal((await request('POST', `/api/messages/react/${theirs.id}`, { token: tk, body: { emoji: '👍' } })).status, 404);
  t.equal((await request('POST', '/api/messages/forward', { token: tk, body: { messageId: theirs.id, contactId: ticket.contactId } })).status, 404);
  t.equal((await request('POST', `/api/messages/${ticket.id}`, { token: tk, body: { body: 'x', quotedMsgId: theirs.id } })).status, 404);
  const plain = await createUser(1);
  await Ticket.scoped(1).findById(ticket.id).patch({ queueId: null, userId: null } as Partial<Ticket>);
  t.equal((await request('GET', `/api/messages/${theirs.id}/history`, { token: plain.token })).status, 403);
  t.equal((await request('POST', `/api/messages/react/${theirs.id}`, { token: plain.token, body: { emoji: '👍' } })).status, 403);
});

t.test('through the sandbox: reply quoted, edit, reaction and forward reach the phone; the contact edits, reacts and deletes', async (t) => {
  const { app, request, token } = await build(t);
  const conn = await until(async () => {
    const row = await Whatsapp.scoped(1).where('provider', 'sandbox').first();
    return row?.status === 'CONNECTED' ? row : undefined;
  }, 5000, 'the seeded sandbox connected');
  const write = (body: Record<string, unknown>) => request('POST', `/api/sandbox/${conn.id}/inbound`, { token, body: { number: '5511977776666', name: 'Rita', ...body } });
  const { providerId } = (await write({ body: 'bom dia' })).body;
  await app.jobs.idle();
  const ticket = (await Ticket.scoped(1).orderBy('id', 'desc').first())!;
  const hers = (await Message.scoped(1).where({ providerId }).first())!;
  const reply = (await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'bom dia, Rita', quotedMsgId: hers.id } })).body.messages[0];
  await request('POST', `/api/messages/edit/${reply.id}`, { token, body: { body: 'Bom dia, Rita!' } });
  await request('POST', `/api/messages/react/${hers.id}`, { token, body: { emoji: '🙏' } });
  const outbox = (await request('GET', `/api/sandbox/${conn.id}/outbox`, { token })).body.records;
  const sent = outbox.find((r: { providerId: string }) => r.providerId === reply.providerId);
  t.equal(sent.quotedProviderId, providerId, 'the phone shows the quote');
  t.equal(sent.body, 'Bom dia, Rita!', 'and the edit');
  t.ok(sent.editedAt);
  t.ok(outbox.some((r: { kind: string; body: string; targetProviderId: string }) => r.kind === 'reaction' && r.body === '🙏' && r.targetProviderId === providerId));

  await write({ body: 'bom dia!!', action: 'edit', targetProviderId: providerId });
  await write({ body: '❤️', action: 'reaction', targetProviderId: reply.providerId });
  let stored = (await Message.scoped(1).findById(hers.id))!;
  t.same([stored.body, stored.isEdited], ['bom dia!!', true]);
  t.equal((await Message.scoped(1).findById(reply.id))!.reaction, '❤️', "the contact's reaction under our message");
  await write({ body: '', action: 'delete', targetProviderId: providerId });
  stored = (await Message.scoped(1).findById(hers.id))!;
  t.equal(stored.isDeleted, true);
  t.equal((await request('POST', `/api/sandbox/${conn.id}/inbound`, { token, body: { number: '5511977776666', body: 'x', action: 'edit' } })).status, 400, 'an action names its message');
});

t.test('services.messages offers the same actions to plugins, for a user of the company, with the same rules', async (t) => {
  const { app, mine, theirs, provider, createTenant } = await withConversation(t);
  const messages = app.services.messages as import('../../src/messaging/pipeline-plugin.js').MessagesService;
  const agent = { id: mine.userId, companyId: 1 };
  const reacted = await messages.react(agent, theirs.id, '🙏');
  t.same(reacted.reactions?.map((r) => r.emoji), ['🙏']);
  t.equal(provider.reactions.at(-1)!.emoji, '🙏');
  const edited = await messages.edit(agent, mine.id, 'Olá! Em que posso ajudar?');
  t.equal(edited.isEdited, true);
  t.same((await messages.history(agent, mine.id)).history.map((h) => h.body), [mine.body, 'Olá! Em que posso ajudar?']);
  await t.rejects(messages.edit(agent, theirs.id, 'x'), { code: 'ERR_NO_PERMISSION' }, "not the contact's message");
  const other = await createTenant('Plugin Co');
  await t.rejects(messages.react({ id: other.admin.id, companyId: other.companyId }, theirs.id, '👍'), { code: 'ERR_NO_MESSAGE_FOUND' }, "another company's message");
});
