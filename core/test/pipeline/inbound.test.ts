import t from 'tap';
import { build } from '../helper.js';
import { Company, Contact, Message, Plan, Ticket } from '../../src/db/models/index.js';
import { defaultConnection, inbound, recordEvents, useFakeProvider } from './fixtures.js';

t.test('200 messages from one new contact, sent concurrently, make one contact, one ticket and 200 messages; a replay stores nothing', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const messages = Array.from({ length: 200 }, (_, i) => inbound('5511999990001', `msg ${i}`));
  await Promise.all(messages.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  t.equal(await Contact.scoped(1).where({ number: '5511999990001' }).resultSize(), 1, 'one contact');
  const tickets = await Ticket.scoped(1).where({ whatsappId: wa.id });
  t.equal(tickets.length, 1, 'one ticket');
  t.equal(await Message.scoped(1).where({ ticketId: tickets[0].id, fromMe: false }).resultSize(), 200, '200 messages');
  t.equal(tickets[0].unreadMessages, 200, 'every message counted unread');
  t.equal(tickets[0].status, 'pending');

  await Promise.all(messages.map((m) => app.pipeline.inbound.onMessage(conn, m)));
  t.equal(await Message.scoped(1).where({ ticketId: tickets[0].id, fromMe: false }).resultSize(), 200, 'replay stored nothing');
  t.equal((await Ticket.scoped(1).findById(tickets[0].id))!.unreadMessages, 200, 'replay counted nothing');
});

t.test('a message from a known contact with a live ticket costs at most 5 database statements, the responder chain\'s included', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  // The bare pipeline: no bot plugin enabled for the company (with one, each message also gets a responder turn).
  const company = await Company.query().findById(1);
  await Plan.query().findById(Number(company!.planId)).patch({ useFlowbuilder: false, useOpenAi: false, useIntegrations: false } as Partial<Plan>);
  app.tenancy.invalidate(1);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound('5511999990002', 'first'));
  await app.pipeline.inbound.onMessage(conn, inbound('5511999990002', 'warm the caches'));
  await app.jobs.idle();
  await new Promise((r) => setTimeout(r, 100));
  const statements: string[] = [];
  const onQuery = (q: { sql: string }) => { statements.push(q.sql); };
  app.knex.on('query', onQuery);
  await app.pipeline.inbound.onMessage(conn, inbound('5511999990002', 'second'));
  await new Promise((r) => setTimeout(r, 100)); // a batched cursor move of the chain would go out on a later turn
  app.knex.off('query', onQuery);
  const pipeline = statements.filter((sql) => !/^select .* from [`"]jobs[`"]/i.test(sql));
  t.ok(pipeline.length <= 5, `statements: ${pipeline.length}`, { statements: pipeline });
  t.ok(pipeline.length >= 4, 'the counter sees the statements');
  t.notOk(pipeline.some((sql) => /^insert into [`"]jobs[`"]/i.test(sql)), 'nobody could answer: no turn');
  t.notOk(pipeline.some((sql) => /[`"]botCursor[`"] = /.test(sql)), 'and no cursor move');
  const ticket = await Ticket.scoped(1).where({ contactId: (await app.knex('contacts').where({ companyId: 1, number: '5511999990002' }).first('id')).id }).first();
  const newest = await app.knex('messages').where({ ticketId: ticket!.id }).orderBy('id', 'desc').first('body', 'botPassed');
  t.same([newest.body, Number(newest.botPassed)], ['second', 1], 'the message is stored marked passed, in the same INSERT');
  t.equal(ticket!.unreadMessages, 3, 'the ticket counts the three unread messages');
  t.equal(ticket!.lastMessage, 'second');
});

t.test('the events: ticket update and appMessage create with message, ticket and contact', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const events = recordEvents(app);
  const wa = await defaultConnection();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990003', 'hello'));
  const ticketEvent = events.find((e) => e.event === 'ticket' && e.payload.action === 'update');
  const created = events.find((e) => e.event === 'appMessage' && e.payload.action === 'create' && !e.payload.message.fromMe);
  t.ok(ticketEvent, 'ticket event');
  t.equal(ticketEvent!.payload.ticket.contact.number, '5511999990003');
  t.equal(ticketEvent!.payload.ticket.whatsapp.name, wa.name);
  t.equal(created!.payload.message.body, 'hello');
  t.equal(created!.payload.contact.name, 'Maria Souza', 'the push name names a new contact');
  t.equal(created!.payload.ticket.id, ticketEvent!.payload.ticket.id);
});

t.test('an @lid id maps to the number: the same person stays one contact', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound('5511999990004', 'by number'));
  await Promise.all([
    app.pipeline.inbound.onMessage(conn, inbound('5511999990004@s.whatsapp.net', 'with lid', { lid: '123456789012345@lid' })),
    app.pipeline.inbound.onMessage(conn, inbound('5511999990004', 'again', { lid: '123456789012345@lid' })),
  ]);
  const contacts = await Contact.scoped(1).where({ number: '5511999990004' });
  t.equal(contacts.length, 1);
  t.equal(contacts[0].lid, '123456789012345');
  t.equal(await Ticket.scoped(1).where({ contactId: contacts[0].id }).resultSize(), 1);
});

t.test('media is saved through the storage and linked to the message', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const png = Buffer.from('89504e470d0a1a0a', 'hex');
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511999990005', '', {
    kind: 'image', media: { data: async () => png, mimetype: 'image/png', filename: 'photo.png' },
  }));
  const message = (await Message.scoped(1).where({ fromMe: false }).first())!;
  t.equal(message.mediaType, 'image');
  t.equal(message.mediaName, 'photo.png');
  t.match(message.mediaUrl, /\/media\/1\/[0-9a-f]{32}-photo\.png$/);
  const res = await app.inject({ method: 'GET', url: new URL(message.mediaUrl!).pathname });
  t.equal(res.statusCode, 200);
  t.same(res.rawPayload, png);
});

t.test('group messages are ignored while CheckMsgIsGroup is enabled, and kept as a group ticket when disabled', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound('120363000000000001@g.us', 'hi all', { isGroup: true, participant: '5511999990006' }));
  t.equal(await Message.scoped(1).resultSize(), 0, 'ignored');
  await app.tenancy.settings.set(1, 'CheckMsgIsGroup', 'disabled');
  await app.pipeline.inbound.onMessage(conn, inbound('120363000000000001@g.us', 'hi all', { isGroup: true, participant: '5511999990006' }));
  await app.jobs.idle();
  const ticket = (await Ticket.scoped(1).first())!;
  t.equal(ticket.isGroup, true);
  t.equal(await Message.scoped(1).where({ fromMe: true }).resultSize(), 0, 'no greeting to a group');
});

t.test('acks only rise and are emitted as appMessage updates', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const events = recordEvents(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  await app.pipeline.inbound.onMessage(conn, inbound('5511999990007', 'hello'));
  await app.jobs.idle();
  const greeting = (await Message.scoped(1).where({ fromMe: true }).first())!;
  t.equal(greeting.status, 'sent', 'the greeting of a new ticket went out');
  await app.pipeline.inbound.onAck(conn, { providerId: greeting.providerId!, ack: 3 });
  await app.pipeline.inbound.onAck(conn, { providerId: greeting.providerId!, ack: 2 });
  t.equal((await greeting.$query()).ack, 3, 'a late lower ack is ignored');
  const updates = events.filter((e) => e.event === 'appMessage' && e.payload.action === 'update' && e.payload.message.id === greeting.id && e.payload.message.ack === 3);
  t.equal(updates.length, 1);
});

t.test('with calls disabled a call is logged as a call_log message and the contact is told', async (t) => {
  const { app } = await build(t);
  const provider = useFakeProvider(app);
  await app.tenancy.settings.set(1, 'call', 'disabled');
  const wa = await defaultConnection();
  await app.pipeline.inbound.onCall!({ companyId: 1, whatsappId: wa.id }, { from: '5511999990008', providerId: 'call-1', isVideo: false, timestamp: new Date() });
  const log = await Message.scoped(1).where({ mediaType: 'call_log' });
  t.equal(log.length, 1);
  t.match(log[0].body, /Chamada de voz perdida/);
  t.ok(provider.sent.some((m) => /chamadas de voz e vídeo estão desabilitadas/.test(m.body ?? '')));
});
