import t from 'tap';
import { randomUUID } from 'node:crypto';
import { build, type TestApp } from '../helper.js';
import { Contact, Ticket } from '../../src/db/models/index.js';
import { SLA_BREACH_JOB } from '../../src/domains/sla/service.js';
import { connectedSandbox, socketFor, waitFor } from '../pipeline/http.js';

/** Issue 30: SLA targets per queue (or the company's default), due times on the ticket, a breach job at the due time. */

let seq = 0;
async function enter(app: TestApp, queueId: number) {
  const contact = await Contact.scoped(1).insertAndFetch({ uuid: randomUUID(), name: `Cliente SLA ${++seq}`, number: `55118${String(10_000_000 + seq)}` } as Partial<Contact>);
  const res = await app.request('POST', '/api/tickets', { token: app.token, body: { contactId: contact.id, queueId, status: 'pending' } });
  if (res.status !== 200) throw new Error(`ticket not created: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

const minutesFrom = (iso: string | null | undefined, start: number) => (Date.parse(iso ?? '') - start) / 60_000;

t.test('due times: the queue\'s targets, else the company\'s default; none without targets', async (t) => {
  const app = await build(t);
  const { request, token } = app;
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Suporte SLA', color: '#0a0a0a', slaFirstResponseMinutes: 10, slaResolutionMinutes: 240 } });
  t.equal(queue.status, 200);
  t.equal(queue.body.slaFirstResponseMinutes, 10);
  const plain = await request('POST', '/api/queue', { token, body: { name: 'Sem SLA', color: '#0b0b0b' } });

  const start = Date.now();
  const id = await enter(app, queue.body.id);
  const ticket = await Ticket.scoped(1).findById(id);
  t.ok(Math.abs(minutesFrom(ticket?.firstResponseDueAt, start) - 10) < 0.5, 'first response due in 10 minutes');
  t.ok(Math.abs(minutesFrom(ticket?.resolutionDueAt, start) - 240) < 0.5, 'resolution due in 4 hours');
  const shown = await request('GET', `/api/tickets/${id}`, { token });
  t.equal(shown.body.firstResponseDueAt, ticket?.firstResponseDueAt, 'the ticket reply carries its due times');
  t.equal(shown.body.firstResponseBreached, false);

  t.equal((await Ticket.scoped(1).findById(await enter(app, plain.body.id)))?.firstResponseDueAt ?? null, null, 'no target, no due time');
  const set = await request('PUT', '/api/settings/slaFirstResponseMinutes', { token, body: { value: '30' } });
  t.equal(set.status, 200, 'the company default is a setting');
  const withDefault = await Ticket.scoped(1).findById(await enter(app, plain.body.id));
  t.ok(Math.abs(minutesFrom(withDefault?.firstResponseDueAt, Date.now()) - 30) < 0.5, 'the company default applies to a queue without its own');
  t.equal(withDefault?.resolutionDueAt ?? null, null, 'only the targets set');

  // A transfer keeps the promise made when the ticket first entered a queue.
  const before = (await Ticket.scoped(1).findById(id))!.firstResponseDueAt;
  await request('PUT', `/api/tickets/${id}`, { token, body: { queueId: plain.body.id } });
  t.equal((await Ticket.scoped(1).findById(id))?.firstResponseDueAt, before, 'a transfer keeps the due times');

  const bad = [
    await request('PUT', `/api/queue/${queue.body.id}`, { token, body: { slaFirstResponseMinutes: -1 } }),
    await request('PUT', `/api/queue/${queue.body.id}`, { token, body: { slaResolutionMinutes: 'soon' } }),
    await request('PUT', '/api/settings/slaResolutionMinutes', { token, body: { value: 'never' } }),
  ];
  t.same(bad.map((r) => r.status), [400, 400, 400], 'invalid targets are refused');
  const other = await app.createTenant('Outra SLA');
  const foreign = await request('PUT', `/api/queue/${queue.body.id}`, { token: other.admin.token, body: { slaFirstResponseMinutes: 1 } });
  t.equal(foreign.status, 404, 'another company\'s queue is not found');
});

t.test('due times in opening hours: the queue\'s when the company uses queue hours, else calendar time', async (t) => {
  const app = await build(t);
  const { request, token } = app;
  // Open one hour, two days from now (local time, as the hours are read); closed every other day.
  const now = new Date();
  const openDay = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 2);
  const week = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
  const schedules = week.map((weekdayEn, i) => (i === openDay.getDay()
    ? { weekday: weekdayEn, weekdayEn, startTime: '10:00', endTime: '11:00' }
    : { weekday: weekdayEn, weekdayEn, startTime: '00:00', endTime: '00:00' }));
  const queue = await request('POST', '/api/queue', { token, body: { name: 'SLA no horário', color: '#0d0d0d', schedules, slaFirstResponseMinutes: 30 } });
  t.equal(queue.status, 200);

  const start = Date.now();
  const calendar = await Ticket.scoped(1).findById(await enter(app, queue.body.id));
  t.ok(Math.abs(minutesFrom(calendar?.firstResponseDueAt, start) - 30) < 0.5, 'hours not in force (scheduleType disabled): calendar time');

  t.equal((await request('PUT', '/api/settings/scheduleType', { token, body: { value: 'queue' } })).status, 200);
  const inHours = await Ticket.scoped(1).findById(await enter(app, queue.body.id));
  const expected = new Date(openDay.getFullYear(), openDay.getMonth(), openDay.getDate(), 10, 30).getTime();
  t.equal(Date.parse(inHours?.firstResponseDueAt ?? ''), expected, 'queue hours in force: due half an hour into the next opening');

  // The breach job waits for that time, not for the calendar's.
  t.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${inHours!.id}-firstResponse`), 'the breach job is scheduled');
});

t.test('the breach job: a missed first response is flagged and announced to the ticket\'s audience; a met one is not', async (t) => {
  const app = await build(t);
  const { request, token } = app;
  await connectedSandbox(app.app);
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Fila SLA', color: '#0c0c0c', slaFirstResponseMinutes: 15, slaResolutionMinutes: 60 } });
  const late = await enter(app, queue.body.id);
  const answered = await enter(app, queue.body.id);

  // The first agent message meets the first response.
  t.equal((await request('PUT', `/api/tickets/${answered}`, { token, body: { status: 'open' } })).status, 200);
  t.equal((await request('POST', `/api/messages/${answered}`, { token, body: { body: 'Olá! Já vou ver.' } })).status, 200);
  t.ok((await Ticket.scoped(1).findById(answered))?.firstRespondedAt, 'first response met by the agent\'s message');

  const admin = await socketFor(t, app.app, token);
  const other = await app.createTenant('Outra Brecha');
  const outsider = await socketFor(t, app.app, other.admin.token);
  const outsiderHeard: unknown[] = [];
  outsider.onAny((name: string, payload: unknown) => { if (/slaBreach/.test(name)) outsiderHeard.push(payload); });
  const breaches: any[] = [];
  admin.on('company-1-slaBreach', (p) => breaches.push(p));
  const flagged = new Promise<any>((resolve) => admin.on('company-1-ticket', (p) => { if (p.ticket?.id === late && p.ticket.firstResponseBreached) resolve(p.ticket); }));

  // The due time comes: the job scheduled for it (a durable job, pending now) is run at once instead.
  for (const id of [late, answered]) {
    t.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${id}-firstResponse`), 'a job waits for the first-response due time');
    await Ticket.scoped(1).where({ id }).patch({ firstResponseDueAt: new Date(Date.now() - 1000).toISOString() } as Partial<Ticket>);
    await app.app.jobs.enqueue(SLA_BREACH_JOB, { companyId: 1, ticketId: id, target: 'firstResponse' });
  }
  await app.app.jobs.idle();
  const ticket = await flagged;
  t.equal(ticket.firstResponseBreached, true, 'the ticket update carries the breach');
  await waitFor(() => breaches.length > 0, 3000, 'slaBreach');
  t.same(breaches.map((b) => [b.ticketId, b.target]), [[late, 'firstResponse']], 'only the late ticket breached, announced as slaBreach');
  const lateRow = (await Ticket.scoped(1).findById(late))!;
  const lateContact = await Contact.scoped(1).findById(lateRow.contactId);
  t.same([breaches[0].uuid, breaches[0].contactName], [lateRow.uuid, lateContact?.name], 'the event names the ticket and its contact (the console\'s toast and bell)');
  t.equal((await Ticket.scoped(1).findById(answered))?.firstResponseBreached, false, 'the answered one is not flagged');
  t.equal((await Ticket.scoped(1).findById(late))?.resolutionBreached, false, 'the resolution is not due yet');
  t.same(outsiderHeard, [], 'another company hears nothing');

  // Closing meets the resolution: its job finds nothing to flag.
  t.equal((await request('PUT', `/api/tickets/${answered}`, { token, body: { status: 'closed' } })).status, 200);
  t.ok(await app.app.jobs.cancel(SLA_BREACH_JOB, `sla-${answered}-resolution`), 'a job waits for the resolution due time');
  await Ticket.scoped(1).where({ id: answered }).patch({ resolutionDueAt: new Date(Date.now() - 1000).toISOString() } as Partial<Ticket>);
  await app.app.jobs.enqueue(SLA_BREACH_JOB, { companyId: 1, ticketId: answered, target: 'resolution' });
  await app.app.jobs.idle();
  t.equal((await Ticket.scoped(1).findById(answered))?.resolutionBreached, false, 'closed in time: no breach');
});

t.test('the first agent message is recorded on a ticket without targets too: the period figures count its first response', async (t) => {
  const app = await build(t);
  const { request, token } = app;
  await connectedSandbox(app.app);
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Fila sem SLA', color: '#0e0e0e' } });
  const id = await enter(app, queue.body.id);
  t.equal((await Ticket.scoped(1).findById(id))?.firstResponseDueAt, null, 'no target');
  t.equal((await request('PUT', `/api/tickets/${id}`, { token, body: { status: 'open' } })).status, 200);
  t.equal((await request('POST', `/api/messages/${id}`, { token, body: { body: 'Olá! Em que posso ajudar?' } })).status, 200);
  const first = (await Ticket.scoped(1).findById(id))?.firstRespondedAt;
  t.ok(first, 'first response recorded');
  t.equal((await request('POST', `/api/messages/${id}`, { token, body: { body: 'Ainda aqui.' } })).status, 200);
  t.equal((await Ticket.scoped(1).findById(id))?.firstRespondedAt, first, 'the first one only');
  const figures = await request('GET', '/api/dashboard/service/period', { token, query: { days: 1, queueId: queue.body.id } });
  t.same([figures.body.total.firstResponse.count, figures.body.total.sla.firstResponse.settled], [1, 0], 'a first response counted, no target settled');
});
