import t from 'tap';
import { api, startServer, waitForExit } from '../../../core/test/hardening/server-process.js';
import { pollCampaign, prepareCompany, serverEnv, signIn } from './server-env.js';

const RECIPIENTS = 5;
const AHEAD_MS = 12_000;

t.test('a campaign that fell due while the server was down starts when it boots again', async (t) => {
  const { env, sendsPerNumber } = serverEnv(t, 'boot');
  const first = await startServer(env);
  const { token, whatsappId, list } = await prepareCompany(first.url, { settings: { messageInterval: 0, longerIntervalAfter: 0 }, listName: 'Boot', count: RECIPIENTS, base: 5531970000000 });
  const scheduledAt = new Date(Date.now() + AHEAD_MS);
  const created = (await api(first.url, token, 'POST', '/api/campaigns', {
    name: 'While down', whatsappId, contactListId: list.id, message1: 'Bom dia {{name}}', scheduledAt: scheduledAt.toISOString(),
  })).body;
  t.equal(created.status, 'PROGRAMADA');
  first.child.kill('SIGTERM');
  await waitForExit(first.child);
  t.ok(Date.now() < scheduledAt.getTime(), 'the server stopped before the campaign was due');
  t.equal((await sendsPerNumber('553197')).size, 0, 'nothing was sent before the stop');

  // The due time passes with no server running.
  await new Promise((r) => setTimeout(r, Math.max(0, scheduledAt.getTime() - Date.now()) + 1000));
  const second = await startServer(env);
  t.teardown(async () => { second.child.kill('SIGTERM'); await waitForExit(second.child); });
  const done = await pollCampaign(second.url, await signIn(second.url), created.id, (c) => c.status === 'FINALIZADA');
  t.equal(done.status, 'FINALIZADA', `started at boot and finished: ${JSON.stringify(done)}`);
  t.same(done.counts, { valids: RECIPIENTS, delivered: RECIPIENTS, failed: 0, pending: 0 });
  const perNumber = await sendsPerNumber('553197');
  t.equal(perNumber.size, RECIPIENTS, 'every number was sent');
  t.ok([...perNumber.values()].every((n) => n === 1), 'each once');
});
