import t from 'tap';
import { io as connect, type Socket } from 'socket.io-client';
import { build, type TestApp } from '../helper.js';
import { connectedSandbox } from '../pipeline/http.js';
import { until } from '../connections/util.js';
import { recordedCalls, recordedListeners, type RecordedCall } from './family-client.fixtures.js';

/**
 * The family's web client against Atrium (issue 43): every recorded call of its screens
 * (family-client.fixtures.ts) answers the status the client goes on with and carries every field it reads;
 * every event it listens to arrives with the fields it reads. Generated from the fixtures: a form added there
 * is checked here.
 */

/** Whether `value` has what the client reads at `path` (`a.b`, `a[]`, `a[].b`, `[]`, `[].b`). */
export function reads(value: unknown, path: string): boolean {
  const [head, ...rest] = path.split('.');
  if (head === '[]') return Array.isArray(value) && (rest.length === 0 || value.every((v) => reads(v, rest.join('.'))));
  if (value === null || typeof value !== 'object') return false;
  const list = head.endsWith('[]');
  const field = (value as Record<string, unknown>)[list ? head.slice(0, -2) : head];
  if (field === undefined) return false;
  if (list) return Array.isArray(field) && (rest.length === 0 || field.every((v) => reads(v, rest.join('.'))));
  return rest.length === 0 || reads(field, rest.join('.'));
}

t.test('reads: the path rules the suite checks with', async (t) => {
  t.ok(reads({ a: { b: 0 } }, 'a.b'));
  t.notOk(reads({ a: {} }, 'a.b'));
  t.ok(reads({ a: [{ b: null }] }, 'a[].b'));
  t.notOk(reads({ a: [{ c: 1 }] }, 'a[].b'));
  t.notOk(reads({ a: { b: 1 } }, 'a[]'));
  t.ok(reads([{ key: 'x' }], '[].key'));
  t.notOk(reads({ records: [] }, '[]'));
});

interface Ids { company: number; queue: number; campaign: number; whatsapp: number; contactList: number }

/** The ids the client would have read from earlier answers. */
async function idsFor(env: TestApp): Promise<Ids> {
  const { request, token, app } = env;
  const wa = await connectedSandbox(app);
  const queue = await request('POST', '/api/queue', { token, body: { name: 'Recepção', color: '#9c27b0' } });
  const list = await request('POST', '/api/contact-lists', { token, body: { name: 'Clientes' } });
  const campaign = await request('POST', '/api/campaigns', { token, body: { name: 'Boas-vindas', message1: 'Olá', whatsappId: wa.id, contactListId: list.body.id } });
  if (queue.status !== 200 || campaign.status !== 200) throw new Error(`setup: ${JSON.stringify([queue.body, campaign.body])}`);
  return { company: 1, queue: queue.body.id, campaign: campaign.body.id, whatsapp: wa.id, contactList: list.body.id };
}

/** The call with its placeholders filled: `{queue}` in the path, and a body value that is exactly '{whatsapp}' becomes the id. */
function filled(call: RecordedCall, ids: Ids) {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: keyof Ids) => String(ids[name]));
  const body = call.body === undefined ? undefined : JSON.parse(JSON.stringify(call.body), (_key, value) =>
    (typeof value === 'string' && /^\{\w+\}$/.test(value) ? Number(fill(value)) : value));
  return { url: fill(call.url), body };
}

t.test('every recorded call of the family\'s client answers what the client reads', async (t) => {
  const env = await build(t);
  const ids = await idsFor(env);
  for (const call of recordedCalls) {
    const { url, body } = filled(call, ids);
    const reply = await env.request(call.method, url, { token: env.token, body, query: call.query });
    const what = `${call.screen}: ${call.name} (${call.method} ${call.url})`;
    t.equal(reply.status, call.status, `${what} → ${call.status} ${reply.status === call.status ? '' : JSON.stringify(reply.body).slice(0, 300)}`);
    if (call.error) t.equal(reply.body?.error, call.error, `${what}: ${call.error}`);
    const missing = call.reads.filter((path) => !reads(reply.body, path));
    t.same(missing, [], `${what}: the fields the client reads are there`);
  }
});

t.test('every live event the family\'s client listens to arrives with the fields it reads', async (t) => {
  const env = await build(t);
  const ids = await idsFor(env);
  const { app, token, request, createUser } = env;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const open = (as: string) => {
    const socket: Socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token: as }, transports: ['websocket'], reconnection: false, forceNew: true });
    t.teardown(() => { socket.close(); });
    const heard: Array<{ name: string; payload: any }> = [];
    socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
    return { socket, heard };
  };
  const admin = open(token);
  for (const listener of recordedListeners) {
    const name = listener.event.replace('{company}', String(ids.company));
    const from = admin.heard.length;
    if ('call' in listener.trigger) {
      const { url, body } = filled(listener.trigger.call, ids);
      const reply = await request(listener.trigger.call.method, url, { token, body });
      t.equal(reply.status, listener.trigger.call.status, `${listener.name}: the trigger answers ${JSON.stringify(reply.body).slice(0, 200)}`);
    } else if ('otherUserComesAndGoes' in listener.trigger) {
      const agent = await createUser(1, { name: 'Agente Família' });
      const { socket } = open(agent.token);
      await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
      socket.close();
    }
    // `connect`: the admin socket opened above; its events are all in `heard`, so look from the start.
    const start = 'connect' in listener.trigger ? 0 : from;
    const event = await until(() => admin.heard.slice(start).find((e) => e.name === name), 5000, `${name} (${listener.name})`).catch(() => undefined);
    t.ok(event, `${listener.name}: the client hears ${name}`);
    if (!event) continue;
    t.same(listener.reads.filter((path) => !reads(event.payload, path)), [], `${listener.name}: the fields the client reads are there`);
  }
});
