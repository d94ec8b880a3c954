import t from 'tap';
import { api, startServer, waitForExit } from '../../../core/test/hardening/server-process.js';
import { pollCampaign, prepareCompany, serverEnv, signIn } from './server-env.js';

const RECIPIENTS = 60;

t.test('a campaign killed with SIGKILL mid-run sends each number at most once and still reaches FINALIZADA', async (t) => {
  const { env, sendsPerNumber } = serverEnv(t, 'crash');

  const first = await startServer(env);
  const prepared = await prepareCompany(first.url, { settings: { messageInterval: 10, longerIntervalAfter: 0 }, listName: 'Crash', count: RECIPIENTS, base: 5531980000000 });
  const { whatsappId, list } = prepared;
  let { token } = prepared;
  const campaign = (await api(first.url, token, 'POST', '/api/campaigns', {
    name: 'Crash run', whatsappId, contactListId: list.id, message1: 'Oi {{name}}', scheduledAt: new Date(Date.now() + 200).toISOString(),
  })).body;
  let atKill = 0;
  for (let i = 0; i < 300; i++) {
    const { body } = await api(first.url, token, 'GET', `/api/campaigns/${campaign.id}`);
    atKill = body.counts.delivered;
    if (atKill >= 20) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  first.child.kill('SIGKILL');
  t.ok(atKill >= 20 && atKill < RECIPIENTS - 10, `killed mid-run, after ${atKill} sends`);
  await waitForExit(first.child);

  const second = await startServer(env);
  t.teardown(() => { second.child.kill('SIGKILL'); });
  token = await signIn(second.url);
  const final = await pollCampaign(second.url, token, campaign.id, (c) => c.status === 'FINALIZADA');
  second.child.kill('SIGTERM');
  await waitForExit(second.child);
  t.equal(final?.status, 'FINALIZADA', `the campaign finished after the restart: ${JSON.stringify(final)}`);
  t.equal(final?.counts.valids, RECIPIENTS);
  t.ok(final!.counts.failed <= 1, `at most the send in flight at the kill is unknown/failed (${final!.counts.failed})`);
  t.equal(final!.counts.delivered + final!.counts.failed, RECIPIENTS);

  const perNumber = await sendsPerNumber('553198');
  t.ok([...perNumber.values()].every((n) => n === 1), 'no number got the message twice');
  t.ok(perNumber.size >= RECIPIENTS - 1, `every number but at most the one in flight was sent (${perNumber.size})`);
});
