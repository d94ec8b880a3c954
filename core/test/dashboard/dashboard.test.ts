import t from 'tap';
import { build } from '../helper.js';
import { makeContact, makeTicket } from '../contacts/fixtures.js';

const iso = (day: string, time: string) => `${day}T${time}.000Z`;

async function seedTickets(userA: number, userB: number) {
  // Closed on 2030-01-10: A handled two (20 and 40 min, ratings 3 and 1), B one (10 min, rating 2).
  await makeTicket(1, { status: 'closed', userId: userA, createdAt: iso('2030-01-10', '09:00:00'), acceptedAt: iso('2030-01-10', '09:10:00'), closedAt: iso('2030-01-10', '09:30:00'), rating: 3 });
  await makeTicket(1, { status: 'closed', userId: userA, createdAt: iso('2030-01-10', '10:00:00'), acceptedAt: iso('2030-01-10', '10:20:00'), closedAt: iso('2030-01-10', '11:00:00'), rating: 1 });
  await makeTicket(1, { status: 'closed', userId: userB, createdAt: iso('2030-01-10', '14:00:00'), acceptedAt: iso('2030-01-10', '14:30:00'), closedAt: iso('2030-01-10', '14:40:00'), rating: 2 });
  // Outside the period.
  await makeTicket(1, { status: 'closed', userId: userB, createdAt: iso('2030-02-01', '10:00:00'), acceptedAt: iso('2030-02-01', '10:00:00'), closedAt: iso('2030-02-01', '12:00:00'), rating: 3 });
  // Live now.
  await makeTicket(1, { status: 'open', userId: userA, createdAt: iso('2030-01-11', '08:00:00'), acceptedAt: iso('2030-01-11', '08:06:00') });
  await makeTicket(1, { status: 'pending', createdAt: iso('2030-01-11', '08:30:00') });
  await makeTicket(1, { status: 'pending', createdAt: iso('2030-01-12', '08:30:00') });
}

t.test('the dashboard counts live tickets, finished ones in the period, leads and average times in minutes', async (t) => {
  const { request, token, createUser } = await build(t);
  const a = await createUser(1, { name: 'Ana' });
  const b = await createUser(1, { name: 'Bruno' });
  await seedTickets(a.id, b.id);
  await makeContact(1, { createdAt: iso('2030-01-10', '12:00:00') });
  await makeContact(1, { createdAt: iso('2029-12-31', '23:59:59') });
  const res = await request('GET', '/api/dashboard', { token, query: { date_from: '2030-01-10', date_to: '2030-01-11' } });
  t.equal(res.status, 200, JSON.stringify(res.body));
  const c = res.body.counters;
  t.equal(c.supportHappening, 1);
  t.equal(c.supportPending, 2);
  t.equal(c.supportFinished, 3);
  t.equal(c.leads, 1);
  t.equal(c.avgSupportTime, 23.3, '(20 + 40 + 10) / 3');
  t.equal(c.avgWaitTime, 16.5, '(10 + 20 + 30 + 6) / 4 accepted in the period');
  const ana = res.body.attendants.find((x: { name: string }) => x.name === 'Ana');
  t.same(ana, { id: a.id, name: 'Ana', online: true, rating: 2, avgSupportTime: 30, tickets: 2 });
  const bruno = res.body.attendants.find((x: { name: string }) => x.name === 'Bruno');
  t.equal(bruno.tickets, 1);
  t.equal(bruno.rating, 2);
  t.ok(res.body.attendants.some((x: { name: string; tickets: number }) => x.name === 'Admin' && x.tickets === 0), 'attendants without tickets are listed too');
  const recent = await request('GET', '/api/dashboard', { token, query: { days: 7 } });
  t.equal(recent.body.counters.supportFinished, 0, 'nothing closed in the last 7 days');
  t.equal(recent.body.counters.supportHappening, 1, 'live counts do not depend on the period');
});

t.test('charts: tickets per attendant, per day, and per hour for a single day', async (t) => {
  const { request, token, createUser } = await build(t);
  const a = await createUser(1, { name: 'Ana' });
  const b = await createUser(1, { name: 'Bruno' });
  await seedTickets(a.id, b.id);
  const users = await request('GET', '/api/dashboard/ticketsUsers', { token, query: { initialDate: '2030-01-10', finalDate: '2030-01-12' } });
  t.same(users.body.data, [{ nome: 'Ana', quantidade: 3 }, { nome: 'Sem atendente', quantidade: 2 }, { nome: 'Bruno', quantidade: 1 }]);
  t.equal(users.body.count, 6);
  const days = await request('GET', '/api/dashboard/ticketsDay', { token, query: { initialDate: '2030-01-10', finalDate: '2030-01-31' } });
  t.same(days.body.data, [{ data: '2030-01-10', total: 3 }, { data: '2030-01-11', total: 2 }, { data: '2030-01-12', total: 1 }]);
  t.equal(days.body.count, 6);
  const hours = await request('GET', '/api/dashboard/ticketsDay', { token, query: { initialDate: '2030-01-10', finalDate: '2030-01-10' } });
  t.same(hours.body.data, [{ horario: '09', total: 1 }, { horario: '10', total: 1 }, { horario: '14', total: 1 }]);
});

t.test('the dashboard is for admins, scoped to the company, and validates its dates', async (t) => {
  const { request, token, createUser, createTenant } = await build(t);
  const a = await createUser(1, { name: 'Ana' });
  await seedTickets(a.id, a.id);
  t.equal((await request('GET', '/api/dashboard', { token: a.token })).status, 403);
  t.equal((await request('GET', '/api/dashboard/ticketsDay', { token: a.token, query: { initialDate: '2030-01-10', finalDate: '2030-01-10' } })).status, 403);
  const other = await createTenant('Other Co');
  const theirs = await request('GET', '/api/dashboard', { token: other.admin.token, query: { date_from: '2030-01-01', date_to: '2030-12-31' } });
  t.same(theirs.body.counters, { supportHappening: 0, supportPending: 0, supportFinished: 0, leads: 0, avgSupportTime: 0, avgWaitTime: 0 });
  t.same((await request('GET', '/api/dashboard/ticketsUsers', { token: other.admin.token, query: { initialDate: '2030-01-01', finalDate: '2030-12-31' } })).body, { data: [], count: 0 });
  t.equal((await request('GET', '/api/dashboard/ticketsDay', { token, query: { initialDate: '10/01/2030', finalDate: '2030-01-10' } })).status, 400);
  t.equal((await request('GET', '/api/dashboard/ticketsDay', { token, query: { initialDate: '2030-01-10' } })).status, 400);
  t.equal((await request('GET', '/api/dashboard', { token, query: { days: 'many' } })).status, 400);
  const backwards = await request('GET', '/api/dashboard/ticketsUsers', { token, query: { initialDate: '2030-02-10', finalDate: '2030-01-10' } });
  t.equal(backwards.status, 400);
  t.equal(backwards.body.error, 'ERR_INVALID_DATE_RANGE');
});
