import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build } from '../helper.js';
import { Contact, Message, Ticket, Whatsapp } from '../../src/db/models/index.js';
import { toDbTime } from '../../src/db/time.js';
import { defaultConnection, inbound, useFakeProvider } from '../pipeline/fixtures.js';
import { waitFor } from '../pipeline/http.js';

/**
 * One clock for every rule with a duration (issue 41): at a scaled clock (ATRIUM_TIME_SCALE) each rule acts on the
 * scaled duration, so a test or a demo sees in seconds what production does in minutes, hours or days. Each case
 * below would wait the real time (15 minutes, 24 hours, an hour) on the wall clock.
 */
const FAST = 0.001; // a minute is 60 ms, an hour 3.6 s

t.test('the 15-minute edit window: a message 5 seconds old is past it at a scaled clock', async (t) => {
  const { app, request, token } = await build(t, { config: { timeScale: FAST } });
  useFakeProvider(app);
  const wa = await defaultConnection();
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511955550001', 'oi'));
  await app.jobs.idle();
  const ticket = (await Ticket.scoped(1).first())!;
  const mine = (await request('POST', `/api/messages/${ticket.id}`, { token, body: { body: 'Olá' } })).body.messages[0];
  await Message.scoped(1).findById(mine.id).patch({ createdAt: toDbTime(Date.now() - 5000) } as Partial<Message>);
  const late = await request('POST', `/api/messages/edit/${mine.id}`, { token, body: { body: 'Olá!' } });
  t.match(late, { status: 400, body: { error: 'ERR_EDIT_WINDOW_PASSED' } }, '15 scaled minutes are 0.9 s');
});

t.test('SLA due times: a 1-minute first-response target is breached after a scaled minute', async (t) => {
  const { request, token } = await build(t, { config: { timeScale: FAST } });
  const queue = await request('POST', '/api/queue', { token, body: { name: 'SLA rápido', color: '#0c0c0c', slaFirstResponseMinutes: 1, slaResolutionMinutes: 600 } });
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: 'Prazo', number: '5511955550003' } as Partial<Contact>);
  const start = Date.now();
  const created = await request('POST', '/api/tickets', { token, body: { contactId: contact.id, queueId: queue.body.id, status: 'pending' } });
  t.equal(created.status, 200);
  const ticket = (await Ticket.scoped(1).findById(created.body.id))!;
  t.ok(Date.parse(ticket.resolutionDueAt!) - start < 60_000, `10 hours to resolve are 36 scaled seconds (due ${ticket.resolutionDueAt})`);
  await waitFor(async () => (await Ticket.scoped(1).findById(ticket.id))?.firstResponseBreached, 15_000, 'the first response breached');
  t.pass('the breach job ran at the scaled due time');
});

t.test('job retry backoff: a retry an hour later runs after a scaled hour', async (t) => {
  const { app } = await build(t, { config: { timeScale: FAST } });
  const runs: number[] = [];
  app.jobs.define<{ n: number }>('clock.retry-probe', async () => {
    runs.push(runs.length + 1);
    if (runs.length === 1) throw new Error('first run fails');
  });
  await app.jobs.enqueue('clock.retry-probe', { n: 1 }, { retries: 1, backoffMs: 3_600_000 });
  await waitFor(() => runs.length >= 2, 20_000, 'the retry');
  t.same(runs, [1, 2], 'failed once, retried once');
});

t.test('ticket inactivity: a connection\'s 1-hour expiry closes the ticket after a scaled hour', async (t) => {
  const { app } = await build(t, { config: { timeScale: FAST } });
  useFakeProvider(app);
  const wa = await defaultConnection();
  await Whatsapp.scoped(1).findById(wa.id).patch({ expiresTicket: 1 } as Partial<Whatsapp>);
  app.pipeline.deps.connections.invalidate(wa.id);
  await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: wa.id }, inbound('5511955550004', 'oi'));
  const ticket = (await waitFor(() => Ticket.scoped(1).first(), 5000, 'the ticket'))!;
  await waitFor(async () => (await Ticket.scoped(1).findById(ticket.id))?.status === 'closed', 20_000, 'closed by inactivity');
  t.pass('closed after 3.6 s of inactivity');
});

t.test('an inbound message is dated by the time its provider reports, never later than the server\'s own', async (t) => {
  const { app } = await build(t);
  useFakeProvider(app);
  const wa = await defaultConnection();
  const conn = { companyId: 1, whatsappId: wa.id };
  const dayAgo = new Date(Date.now() - 25 * 3600_000);
  await app.pipeline.inbound.onMessage(conn, inbound('5511955550005', 'enviada ontem', { timestamp: dayAgo }));
  await app.pipeline.inbound.onMessage(conn, inbound('5511955550006', 'do futuro', { timestamp: new Date(Date.now() + 3600_000) }));
  await app.jobs.idle();
  const late = (await waitFor(() => Message.scoped(1).where({ body: 'enviada ontem' }).first(), 5000, 'the late message'))!;
  const future = (await waitFor(() => Message.scoped(1).where({ body: 'do futuro' }).first(), 5000, 'the future message'))!;
  t.equal(Date.parse(late.createdAt!), dayAgo.getTime(), 'a late delivery keeps the time it was sent');
  t.ok(Date.parse(future.createdAt!) <= Date.now(), 'a time ahead of the server is bounded by the server\'s now');
  const lastInbound = await app.services.history.lastInboundAt(1, { whatsappId: wa.id, contactId: late.contactId! });
  t.equal(Date.parse(lastInbound!), dayAgo.getTime(), 'a channel\'s service window (sdk.services.history) counts from when the customer wrote, not when it arrived');
});
