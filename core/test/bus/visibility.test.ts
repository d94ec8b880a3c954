import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { Model } from 'objection';
import { io as connect, type Socket } from 'socket.io-client';
import { build, secondInstance } from '../helper.js';
import { Queue, Ticket } from '../../src/db/models/index.js';
import { withRetries } from '../../src/db/errors.js';
import { defaultConnection, inbound, useFakeProvider } from '../pipeline/fixtures.js';

/**
 * Live events follow ticket visibility (core §6): a ticket, its messages and its notes reach only the
 * sockets whose user may see that ticket. Sockets are real socket.io clients on a listening app; on
 * MariaDB + Redis the same runs with the sockets on a second app instance sharing the Redis adapter.
 */

type Test = Parameters<typeof build>[0];

interface Listener { socket: Socket; events: Array<{ name: string; payload: any }> }

async function listen(app: FastifyInstance) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
}

async function listener(t: Test, url: string, token: string): Promise<Listener> {
  const socket = connect(url, { path: '/socket.io', query: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.teardown(() => { socket.close(); });
  const events: Listener['events'] = [];
  socket.onAny((name: string, payload: unknown) => events.push({ name, payload }));
  await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
  return { socket, events };
}

/** Which ticket an event is about (ticket, message or note events), or undefined. */
function ticketOf(payload: any): number | undefined {
  return payload?.ticket?.id ?? payload?.ticketId ?? payload?.message?.ticketId ?? payload?.ticketNote?.ticketId;
}

let probes = 0;
/**
 * Waits until every listener got a probe emitted after the action: events reach a socket in order, so
 * whatever the action emitted has arrived by then (the probe names several rooms, like ticket events,
 * so with Redis it travels on the same channel).
 */
async function settle(app: FastifyInstance, companyId: number, listeners: Listener[]) {
  // Work the request started in jobs (the greeting on accept, bots) emits too: let it finish first.
  await app.jobs.idle();
  const n = ++probes;
  const deadline = Date.now() + 15_000;
  const arrived = listeners.map((l) => new Promise<void>((resolve, reject) => {
    const check = () => {
      if (l.events.some((e) => e.name === `company-${companyId}-probe` && e.payload === n)) resolve();
      else if (Date.now() > deadline || l.socket.disconnected) reject(new Error(`probe ${n} never reached socket ${l.socket.id} (connected: ${l.socket.connected})`));
      else setTimeout(check, 10);
    };
    check();
  }));
  app.bus.emit(companyId, 'probe', n, [app.bus.rooms.company(companyId), 'nobody']);
  await Promise.all(arrived);
}

const about = (l: Listener, ticketId: number, kind?: string) =>
  l.events.filter((e) => (!kind || e.name.endsWith(`-${kind}`)) && !e.name.endsWith('-probe') && ticketOf(e.payload) === ticketId);

/**
 * Company 1 with queues A and B and, each with a socket: Ana (queue A), Bruno (queue B), Nina (no queue),
 * Tiago (no queue, allTicket) and the admin. `socketsOn` is the app the sockets connect to.
 */
async function scenario(t: Test, ctx: Awaited<ReturnType<typeof build>>, socketsOn: FastifyInstance) {
  const { app, createUser, token } = ctx;
  const provider = useFakeProvider(app);
  // With two processes either one runs a job (a greeting's turn): both send through the fake phone, both are awaited.
  if (socketsOn !== app) useFakeProvider(socketsOn);
  const [qa, qb] = await Promise.all(['A', 'B'].map((n, i) => Queue.scoped(1).insertAndFetch({ name: `Fila ${n}`, color: `#00a0b${i}` } as Partial<Queue>)));
  const ana = await createUser(1, { name: 'Ana' });
  const bruno = await createUser(1, { name: 'Bruno' });
  const nina = await createUser(1, { name: 'Nina' });
  const tiago = await createUser(1, { name: 'Tiago', allTicket: 'enabled' });
  await app.knex('userQueues').insert([{ companyId: 1, userId: ana.id, queueId: qa.id }, { companyId: 1, userId: bruno.id, queueId: qb.id }]);
  const url = await listen(socketsOn);
  const [sAna, sBruno, sNina, sTiago, sAdmin] = await Promise.all([ana, bruno, nina, tiago, { token }].map((u) => listener(t, url, u.token)));
  const all = [sAna, sBruno, sNina, sTiago, sAdmin];
  const wa = await defaultConnection();
  let numbers = 0;
  /** A customer writes in; the ticket is then put in `queueId` without an event. */
  const ticketIn = async (queueId: number | null) => {
    numbers += 1;
    const number = `55119300000${String(numbers).padStart(2, '0')}`;
    await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'primeira'));
    const row = (await Ticket.scoped(1).orderBy('id', 'desc').first())!;
    // The pipeline's own replies may still be writing the ticket: on MariaDB this write can lose a deadlock to them.
    await app.jobs.idle();
    return { ticket: await withRetries(async () => Ticket.scoped(1).patchAndFetchById(row.id, { queueId } as Partial<Ticket>)), number };
  };
  const settleAll = async () => { if (socketsOn !== app) await socketsOn.jobs.idle(); await settle(app, 1, all); };
  /** Forgets what was heard so far (after letting whatever is in flight arrive). */
  const reset = async () => { await settleAll(); for (const l of all) l.events.length = 0; };
  return { ...ctx, provider, qa, qb, ana, bruno, nina, tiago, sAna, sBruno, sNina, sTiago, sAdmin, all, wa, ticketIn, settleAll, reset };
}

type Scenario = Awaited<ReturnType<typeof scenario>>;

async function queueTicketIsHeardOnlyByItsQueueAndAdmins(t: Test, s: Scenario) {
  const { app, request, wa, ticketIn, settleAll, reset, ana, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  await reset();
  // The customer writes again (ticket update + appMessage create with the body), an agent answers
  // (appMessage create and its delivery update), an agent writes a note.
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'segredo do cliente'));
  t.equal((await request('POST', `/api/messages/${ticket.id}`, { token: ana.token, body: { body: 'resposta da Ana' } })).status, 200);
  t.equal((await request('POST', '/api/ticket-notes', { token: ana.token, body: { ticketId: ticket.id, note: 'nota interna' } })).status, 200);
  await settleAll();

  const created = about(sAna, ticket.id, 'appMessage').find((e) => e.payload.action === 'create' && e.payload.message.body === 'segredo do cliente');
  t.ok(created, 'a member of the queue gets the message');
  t.equal(created?.payload.ticket.queue?.id, s.qa.id, 'with the ticket view');
  t.ok(about(sAna, ticket.id, 'ticket').length > 0, 'and the ticket update');
  t.ok(about(sAna, ticket.id, 'ticketNote').length > 0, 'and the note');
  for (const kind of ['ticket', 'appMessage', 'ticketNote']) t.ok(about(sAdmin, ticket.id, kind).length > 0, `the admin gets ${kind}`);
  for (const [who, l] of [['another queue', sBruno], ['no queue', sNina], ['allTicket outside the queue', sTiago]] as const) {
    t.same(about(l, ticket.id), [], `a user of ${who} gets nothing about the ticket`);
    t.notOk(l.events.some((e) => JSON.stringify(e.payload).includes('segredo do cliente')), `nor its messages (${who})`);
  }
}

async function unqueuedTicketFollowsAllTicket(t: Test, s: Scenario) {
  const { app, wa, ticketIn, settleAll, reset, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(null);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'sem fila'));
  await settleAll();
  t.ok(about(sTiago, ticket.id, 'appMessage').length > 0, 'an allTicket user hears a ticket without a queue');
  t.ok(about(sAdmin, ticket.id, 'appMessage').length > 0, 'so does the admin');
  for (const l of [sAna, sBruno, sNina]) t.same(about(l, ticket.id), [], 'users without allTicket do not');
}

async function transferMovesWhoHears(t: Test, s: Scenario) {
  const { app, request, token, wa, ticketIn, settleAll, reset, ana, nina, sAna, sBruno, sNina, sTiago, sAdmin } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  t.equal((await request('PUT', `/api/tickets/${ticket.id}`, { token: ana.token, body: { status: 'open' } })).status, 200);
  await reset();
  t.equal((await request('PUT', `/api/tickets/${ticket.id}`, { token: ana.token, body: { queueId: s.qb.id } })).status, 200, 'Ana transfers it to queue B');
  await settleAll();
  t.same(about(sAna, ticket.id).map((e) => e.payload), [{ action: 'delete', ticketId: ticket.id, moved: true }], 'the old queue drops it (delete, moved away), and hears nothing else');
  t.ok(about(sBruno, ticket.id, 'ticket').some((e) => e.payload.action === 'update' && e.payload.ticket.queueId === s.qb.id), 'the new queue gets the update');
  t.notOk(about(sBruno, ticket.id).some((e) => e.payload.action === 'delete'), 'and no delete');
  t.same(about(sAdmin, ticket.id).map((e) => e.payload.action), ['update'], 'the admin just sees the update');
  t.same(about(sNina, ticket.id), []);
  t.same(about(sTiago, ticket.id), []);

  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'depois da transferência'));
  await settleAll();
  t.same(about(sAna, ticket.id), [], 'after the transfer the old queue hears none of its messages');
  t.ok(about(sBruno, ticket.id, 'appMessage').length > 0, 'the new queue does');

  await reset();
  const assigned = await request('PUT', `/api/tickets/${ticket.id}`, { token, body: { userId: nina.id, status: 'open' } });
  t.equal(assigned.body.userId, nina.id, 'the admin gives it to Nina (no queue)');
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'para a Nina'));
  await settleAll();
  t.ok(about(sNina, ticket.id, 'ticket').some((e) => e.payload.action === 'update' && e.payload.ticket.userId === nina.id), 'the assigned user hears their ticket');
  t.ok(about(sNina, ticket.id, 'appMessage').some((e) => e.payload.message.body === 'para a Nina'), 'and its messages');
}

async function queueChangeUpdatesRooms(t: Test, s: Scenario) {
  const { app, request, token, wa, ticketIn, settleAll, reset, nina, sNina } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  t.equal((await request('PUT', `/api/users/${nina.id}`, { token, body: { queueIds: [s.qa.id] } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'Nina entrou na fila'));
  await settleAll();
  t.ok(about(sNina, ticket.id, 'appMessage').length > 0, 'added to queue A, her open socket hears it without reconnecting');

  t.equal((await request('PUT', `/api/users/${nina.id}`, { token, body: { queueIds: [] } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'Nina saiu da fila'));
  await settleAll();
  t.same(about(sNina, ticket.id), [], 'taken out of it, she stops hearing it');

  t.equal((await request('PUT', `/api/users/${nina.id}`, { token, body: { profile: 'admin' } })).status, 200);
  await reset();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound(number, 'Nina é admin'));
  await settleAll();
  t.ok(about(sNina, ticket.id, 'appMessage').length > 0, 'made admin, she hears every ticket');
}

async function typingIsHeardLikeTheTicket(t: Test, s: Scenario) {
  const { app, wa, ticketIn, settleAll, reset, sAna, sBruno, sNina, sTiago, sAdmin, all } = s;
  const { ticket, number } = await ticketIn(s.qa.id);
  await reset();
  await app.pipeline.inbound.onPresence!({ companyId: 1, whatsappId: wa.id }, { from: number, presence: 'composing' });
  await settleAll();
  const expected = { ticketId: ticket.id, contactId: ticket.contactId, presence: 'composing' };
  for (const [who, l] of [['the queue\'s member', sAna], ['the admin', sAdmin]] as const) {
    t.same(about(l, ticket.id, 'contactPresence').map((e) => e.payload), [expected], `${who} hears the contact typing`);
    t.same(l.events.filter((e) => e.name === 'company-1-presence').map((e) => e.payload), [expected], `${who} hears it under the family's name too`);
  }
  for (const [who, l] of [['another queue', sBruno], ['no queue', sNina], ['allTicket outside the queue', sTiago]] as const) {
    t.same(about(l, ticket.id), [], `a user of ${who} hears nothing of it`);
  }

  await reset();
  const contacts = await app.knex('contacts').count({ n: '*' }).first();
  await app.pipeline.inbound.onPresence!({ companyId: 1, whatsappId: wa.id }, { from: '5511977776666', presence: 'recording' });
  await settleAll();
  t.same(all.flatMap((l) => l.events.filter((e) => !e.name.endsWith('-probe'))), [], 'someone with no live ticket typing is told to nobody');
  t.same(await app.knex('contacts').count({ n: '*' }).first(), contacts, 'and makes no contact');
}

async function chatRoomNeedsVisibility(t: Test, s: Scenario) {
  const { ticketIn, sBruno, sAna, app } = s;
  const { ticket } = await ticketIn(s.qa.id);
  const members = async () => (await app.bus.io.in(app.bus.rooms.ticket(ticket.id)).fetchSockets()).map((x) => x.id).sort();
  sBruno.socket.emit('joinChatBox', String(ticket.id));
  sAna.socket.emit('joinChatBox', String(ticket.id));
  let joined: string[] = [];
  for (let i = 0; i < 100 && joined.length === 0; i++) { await new Promise((r) => setTimeout(r, 20)); joined = await members(); }
  await new Promise((r) => setTimeout(r, 100));
  t.same(await members(), [sAna.socket.id], 'Ana (queue A) joins the ticket\'s room; Bruno (queue B) is refused');
}

const cases: Array<[string, (t: Test, s: Scenario) => Promise<void>]> = [
  ['a queue\'s ticket, its messages and notes reach the queue\'s members and the admins, nobody else', queueTicketIsHeardOnlyByItsQueueAndAdmins],
  ['a ticket without a queue reaches allTicket users and admins only', unqueuedTicketFollowsAllTicket],
  ['a transfer moves who hears the ticket: the old queue gets delete, the new one the update; the assigned user hears it', transferMovesWhoHears],
  // Before the next case, which makes Nina an admin (in the two-instance run the cases share one scenario).
  ['a contact typing is heard by those who may see their ticket, under our name and the family client\'s', typingIsHeardLikeTheTicket],
  ['changing a user\'s queues or profile changes what their open sockets hear', queueChangeUpdatesRooms],
];

for (const [name, run] of cases) {
  t.test(name, async (t) => {
    const ctx = await build(t);
    await run(t, await scenario(t, ctx, ctx.app));
  });
}

t.test('joining a ticket\'s room needs the right to see the ticket', async (t) => {
  const ctx = await build(t);
  await chatRoomNeedsVisibility(t, await scenario(t, ctx, ctx.app));
});

t.test('a deleted user\'s open sockets are closed, and a token of a deleted user cannot connect', async (t) => {
  const ctx = await build(t);
  const s = await scenario(t, ctx, ctx.app);
  const closed = new Promise<string>((resolve) => s.sNina.socket.on('disconnect', (reason) => resolve(reason)));
  t.equal((await ctx.request('DELETE', `/api/users/${s.nina.id}`, { token: ctx.token })).status, 200);
  t.equal(await closed, 'io server disconnect');
  const url = `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
  const again = connect(url, { path: '/socket.io', query: { token: s.nina.token }, transports: ['websocket'], reconnection: false, forceNew: true });
  t.teardown(() => { again.close(); });
  const err = await new Promise<Error>((resolve) => again.on('connect_error', resolve));
  t.match(err.message, /ERR_SESSION_EXPIRED/);
});

t.test('bus.emit refuses a ticket event without a target (it would reach the whole company)', async (t) => {
  const { app } = await build(t);
  t.throws(() => app.bus.emit(1, 'ticket', { action: 'update', ticket: { id: 1 } }), /whole company/);
  t.throws(() => app.bus.emit(1, 'appMessage', { action: 'create' }), /whole company/);
});

/**
 * Two app instances on one database and one Redis: the sockets are on the second, every action runs on
 * the first; events and room changes cross through the Redis adapter.
 */
t.test('with two app instances sharing Redis, visibility holds across processes', { skip: !process.env.TEST_REDIS_URL && 'needs TEST_REDIS_URL' }, async (t) => {
  const ctx = await build(t);
  const second = await secondInstance(ctx.app);
  try {
    const s = await scenario(t, ctx, second);
    for (const [name, run] of cases) await t.test(name, (tt) => run(tt, s));
  } finally {
    await second.close();
    Model.knex(ctx.app.knex);
  }
});
