import t from 'tap';
import { createKnex } from '../../src/db/connection.js';
import { api, connectedSandbox, processData, startServer, waitForExit, waitUntil } from '../hardening/server-process.js';
import { privateMariadb, privateMariadbUnavailable } from './private-mariadb.js';

const skip = process.env.TEST_DB !== 'mysql' ? 'a MariaDB crash runs on the MariaDB leg' : privateMariadbUnavailable() ?? false;
const ADMIN = { email: 'faults-crash@atrium.test', password: 'Faults-pass-123' };

t.test('a private MariaDB killed with SIGKILL and restarted: the server stays up and answers 503 meanwhile, then works again by itself, with nothing accepted lost or doubled', { skip }, async (t) => {
  const mariadb = await privateMariadb();
  const data = processData('faults_crash', ADMIN, { DB_ACQUIRE_TIMEOUT_MS: '1500', DB_STATEMENT_TIMEOUT_MS: '1500', ATRIUM_TIME_SCALE: '0.1' });
  data.env.DATABASE_URL = `${mariadb.url}/atrium_crash`;
  const db = createKnex({ kind: 'mysql', url: data.env.DATABASE_URL });
  const { child, url } = await startServer(data.env, 180_000);
  t.teardown(async () => {
    child.kill('SIGKILL');
    await db.destroy();
    await mariadb.remove(); // the database goes with its server
    await data.remove(); // the data folder (nothing was made on the shared server)
  });
  const token = (await api(url, undefined, 'POST', '/api/auth/login', ADMIN)).body.token as string;
  const connectionId = await connectedSandbox(url, token);
  const answers = new Map<string, number>();
  const deliver = async (providerId: string) => {
    const res = await api(url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, { number: '5511966665555', name: 'Cliente', body: providerId, providerId });
    answers.set(providerId, res.status);
    return res;
  };
  t.equal((await deliver('crash-before')).status, 200);
  const contactId = (await api(url, token, 'GET', '/api/contacts')).body.contacts[0].id as number;
  const due = (await api(url, token, 'POST', '/api/schedules', { body: 'Due while the database is down', contactId, sendAt: new Date(Date.now() + 3000).toISOString() })).body.id as number;

  await mariadb.kill(); // SIGKILL: no shutdown, InnoDB recovers at the next start
  const refused = await deliver('crash-during');
  t.equal(refused.status, 503, 'inbound is refused with 503 (the sender delivers it again)');
  t.equal(refused.body?.error, 'ERR_SERVICE_UNAVAILABLE');
  t.equal((await api(url, token, 'GET', '/api/tickets')).status, 503, 'a read answers 503, not 500');
  const health = await api(url, undefined, 'GET', '/api/health');
  t.equal(health.status, 503, 'health answers 503');
  t.equal(health.body?.database, 'degraded', 'and names the database');
  await new Promise((r) => setTimeout(r, 4000)); // the schedule falls due while the database is gone
  t.equal(child.exitCode, null, 'the server is up');

  await mariadb.start();
  await waitUntil(async () => (await api(url, undefined, 'GET', '/api/health')).status === 200, 60_000, 'health to be ok again');
  t.equal((await api(url, token, 'GET', '/api/tickets')).status, 200, 'reads work again without a restart');
  t.equal((await deliver('crash-during')).status, 200, 'the refused message, delivered again, is accepted');
  t.equal((await deliver('crash-after')).status, 200);
  await waitUntil(async () => (await db('schedules').where({ id: due }).first('status'))?.status === 'ENVIADA', 60_000, 'the schedule due during the crash to be retried and sent');
  const stored = await db('messages').whereIn('providerId', [...answers.keys()]).select('providerId');
  t.same(stored.map((r: { providerId: string }) => r.providerId).sort(), ['crash-after', 'crash-before', 'crash-during'], 'each accepted message stored once, the refused one once after its re-delivery');

  child.kill('SIGTERM');
  await waitForExit(child);
});
