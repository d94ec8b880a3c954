import t from 'tap';
import path from 'node:path';
import { build, ADMIN_EMAIL, ADMIN_PASSWORD, type TestApp } from '../helper.js';
import { buildApp } from '../../src/app.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { captureEvents, makeContact } from '../contacts/fixtures.js';
import { multipart } from '../contacts/multipart.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

async function sandboxConnected(): Promise<Whatsapp> {
  for (let i = 0; i < 100; i++) {
    const w = await Whatsapp.scoped(1).where({ isDefault: true }).first();
    if (w?.status === 'CONNECTED') return w;
    await sleep(50);
  }
  throw new Error('the sandbox connection never came up');
}

async function waitFor<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await sleep(100);
  }
}

const finished = (request: TestApp['request'], token: string, id: number) =>
  waitFor(async () => { const r = await request('GET', `/api/schedules/${id}`, { token }); return r.body.status === 'ENVIADA' || r.body.status === 'ERRO' ? r.body : undefined; });

t.test('a schedule set one second ahead is delivered through the sandbox and marked ENVIADA', async (t) => {
  const { request, token } = await build(t);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550001' });
  const res = await request('POST', '/api/schedules', { token, body: { body: 'Your appointment is tomorrow', contactId: contact.id, sendAt: inSeconds(1) } });
  t.equal(res.status, 200);
  t.equal(res.body.status, 'PENDENTE');
  t.equal(res.body.contact.name, contact.name);
  const done = await finished(request, token, res.body.id);
  t.equal(done.status, 'ENVIADA', done.error ?? '');
  t.ok(done.sentAt);
  t.ok(done.ticketId, 'the message went into the contact\'s ticket');
  const outbox = await request('GET', `/api/sandbox/${connection.id}/outbox`, { token });
  t.ok(outbox.body.records.some((r: { to: string; body: string }) => r.to.startsWith('5511955550001') && r.body === 'Your appointment is tomorrow'));
  const edit = await request('PUT', `/api/schedules/${res.body.id}`, { token, body: { body: 'Changed after sending' } });
  t.equal(edit.status, 409, 'a sent schedule cannot be edited');
  t.equal(edit.body.error, 'ERR_SCHEDULE_ALREADY_SENT');
});

t.test('sendAt defaults to one hour from now; moving it earlier re-schedules and the message goes once', async (t) => {
  const { request, token } = await build(t);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550002' });
  const res = await request('POST', '/api/schedules', { token, body: { body: 'Moved schedule', contactId: contact.id } });
  const offset = Date.parse(res.body.sendAt) - Date.now();
  t.ok(offset > 3_590_000 && offset <= 3_600_000, 'one hour ahead');
  const moved = await request('PUT', `/api/schedules/${res.body.id}`, { token, body: { sendAt: inSeconds(1) } });
  t.equal(moved.status, 200);
  const done = await finished(request, token, res.body.id);
  t.equal(done.status, 'ENVIADA');
  await sleep(500);
  const outbox = await request('GET', `/api/sandbox/${connection.id}/outbox`, { token });
  t.equal(outbox.body.records.filter((r: { body: string }) => r.body === 'Moved schedule').length, 1, 'sent exactly once');
});

t.test('a failed delivery is recorded as ERRO with its error, never lost', async (t) => {
  const { request, token } = await build(t);
  await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550003' });
  const res = await request('POST', '/api/schedules', { token, body: { body: 'Will fail to send', contactId: contact.id, sendAt: inSeconds(1) } });
  await Whatsapp.scoped(1).patch({ isDefault: false } as Partial<Whatsapp>); // no default connection any more
  const done = await finished(request, token, res.body.id);
  t.equal(done.status, 'ERRO');
  t.match(done.error, /ERR_NO_DEF_WAPP_FOUND/);
  t.notOk(done.sentAt);
});

t.test('a schedule still due is delivered by a new app built on the same database after a restart', async (t) => {
  const first = await build(t);
  await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550004' });
  const res = await first.request('POST', '/api/schedules', { token: first.token, body: { body: 'Survives a restart', contactId: contact.id, sendAt: inSeconds(3) } });
  t.equal(res.status, 200);
  const { config } = first.app;
  await first.app.close();

  const second = await buildApp({
    logger: false,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? '', PLUGINS_DIR: '' },
    config: { dataDir: config.dataDir, database: config.database, seed: true, consoleDir: path.join(config.dataDir, 'no-console'), sandbox: config.sandbox, loginRateLimit: config.loginRateLimit },
  });
  try {
    await second.ready();
    const login = await second.inject({ method: 'POST', url: '/api/auth/login', payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const token = login.json().token;
    // Due while the new app's sessions start: a connection not up yet gives the claim back and tries again 10 s later.
    const row = await waitFor(async () => {
      const r = (await second.inject({ method: 'GET', url: `/api/schedules/${res.body.id}`, headers: { authorization: `Bearer ${token}` } })).json();
      return r.status === 'ENVIADA' || r.status === 'ERRO' ? r : undefined;
    }, 60_000);
    t.equal(row.status, 'ENVIADA', row.error ?? '');
    const w = await Whatsapp.scoped(1).where({ isDefault: true }).first();
    const outbox = (await second.inject({ method: 'GET', url: `/api/sandbox/${w!.id}/outbox`, headers: { authorization: `Bearer ${token}` } })).json();
    t.equal(outbox.records.filter((r: { body: string }) => r.body === 'Survives a restart').length, 1, 'delivered once');
  } finally {
    await second.close();
  }
});

t.test('a send cut off mid-way (its job runs again and finds the row ENVIANDO) is reported as ERRO once stuck, never sent again', async (t) => {
  const { app, request, token } = await build(t);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550005' });
  const res = await request('POST', '/api/schedules', { token, body: { body: 'Cut off while sending', contactId: contact.id, sendAt: inSeconds(3600) } });
  // As a process that died between the claim and the outcome leaves it: claimed 11 minutes ago, still due.
  const sendAt = '2020-01-01 00:00:00.000';
  await app.knex('schedules').where({ id: res.body.id }).update({ status: 'ENVIANDO', sendAt, updatedAt: new Date(Date.now() - 11 * 60_000).toISOString().replace('T', ' ').replace('Z', '') });
  await app.jobs.enqueue('schedule.send', { companyId: 1, scheduleId: res.body.id, sendAt }, { jobId: 'second-run' });
  const row = await waitFor(async () => {
    const r = (await request('GET', `/api/schedules/${res.body.id}`, { token })).body;
    return r.status === 'ERRO' ? r : undefined;
  });
  t.match(row.error, /interrupted while sending/);
  const outbox = await request('GET', `/api/sandbox/${connection.id}/outbox`, { token });
  t.equal(outbox.body.records.filter((r: { body: string }) => r.body === 'Cut off while sending').length, 0, 'not sent again');
});

t.test('schedules are listed with count, searched, filtered by contact and validated', async (t) => {
  const { request, token } = await build(t);
  const ana = await makeContact(1, { name: 'Ana Lima' });
  const bob = await makeContact(1, { name: 'Bob Reis' });
  for (let i = 0; i < 21; i++) await request('POST', '/api/schedules', { token, body: { body: `Reminder number ${i}`, contactId: ana.id, sendAt: inSeconds(3600 + i) } });
  await request('POST', '/api/schedules', { token, body: { body: 'Birthday wishes', contactId: bob.id, sendAt: inSeconds(7200) } });
  const first = await request('GET', '/api/schedules', { token });
  t.equal(first.body.schedules.length, 20);
  t.equal(first.body.count, 22);
  t.equal(first.body.hasMore, true);
  t.equal(first.body.schedules[0].body, 'Reminder number 0', 'soonest first');
  t.equal((await request('GET', '/api/schedules', { token, query: { contactId: bob.id } })).body.count, 1);
  t.equal((await request('GET', '/api/schedules', { token, query: { searchParam: 'bob' } })).body.schedules[0].body, 'Birthday wishes', 'search by contact name');
  t.equal((await request('GET', '/api/schedules', { token, query: { searchParam: 'BIRTHDAY' } })).body.count, 1);
  t.equal((await request('POST', '/api/schedules', { token, body: { body: 'Hey', contactId: ana.id } })).status, 400, 'body of at least 5');
  t.equal((await request('POST', '/api/schedules', { token, body: { body: 'Hello there' } })).status, 400, 'contact required');
  t.equal((await request('POST', '/api/schedules', { token, body: { body: 'Hello there', contactId: ana.id, sendAt: 'tomorrow' } })).status, 400);
  t.equal((await request('POST', '/api/schedules', { token, body: { body: 'Hello there', contactId: 999999 } })).body.error, 'ERR_NO_CONTACT_FOUND');
});

t.test('a schedule takes a png/jpg image; anything else is refused', async (t) => {
  const { app, request, token } = await build(t);
  const contact = await makeContact(1);
  const s = (await request('POST', '/api/schedules', { token, body: { body: 'With a picture', contactId: contact.id } })).body;
  const send = (filename: string, mimetype: string) => {
    const { payload, headers } = multipart({}, [{ field: 'file', filename, content: Buffer.from([0x89, 0x50, 0x4e, 0x47]), mimetype }]);
    return app.inject({ method: 'POST', url: `/api/schedules/${s.id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const ok = await send('photo.png', 'image/png');
  t.equal(ok.statusCode, 200, ok.body);
  t.equal(ok.json().mediaName, 'photo.png');
  const pdf = await send('doc.pdf', 'application/pdf');
  t.equal(pdf.statusCode, 400);
  t.equal(pdf.json().error, 'ERR_INVALID_MEDIA_TYPE');
  const removed = await request('DELETE', `/api/schedules/${s.id}/media-upload`, { token });
  t.equal(removed.body.mediaPath, null);
});

t.test('schedules need the plan feature; another company gets 404 and sees none', async (t) => {
  const { request, token, createTenant } = await build(t);
  const contact = await makeContact(1);
  const s = (await request('POST', '/api/schedules', { token, body: { body: 'Company one only', contactId: contact.id } })).body;
  const other = await createTenant('Other Co');
  const ot = other.admin.token;
  t.equal((await request('GET', `/api/schedules/${s.id}`, { token: ot })).status, 404);
  t.equal((await request('PUT', `/api/schedules/${s.id}`, { token: ot, body: { body: 'Hacked body' } })).status, 404);
  t.equal((await request('DELETE', `/api/schedules/${s.id}`, { token: ot })).status, 404);
  t.equal((await request('DELETE', `/api/schedules/${s.id}/media-upload`, { token: ot })).status, 404);
  t.equal((await request('GET', '/api/schedules', { token: ot })).body.count, 0);
  t.equal((await request('POST', '/api/schedules', { token: ot, body: { body: 'Their contact?', contactId: contact.id } })).status, 404, 'nor schedule to another company\'s contact');
  const noPlan = await createTenant('No Schedules Co', { useSchedules: false });
  const refused = await request('GET', '/api/schedules', { token: noPlan.admin.token });
  t.equal(refused.status, 403);
  t.equal(refused.body.error, 'ERR_PLAN_FEATURE_DISABLED');
  t.equal((await request('DELETE', `/api/schedules/${s.id}`, { token })).status, 200);
  t.equal((await request('GET', `/api/schedules/${s.id}`, { token })).status, 404);
});

t.test('schedule create, update and delete emit company-1-schedule', async (t) => {
  const { app, request, token } = await build(t);
  const actions = captureEvents(app, 1, 'schedule');
  const contact = await makeContact(1);
  const s = (await request('POST', '/api/schedules', { token, body: { body: 'Event check', contactId: contact.id } })).body;
  await request('PUT', `/api/schedules/${s.id}`, { token, body: { body: 'Event check 2' } });
  await request('DELETE', `/api/schedules/${s.id}`, { token });
  t.same(actions, ['create', 'update', 'delete']);
});

t.test('a schedule with an image is delivered with its attachment', async (t) => {
  const { app, request, token } = await build(t);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550005' });
  const s = (await request('POST', '/api/schedules', { token, body: { body: 'Here is the photo', contactId: contact.id, sendAt: inSeconds(2) } })).body;
  const { payload, headers } = multipart({}, [{ field: 'file', filename: 'photo.png', content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), mimetype: 'image/png' }]);
  t.equal((await app.inject({ method: 'POST', url: `/api/schedules/${s.id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } })).statusCode, 200);
  const done = await finished(request, token, s.id);
  t.equal(done.status, 'ENVIADA', done.error ?? '');
  const outbox = await request('GET', `/api/sandbox/${connection.id}/outbox`, { token });
  const sent = outbox.body.records.find((r: { to: string }) => r.to.startsWith('5511955550005'));
  t.ok(sent?.mediaUrl, 'the image went out');
});

t.test('a schedule due while its connection\'s row says CONNECTED but no session runs (as just after a restart) waits for the session instead of failing', async (t) => {
  const { app, request, token } = await build(t);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: '5511955550009' });
  await app.sessions.stop(connection.id);
  // What a restart leaves: the stored status of the last session, and no session in this process yet.
  await Whatsapp.scoped(1).findById(connection.id).patch({ status: 'CONNECTED', userStopped: false } as Partial<Whatsapp>);
  const res = await request('POST', '/api/schedules', { token, body: { body: 'Waits for the session', contactId: contact.id, sendAt: inSeconds(1) } });
  t.equal(res.status, 200);
  await sleep(2500);
  const waiting = await request('GET', `/api/schedules/${res.body.id}`, { token });
  t.equal(waiting.body.status, 'PENDENTE', `due, but still waiting for the session (${waiting.body.error ?? ''})`);
  await app.sessions.start(1, connection.id);
  const done = await waitFor(async () => { const r = await request('GET', `/api/schedules/${res.body.id}`, { token }); return r.body.status === 'ENVIADA' || r.body.status === 'ERRO' ? r.body : undefined; }, 60_000);
  t.equal(done.status, 'ENVIADA', done.error ?? '');
});
