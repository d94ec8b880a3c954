import t from 'tap';
import { api, waitForExit, waitUntil } from '../hardening/server-process.js';
import { acceptedNotStoredOnce, inboundTraffic, serverOnPrivateRedis } from './fault-server.js';

const skip = process.env.TEST_DB !== 'mysql' || !process.env.TEST_REDIS_URL ? 'Redis faults run on the MariaDB + Redis leg' : false;
const ADMIN = { email: 'faults-pause@atrium.test', password: 'Faults-pass-123' };
/**
 * A request still unanswered after this long hangs: it is well past every documented bound (Redis command and enqueue
 * 2 s, database acquire 5 s and statement 10 s; docs/operations.md). Not a speed goal: a liveness bound.
 */
const HANG_MS = 20_000;

/** One call that answers, or 'hang' when it did not within HANG_MS. */
async function call(url: string, token: string | undefined, method: string, route: string, body?: unknown): Promise<{ status: number | 'hang'; body?: any }> {
  try {
    const res = await fetch(`${url}${route}`, {
      method, signal: AbortSignal.timeout(HANG_MS),
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => undefined) };
  } catch (err) {
    if ((err as Error).name === 'TimeoutError') return { status: 'hang' };
    throw err;
  }
}

t.test('Redis paused (SIGSTOP) under traffic: the server stays up, answers 200 or 503 without hanging, and recovers after SIGCONT', { skip }, async (t) => {
  const { redis, child, url, token, connectionId, db } = await serverOnPrivateRedis(t, 'faults_pause', ADMIN);
  const agent = { email: 'agent@pause.test', password: 'Agent-pass-123' };
  t.equal((await api(url, token, 'POST', '/api/users', { name: 'Agent', ...agent, profile: 'user' })).status, 200, 'an agent to sign in with');

  const { answers, deliver } = inboundTraffic(connectionId, 'pause', (route, body) => call(url, token, 'POST', route, body));
  for (let i = 0; i < 5; i++) t.equal(await deliver(), 200, 'accepted before the pause');
  const contact = await db('contacts').where({ companyId: 1 }).whereNot('number', '').first('id');
  const schedule = async (body: string, inMs: number) => (await api(url, token, 'POST', '/api/schedules', { body, contactId: contact.id, sendAt: new Date(Date.now() + inMs).toISOString() })).body.id as number;
  const duePaused = await schedule('Due while Redis is paused', 3000);

  redis.pause();
  const seen = { inbound: [] as Array<number | 'hang'>, login: [] as Array<number | 'hang'>, tickets: [] as Array<number | 'hang'>, health: [] as Array<number | 'hang'> };
  const until = Date.now() + 8000; // longer than the command timeout, and than the sessions' lease (2 s here)
  while (Date.now() < until) {
    seen.inbound.push(await deliver());
    const health = await call(url, undefined, 'GET', '/api/health');
    seen.health.push(health.status);
    t.ok(health.status !== 200 || health.body?.redis === 'degraded' || health.body?.jobs === 'degraded' || Date.now() < until - 6000,
      'health does not claim Redis is fine while it has been paused a while');
    seen.login.push((await call(url, undefined, 'POST', '/api/auth/login', agent)).status);
    seen.tickets.push((await call(url, token, 'GET', '/api/tickets')).status);
  }
  const healthDuring = await call(url, undefined, 'GET', '/api/health');
  t.equal(healthDuring.body?.redis, 'degraded', 'health names Redis while it is paused');
  t.equal(child.exitCode, null, 'the server is still running while Redis is paused');
  for (const [what, statuses] of Object.entries(seen)) {
    t.ok(statuses.every((s) => s === 200 || s === 503), `${what} answered 200 or 503, never 500 and never a hang (${[...new Set(statuses)].join(', ')})`);
  }

  redis.resume();
  await waitUntil(async () => (await deliver()) === 200, 60_000, 'inbound to be accepted again after SIGCONT');
  await waitUntil(async () => (await call(url, undefined, 'GET', '/api/health')).body?.redis === 'ok', 60_000, 'health to say Redis is back');
  const after = await schedule('After the pause', 1000);
  await waitUntil(async () => {
    const rows = await db('schedules').whereIn('id', [duePaused, after]).select('status');
    return rows.every((r: { status: string }) => r.status === 'ENVIADA');
  }, 60_000, 'both schedules to be sent (jobs run again without a restart)');
  t.equal((await call(url, undefined, 'POST', '/api/auth/login', agent)).status, 200, 'sign-in works again');

  t.equal(child.exitCode, null, 'the server is still running');
  t.same(await acceptedNotStoredOnce(db, answers), [], 'every message answered 200 is stored exactly once');
  t.ok([...answers.values()].every((s) => s === 200 || s === 503), 'no delivery answered anything but 200 or 503');

  child.kill('SIGTERM');
  await waitForExit(child);
});
