import t from 'tap';
import { io as connect, type Socket } from 'socket.io-client';
import { build } from '../helper.js';
import { until } from '../connections/util.js';

/**
 * Issue 32: the dashboard listed the signed-in admin as Offline after a page reload. Presence is announced to the
 * admins (`presence`), and a reload (the old page's socket gone, the new page's connecting) ends online.
 */
t.test('presence: going offline and coming back are announced to the admins; a reload ends online', async (t) => {
  const { app, token, request, createUser, createTenant } = await build(t);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const sockets: Socket[] = [];
  t.teardown(() => { for (const s of sockets) s.close(); });
  const open = async (auth: string) => {
    const socket = connect(`http://127.0.0.1:${port}`, { path: '/socket.io', query: { token: auth }, transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => { socket.once('connect', () => resolve()); socket.once('connect_error', reject); });
    return socket;
  };
  const agent = await createUser(1, { name: 'Agente Presença' });
  const heard: Array<{ userId: number; online: boolean }> = [];
  const admin = await open(token);
  admin.on('company-1-presence', (p: { userId: number; online: boolean }) => heard.push(p));
  const other = await createTenant('Outra Presença');
  const outsider = await open(other.admin.token);
  const outsiderHeard: unknown[] = [];
  outsider.on('company-1-presence', (p: unknown) => outsiderHeard.push(p));
  const listed = async () => ((await request('GET', '/api/dashboard', { token })).body.attendants as Array<{ id: number; online: boolean }>).find((a) => a.id === agent.id)?.online;

  const first = await open(agent.token);
  t.equal(await listed(), true, 'signed in and connected: online');
  first.close();
  await until(() => heard.find((p) => p.userId === agent.id && !p.online), 5000, 'offline announced');
  t.equal(await listed(), false, 'the dashboard agrees');

  await open(agent.token);
  await until(() => heard.find((p) => p.userId === agent.id && p.online), 5000, 'online announced');
  t.equal(await listed(), true, 'back online, announced live');

  // A reload: the page's socket closes and the new page's connects at once, whichever the server handles first.
  for (let i = 0; i < 12; i++) {
    const [old] = sockets.slice(-1);
    old.close();
    await open(agent.token);
  }
  // The server has let go of every old socket; then its last disconnect handler's write has had its moment.
  await until(async () => (await app.bus.io.in(`user-${agent.id}`).fetchSockets()).length === 1, 5000, 'old sockets gone');
  await new Promise((r) => setTimeout(r, 300));
  t.equal(await listed(), true, 'after reloads: online');
  const last = heard.filter((p) => p.userId === agent.id).at(-1);
  t.equal(last?.online, true, 'and the last word the admins heard is online');
  t.same(outsiderHeard, [], 'another company hears nothing of it');
});
