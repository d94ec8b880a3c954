import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { io as connect } from 'socket.io-client';
import { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { eventSpecOf, socketEvents } from '../../src/bus/events.js';
import { until } from '../connections/util.js';

/**
 * The socket event catalogue (bus/events.ts) is the contract clients and plugins code against: a
 * conversation driven end to end through the API (sandbox inbound, accept, reply, acks, note, tags,
 * transfer, resolve, connection and contact edits) and every payload a real socket receives is a
 * catalogued event whose payload validates against its schema.
 */
t.test('every event a socket hears during a conversation is in the catalogue and matches its payload schema', async (t) => {
  const { app, token, request } = await build(t);
  const wa = (await Whatsapp.scoped(1).where('provider', 'sandbox').first())!;
  await until(() => app.sessions.statusOf(wa.id) === 'CONNECTED', 5000, 'sandbox CONNECTED');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.teardown(() => { socket.close(); });
  const events: Array<{ name: string; payload: any }> = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
  const seen = (name: string, test: (p: any) => boolean = () => true) => events.find((e) => e.name === `company-1-${name}` && test(e.payload));
  const ok = (reply: { status: number; body: unknown }, what: string) => t.equal(reply.status, 200, `${what}: ${JSON.stringify(reply.body).slice(0, 200)}`);

  const me = (await request('GET', '/api/auth/me', { token })).body;
  ok(await request('POST', `/api/sandbox/${wa.id}/inbound`, { token, body: { number: '5511988887777', name: 'Cliente Catálogo', body: 'Olá, preciso de ajuda' } }), 'inbound');
  const created = await until(() => seen('appMessage', (p) => p.action === 'create' && !p.message.fromMe), 5000, 'inbound appMessage');
  const ticketId: number = created.payload.ticket.id;
  ok(await request('POST', `/api/sandbox/${wa.id}/presence`, { token, body: { number: '5511988887777', presence: 'composing' } }), 'the contact types');
  await until(() => seen('contactPresence'), 5000, 'contactPresence');

  ok(await request('PUT', `/api/tickets/${ticketId}`, { token, body: { status: 'open', userId: me.id } }), 'accept');
  ok(await request('POST', `/api/messages/${ticketId}`, { token, body: { body: 'Bom dia, como posso ajudar?' } }), 'reply');
  await until(() => seen('appMessage', (p) => p.action === 'update' && p.message.fromMe && p.message.ack >= 2), 5000, 'ack update');
  const note = await request('POST', '/api/ticket-notes', { token, body: { ticketId, contactId: created.payload.contact.id, note: 'Cliente VIP' } });
  ok(note, 'note');
  const tag = await request('POST', '/api/tags', { token, body: { name: 'Urgente', color: '#ff0000' } });
  ok(tag, 'tag');
  ok(await request('POST', `/api/tags/sync`, { token, body: { ticketId, tags: [{ id: tag.body.id }] } }), 'tag sync');
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Financeiro', color: '#00aa00' } });
  ok(queue, 'queue');
  ok(await request('PUT', `/api/tickets/${ticketId}`, { token, body: { queueId: queue.body.id } }), 'transfer');
  ok(await request('PUT', `/api/tickets/${ticketId}`, { token, body: { status: 'closed' } }), 'resolve');
  ok(await request('PUT', `/api/contacts/${created.payload.contact.id}`, { token, body: { name: 'Cliente Renomeado' } }), 'contact update');
  ok(await request('PUT', `/api/whatsapp/${wa.id}`, { token, body: { greetingMessage: 'Bem-vindo!' } }), 'connection update');
  ok(await request('DELETE', `/api/ticket-notes/${note.body.id}`, { token }), 'note delete');
  await until(() => seen('whatsapp') && seen('ticketNote', (p) => p.action === 'delete') && seen('ticket', (p) => p.ticket?.status === 'closed'), 5000, 'last events');

  const names = new Set<string>();
  for (const event of events) {
    const entry = eventSpecOf(event.name);
    if (!entry) { t.fail(`${event.name} is not in the catalogue`); continue; }
    names.add(entry.name);
    const errors = [...Value.Errors(entry.spec.payload, event.payload)].slice(0, 3).map((e) => `${e.path}: ${e.message}`);
    t.same(errors, [], `${event.name} ${event.payload?.action ?? ''} matches its schema`);
  }
  for (const name of ['ticket', 'appMessage', 'ticketNote', 'contact', 'whatsapp', 'tag', 'queue', 'contactPresence'] as const) {
    t.ok(names.has(name), `the conversation produced a ${name} event`);
    t.ok(socketEvents[name], `${name} is catalogued`);
  }
  const transferred = seen('ticket', (p) => p.action === 'update' && p.ticket.queueId === queue.body.id);
  t.match(transferred?.payload.ticket, { queue: { id: queue.body.id, name: 'Financeiro', color: '#00aa00' }, whatsapp: { id: wa.id, name: wa.name } }, 'a ticket event carries its queue and connection');
  const accepted = seen('ticket', (p) => p.action === 'update' && p.ticket.status === 'open');
  t.match(accepted?.payload.ticket, { user: { id: me.id, name: me.name }, whatsapp: { id: wa.id }, contact: { number: '5511988887777' } }, 'and its user and contact');
});

t.test('the catalogue rejects a ticket event in another shape (a plugin\'s own card)', async (t) => {
  const card = { action: 'update', ticket: { id: 1, status: 'open', contact: { id: 1, name: 'x', number: '1' } } };
  t.notOk(Value.Check(socketEvents.ticket.payload, card), 'a card without queue, user, connection and protocol is no ticket view');
  t.notOk(Value.Check(socketEvents.appMessage.payload, { action: 'create', message: { id: 1 } }), 'a message event needs the message view, its ticket and contact');
});
