import t from 'tap';
import { api, startServer, waitForExit } from '../../../core/test/hardening/server-process.js';
import { testDb } from '../../../core/test/helper.js';
import { pollCampaign, prepareCompany, serverEnv, signIn } from './server-env.js';

const RECIPIENTS = 40;

t.test('two API processes on one MariaDB database and Redis, both running the dispatcher: one send per number', {
  skip: testDb === 'mysql' && process.env.TEST_REDIS_URL ? false : 'needs TEST_DB=mysql and TEST_REDIS_URL: several processes share a server database and Redis, not a SQLite file',
}, async (t) => {
  const { env, sendsPerNumber } = serverEnv(t, 'twoproc');
  const a = await startServer(env);
  const b = await startServer(env);
  t.teardown(async () => {
    for (const s of [a, b]) s.child.kill('SIGTERM');
    await Promise.all([waitForExit(a.child), waitForExit(b.child)]);
  });
  const { whatsappId, list } = await prepareCompany(a.url, { settings: { messageInterval: 0, longerIntervalAfter: 0 }, listName: 'Two', count: RECIPIENTS, base: 5531960000000 });
  // Sessions are single: this sign-in (through B) ends the one prepareCompany opened; its token serves both processes.
  const token = await signIn(b.url);
  const created = (await api(b.url, token, 'POST', '/api/campaigns', {
    name: 'Two processes', whatsappId, contactListId: list.id, message1: 'Oi {{name}}', scheduledAt: new Date(Date.now() + 500).toISOString(),
  })).body;
  const done = await pollCampaign(a.url, token, created.id, (c) => c.status === 'FINALIZADA', 120_000);
  t.equal(done.status, 'FINALIZADA', JSON.stringify(done));
  t.same(done.counts, { valids: RECIPIENTS, delivered: RECIPIENTS, failed: 0, pending: 0 });
  const perNumber = await sendsPerNumber('553196');
  t.equal(perNumber.size, RECIPIENTS, 'every number was sent');
  t.same([...perNumber.entries()].filter(([, n]) => n !== 1), [], 'none twice');
});
