import t from 'tap';
import { api, waitForExit, waitUntil } from '../hardening/server-process.js';
import { acceptedNotStoredOnce, inboundTraffic, serverOnPrivateRedis } from './fault-server.js';

const skip = process.env.TEST_DB !== 'mysql' || !process.env.TEST_REDIS_URL ? 'Redis faults run on the MariaDB + Redis leg' : false;
const ADMIN = { email: 'faults-redis@atrium.test', password: 'Faults-pass-123' };

t.test('Redis killed under inbound traffic and restarted empty: the server stays up, answers 200 or 503, stores each accepted message once, and its jobs run again', { skip }, async (t) => {
  const { redis, child, url, token, connectionId, db } = await serverOnPrivateRedis(t, 'faults_redis', ADMIN);
  // Signs in during the outage (another user: a sign-in of the admin would replace the session the traffic uses).
  const agent = { email: 'agent@faults.test', password: 'Agent-pass-123' };
  t.equal((await api(url, token, 'POST', '/api/users', { name: 'Agent', ...agent, profile: 'user' })).status, 200, 'an agent to sign in with');

  const odd = new Set<string>();
  const traffic = inboundTraffic(connectionId, 'fault', (route, body) => api(url, token, 'POST', route, body));
  const { answers } = traffic;
  const deliver = async () => {
    const status = await traffic.deliver();
    if (status !== 200 && status !== 503) odd.add(String(status));
    return status;
  };
  for (let i = 0; i < 5; i++) await deliver();
  const contact = await db('contacts').where({ companyId: 1 }).whereNot('number', '').first('id');
  const schedule = async (body: string, inMs: number) => (await api(url, token, 'POST', '/api/schedules', { body, contactId: contact.id, sendAt: new Date(Date.now() + inMs).toISOString() })).body.id as number;
  // Due while Redis is down: its job dies with the emptied Redis, the reconciler must bring it back.
  const stranded = await schedule('Stranded by the outage', 4000);

  await redis.kill();
  const duringOutage: number[] = [];
  const until = Date.now() + 8000; // longer than any client's command timeout (the crash came 5 s in)
  while (Date.now() < until) {
    duringOutage.push(await deliver());
    const health = await api(url, undefined, 'GET', '/api/health');
    t.ok(health.status === 503 || health.body?.redis === 'degraded', 'health does not claim Redis is fine while it is gone');
    const login = await api(url, undefined, 'POST', '/api/auth/login', agent);
    t.ok(login.status === 200 || login.status === 503, `sign-in answers 200 or 503, never 500 (${login.status})`);
  }
  t.equal(child.exitCode, null, 'the server is still running after the outage');
  t.ok(duringOutage.every((s) => s === 200 || s === 503), `inbound answered 200 or 503 during the outage (${[...new Set(duringOutage)].join(', ')})`);
  t.same([...odd], [], 'no other answer');

  await redis.start();
  await waitUntil(async () => (await deliver()) === 200, 60_000, 'inbound to be accepted again after Redis came back');
  const after = await schedule('After the outage', 1000);
  await waitUntil(async () => {
    const rows = await db('schedules').whereIn('id', [stranded, after]).select('status');
    return rows.every((r: { status: string }) => r.status === 'ENVIADA');
  }, 60_000, 'both schedules to be sent (jobs run again; the stranded one rebuilt by the reconciler)');

  t.equal(child.exitCode, null, 'the server is still running');
  t.same(await acceptedNotStoredOnce(db, answers), [], 'every message answered 200 is stored exactly once');
  t.same([...odd], [], 'no delivery answered anything but 200 or 503');

  child.kill('SIGTERM');
  await waitForExit(child);
});
