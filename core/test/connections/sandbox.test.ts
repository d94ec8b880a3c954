import t from 'tap';
import { io as connect } from 'socket.io-client';
import { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import type { ConnectionRef, InboundHandler } from '../../src/messaging/sessions.js';
import type { AckUpdate, InboundMessage } from '../../src/messaging/provider.js';
import { SandboxProvider } from '../../src/messaging/providers/sandbox.js';
import { SandboxOutbox } from '../../src/messaging/providers/sandbox-outbox.js';
import { SessionManager } from '../../src/messaging/sessions.js';
import { LocalLeases } from '../../src/messaging/leases.js';
import { until } from './util.js';

/** An InboundHandler that records what reaches it. */
function recorder() {
  const messages: Array<{ conn: ConnectionRef; message: InboundMessage }> = [];
  const acks: Array<{ conn: ConnectionRef; update: AckUpdate }> = [];
  const handler: InboundHandler = {
    async onMessage(conn, message) { messages.push({ conn, message }); },
    async onAck(conn, update) { acks.push({ conn, update }); },
  };
  return { handler, messages, acks };
}

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----atriumtest' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  if (file) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const seededId = async () => (await Whatsapp.scoped(1).where('provider', 'sandbox').first())!.id;

t.test('on a fresh install the seeded sandbox connection comes up by itself', async (t) => {
  const { app } = await build(t);
  const id = await seededId();
  const row = await until(async () => {
    const r = await Whatsapp.scoped(1).findById(id);
    return r?.status === 'CONNECTED' ? r : undefined;
  }, 5000, 'CONNECTED');
  t.match(row.number, /^\d{8,15}$/, 'a fake phone number');
  t.equal(row.qrcode, '', 'QR cleared once connected');
  t.equal(row.retries, 0);
  t.equal(app.sessions.statusOf(id), 'CONNECTED');
  t.ok(app.sessions.provider(id), 'provider() answers for a connected session');
});

t.test('QR then scan: the whatsappSession events reach a socket.io client, QR first, cleared when connected', async (t) => {
  const { app, token, request } = await build(t, { config: { sandbox: { autoScanMs: 60_000, ackStepMs: 30 } } });
  const id = await seededId();
  await until(async () => (await Whatsapp.scoped(1).findById(id))?.status === 'qrcode', 5000, 'qrcode');
  t.throws(() => app.sessions.provider(id), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'not connected yet');
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token }, transports: ['websocket'] });
  t.teardown(() => { socket.close(); });
  await new Promise<void>((resolve, reject) => { socket.on('connect', () => resolve()); socket.on('connect_error', reject); });
  const seen: any[] = [];
  socket.on('company-1-whatsappSession', (p) => seen.push(p));

  const newQr = await request('PUT', `/api/whatsappsession/${id}`, { token });
  t.equal(newQr.status, 200);
  const qrEvent = await until(() => seen.find((p) => p.session.status === 'qrcode'), 3000, 'qrcode event');
  t.equal(qrEvent.action, 'update');
  t.equal(qrEvent.session.id, id);
  t.match(qrEvent.session.qrcode, /^sandbox:/, 'the QR travels in the event');

  const scan = await request('POST', `/api/sandbox/${id}/scan`, { token });
  t.equal(scan.status, 200);
  t.equal(scan.body.message, 'QR scanned');
  const connected = await until(() => seen.find((p) => p.session.status === 'CONNECTED'), 3000, 'CONNECTED event');
  t.equal(connected.session.qrcode, '');
  t.match(connected.session.number, /^\d+$/);
  t.notOk('token' in connected.session, 'no token in events');
  t.ok(seen.indexOf(qrEvent) < seen.indexOf(connected), 'qrcode before CONNECTED');
  const again = await request('POST', `/api/sandbox/${id}/scan`, { token });
  t.equal(again.body.message, 'Already connected');
});

t.test('sent messages land in the outbox and their ack rises 1 → 4, each step reported', async (t) => {
  const { app, token, request } = await build(t);
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  const rec = recorder();
  app.sessions.setInboundHandler(rec.handler);
  const sent = await app.sessions.provider(id).send({ to: '5511999990000', body: 'Hello from the desk' });
  t.equal(sent.ack, 1);
  t.match(sent.providerId, /^SBX[0-9A-F]+$/);
  await until(() => rec.acks.some((a) => a.update.ack === 4), 3000, 'ack 4');
  t.same(rec.acks.map((a) => a.update.ack), [2, 3, 4], 'each step reported in order');
  t.same(rec.acks[0].conn, { companyId: 1, whatsappId: id });
  t.equal(rec.acks[0].update.providerId, sent.providerId);
  const outbox = await request('GET', `/api/sandbox/${id}/outbox`, { token });
  t.equal(outbox.status, 200);
  t.equal(outbox.body.hasMore, false);
  t.match(outbox.body.records[0], { providerId: sent.providerId, to: '5511999990000', body: 'Hello from the desk', ack: 4 });
  t.match(outbox.body.records[0].createdAt, /T.*Z$/);
  t.same(await app.sessions.provider(id).checkNumber('+55 11 99999-0000'), { exists: true, number: '5511999990000' });
  t.same(await app.sessions.provider(id).checkNumber('1234'), { exists: false, number: '1234' });
});

t.test('the outbox is paged newest first', async (t) => {
  const { app, token, request } = await build(t, { config: { sandbox: { autoScanMs: 20, ackStepMs: 60_000 } } });
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  for (let i = 1; i <= 21; i++) await app.sessions.provider(id).send({ to: '5511999990000', body: `m${i}` });
  const first = await request('GET', `/api/sandbox/${id}/outbox`, { token });
  t.equal(first.body.records.length, 20);
  t.equal(first.body.hasMore, true);
  t.equal(first.body.records[0].body, 'm21');
  const second = await request('GET', `/api/sandbox/${id}/outbox`, { token, query: { pageNumber: 2 } });
  t.same(second.body.records.map((r: { body: string }) => r.body), ['m1']);
  t.equal(second.body.hasMore, false);
});

t.test('events that arrive before an inbound handler is set are queued, then delivered in order', async (t) => {
  const { app } = await build(t);
  // A manager of our own (the app's already has the pipeline's handler), driving a connection the app leaves alone.
  const row = await Whatsapp.scoped(1).insertAndFetch({ name: 'Queued', provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  const manager = new SessionManager({
    bus: app.bus, log: app.log, leases: new LocalLeases(),
    createProvider: async (kind, ctx) => new SandboxProvider(ctx, { autoScanMs: 10, ackStepMs: 10 }),
  });
  t.teardown(() => manager.shutdown());
  await manager.start(1, row.id);
  await until(() => manager.statusOf(row.id) === 'CONNECTED', 3000, 'CONNECTED');
  const sandbox = manager.running(row.id) as SandboxProvider;
  const first = await sandbox.simulateInbound({ number: '5511900000001', body: 'one' });
  const second = await sandbox.simulateInbound({ number: '5511900000001', body: 'two' });
  await manager.provider(row.id).send({ to: '5511900000001', body: 'reply' });
  await until(async () => (await SandboxOutbox.scoped(1).where('whatsappId', row.id).first())?.ack === 4, 3000, 'acks done');
  const rec = recorder();
  manager.setInboundHandler(rec.handler);
  await until(() => rec.messages.length === 2 && rec.acks.length === 3, 2000, 'queued events delivered');
  t.same(rec.messages.map((m) => m.message.providerId), [first, second], 'queued, not dropped, in order');
  t.same(rec.acks.map((a) => a.update.ack), [2, 3, 4]);
  const third = await sandbox.simulateInbound({ number: '5511900000001', body: 'three' });
  t.equal(rec.messages[2].message.providerId, third, 'later events go straight to the handler');
});

t.test('a simulated contact writes: JSON and multipart reach the inbound handler', async (t) => {
  const { app, token, request } = await build(t);
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  const rec = recorder();
  app.sessions.setInboundHandler(rec.handler);

  const res = await request('POST', `/api/sandbox/${id}/inbound`, { token, body: { number: '+55 (11) 98888-7777', body: 'Oi!', name: 'Ana', quotedProviderId: 'SBXABC' } });
  t.equal(res.status, 200);
  t.match(res.body.providerId, /^SBXIN/);
  const msg = rec.messages[0];
  t.same(msg.conn, { companyId: 1, whatsappId: id });
  t.match(msg.message, { providerId: res.body.providerId, from: '5511988887777', pushName: 'Ana', fromMe: false, isGroup: false, kind: 'text', body: 'Oi!', quotedProviderId: 'SBXABC' });
  t.ok(msg.message.timestamp instanceof Date);

  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const form = multipart({ number: '5511977776666', body: 'a photo', name: 'Bia' }, { name: 'pic.png', type: 'image/png', data: png });
  const up = await app.inject({ method: 'POST', url: `/api/sandbox/${id}/inbound`, headers: { ...form.headers, authorization: `Bearer ${token}` }, payload: form.payload });
  t.equal(up.statusCode, 200, up.body);
  const media = rec.messages[1].message;
  t.equal(media.kind, 'image');
  t.equal(media.body, 'a photo');
  t.equal(media.media?.mimetype, 'image/png');
  t.equal(media.media?.filename, 'pic.png');
  t.same(media.media?.data, png);

  const badForm = multipart({ number: 'abc', body: 'x' });
  const bad = await app.inject({ method: 'POST', url: `/api/sandbox/${id}/inbound`, headers: { ...badForm.headers, authorization: `Bearer ${token}` }, payload: badForm.payload });
  t.equal(bad.statusCode, 400);
  t.equal(bad.json().error, 'ERR_VALIDATION');
  t.match(bad.json().field, /number/);
  const badJson = await request('POST', `/api/sandbox/${id}/inbound`, { token, body: { body: 'no number' } });
  t.equal(badJson.status, 400);
  t.equal(badJson.body.error, 'ERR_VALIDATION');
});

t.test('sandbox routes: other companies get 404, non-admins 403, non-sandbox connections ERR_NOT_SANDBOX', async (t) => {
  const { app, token, request, createTenant, createUser } = await build(t);
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  const other = await createTenant('Other');
  const user = await createUser(1);
  const calls: Array<[string, string, unknown?]> = [
    ['POST', `/api/sandbox/${id}/inbound`, { number: '5511977776666', body: 'x' }],
    ['GET', `/api/sandbox/${id}/outbox`],
    ['POST', `/api/sandbox/${id}/scan`],
    ['POST', `/api/sandbox/${id}/presence`, { number: '5511977776666', presence: 'composing' }],
  ];
  for (const [method, url, b] of calls) {
    const foreign = await request(method, url, { token: other.admin.token, body: b });
    t.equal(foreign.status, 404, `other company: ${method} ${url}`);
    t.equal(foreign.body.error, 'ERR_NO_WAPP_FOUND');
    const plain = await request(method, url, { token: user.token, body: b });
    t.equal(plain.status, 403, `non-admin: ${method} ${url}`);
  }
  const beta = await Whatsapp.scoped(1).insertAndFetch({ name: 'Real phone', provider: 'beta', status: 'DISCONNECTED', isDefault: false, userStopped: true } as Partial<Whatsapp>);
  for (const [method, url, b] of calls) {
    const res = await request(method, url.replace(`/${id}/`, `/${beta.id}/`), { token, body: b });
    t.equal(res.status, 400, `${method} on a beta connection`);
    t.equal(res.body.error, 'ERR_NOT_SANDBOX');
  }
  const typing = await request('POST', `/api/sandbox/${id}/presence`, { token, body: { number: '5511977776666', presence: 'available' } });
  t.equal(typing.status, 400, 'a presence other than composing, recording or paused is refused');
  t.equal(typing.body.error, 'ERR_VALIDATION');
});

t.test('disconnect logs out: DISCONNECTED, not started again on boot; start pairs again with a new QR', async (t) => {
  const { app, token, request } = await build(t);
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  const del = await request('DELETE', `/api/whatsappsession/${id}`, { token });
  t.equal(del.status, 200);
  const row = await Whatsapp.scoped(1).findById(id);
  t.equal(row!.status, 'DISCONNECTED');
  t.equal(row!.userStopped, true);
  t.equal(app.sessions.running(id), undefined);
  const inbound = await request('POST', `/api/sandbox/${id}/inbound`, { token, body: { number: '5511977776666', body: 'x' } });
  t.equal(inbound.body.error, 'ERR_WAPP_NOT_INITIALIZED');
  await t.rejects(async () => app.sessions.provider(id).send({ to: '5511977776666', body: 'x' }), { code: 'ERR_WAPP_NOT_INITIALIZED' }, 'a send finds the connection down (here or in any process)');
  await app.sessions.startAll();
  t.equal(app.sessions.running(id), undefined, 'a connection stopped on purpose stays down');

  const events: string[] = [];
  const emit = app.bus.emit;
  app.bus.emit = (companyId, event, payload: any, room) => { if (event === 'whatsappSession') events.push(payload.session.status); emit.call(app.bus, companyId, event, payload, room); };
  t.teardown(() => { app.bus.emit = emit; });
  const start = await request('POST', `/api/whatsappsession/${id}`, { token });
  t.equal(start.status, 200);
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED again');
  await until(() => events.includes('CONNECTED'), 2000, 'CONNECTED event');
  t.same(events.slice(0, 2), ['qrcode', 'CONNECTED'], 'logged out: a new QR was needed');
});

t.test('a restart resumes a paired sandbox session without a QR', async (t) => {
  const { app } = await build(t);
  const id = await seededId();
  await until(() => app.sessions.statusOf(id) === 'CONNECTED', 5000, 'CONNECTED');
  await app.sessions.shutdown();
  const statuses: string[] = [];
  const fresh = new SandboxProvider({
    companyId: 1, whatsappId: id, log: app.log,
    events: { onStatus: (s) => { statuses.push(s); }, onMessage: async () => {}, onAck: () => {} },
  }, { autoScanMs: 60_000, ackStepMs: 60_000 });
  await fresh.start();
  t.same(statuses, ['OPENING', 'CONNECTED']);
  await fresh.stop();
});
