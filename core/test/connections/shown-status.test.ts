import t from 'tap';
import { build } from '../helper.js';
import { Whatsapp } from '../../src/db/models/index.js';
import { SessionManager } from '../../src/messaging/sessions.js';
import { LocalLeases } from '../../src/messaging/leases.js';
import { SandboxProvider } from '../../src/messaging/providers/sandbox.js';
import { until } from './util.js';

/**
 * A connection is listed with the status its session really has (issue 41): right after a start the seeded sandbox
 * connection's row still said CONNECTED (written by the previous run) while sends answered ERR_WAPP_NOT_INITIALIZED.
 * The rule checked over every listed connection: listed CONNECTED means its session is up.
 */
async function listedConnectedButNotRunning(app: Awaited<ReturnType<typeof build>>['app'], request: Awaited<ReturnType<typeof build>>['request'], token: string) {
  const listed = (await request('GET', '/api/whatsapp', { token })).body as { id: number; status: string }[];
  const wrong: string[] = [];
  for (const c of listed) {
    const one = (await request('GET', `/api/whatsapp/${c.id}`, { token })).body as { status: string };
    // One process here: a session runs when this process drives it (with Redis, provider() is a stand-in that forwards).
    const running = app.sessions.statusOf(c.id) === 'CONNECTED';
    if ((c.status === 'CONNECTED' || one.status === 'CONNECTED') && !running) wrong.push(`${c.id} listed ${c.status}, shown ${one.status}, not running`);
    if (running && c.status !== 'CONNECTED') wrong.push(`${c.id} running but listed ${c.status}`);
  }
  return { listed, wrong };
}

t.test('a connection whose row says CONNECTED but whose session is not running is listed OPENING', async (t) => {
  const { app, request, token } = await build(t);
  const seeded = (await Whatsapp.scoped(1).where('provider', 'sandbox').first())!;
  await until(() => app.sessions.statusOf(seeded.id) === 'CONNECTED', 5000, 'the seeded sandbox connected');
  // A row as a previous run left it: CONNECTED, not stopped on purpose, no session in this process yet.
  const stale = await Whatsapp.scoped(1).insertAndFetch({ name: 'Left connected', provider: 'sandbox', status: 'CONNECTED', isDefault: false, userStopped: false, token: 'stale-token-1' } as Partial<Whatsapp>);
  t.equal(app.sessions.statusOf(stale.id), undefined, 'no session runs it');
  const { listed, wrong } = await listedConnectedButNotRunning(app, request, token);
  t.equal(listed.find((c) => c.id === stale.id)?.status, 'OPENING', 'listed as opening, not CONNECTED');
  t.equal(listed.find((c) => c.id === seeded.id)?.status, 'CONNECTED', 'the running one is CONNECTED');
  t.same(wrong, [], 'no connection is listed CONNECTED while its session answers ERR_WAPP_NOT_INITIALIZED');
  // Stopped on purpose: its stored status stands.
  await request('DELETE', `/api/whatsappsession/${stale.id}`, { token });
  t.equal((await request('GET', `/api/whatsapp/${stale.id}`, { token })).body.status, 'DISCONNECTED', 'a stopped connection is DISCONNECTED');
});

t.test('right after a start: OPENING until the session is up, then CONNECTED, never ahead of it', async (t) => {
  const { app } = await build(t);
  const seeded = (await Whatsapp.scoped(1).where('provider', 'sandbox').first())!;
  await until(() => app.sessions.statusOf(seeded.id) === 'CONNECTED', 5000, 'the seeded sandbox connected');
  // A second manager plays the process that has just started: the row says CONNECTED, its session is not up yet.
  const manager = new SessionManager({
    bus: app.bus, log: app.log, leases: new LocalLeases(),
    createProvider: async (_kind, ctx) => new SandboxProvider(ctx, { autoScanMs: 10, ackStepMs: 10 }),
  });
  t.teardown(() => manager.shutdown());
  const row = () => Whatsapp.scoped(1).findById(seeded.id).then((r) => r!);
  t.equal((await row()).status, 'CONNECTED', 'the row says CONNECTED');
  t.equal(await manager.shownStatus(await row()), 'OPENING', 'shown as opening before the start');
  t.throws(() => manager.provider(seeded.id), { code: 'ERR_WAPP_NOT_INITIALIZED' });
  await manager.start(1, seeded.id);
  await until(() => manager.statusOf(seeded.id) === 'CONNECTED', 3000, 'CONNECTED');
  t.equal(await manager.shownStatus(await row()), 'CONNECTED', 'shown CONNECTED once the session is');
  t.ok(manager.provider(seeded.id), 'and it takes a send');
});
