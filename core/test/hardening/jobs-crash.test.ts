import t from 'tap';
import path from 'node:path';
import { processData, root, startServer, waitForExit, waitUntil } from './server-process.js';

const EARLY = Array.from({ length: 5 }, (_, i) => ({ key: `early-${i}`, delayMs: 200 + i * 50, sleepMs: 0 }));
/** In flight when the server is killed: it must run again after the restart, and finish once. */
const CUT = { key: 'cut-off', delayMs: 200, sleepMs: 4000 };
/** Due after the kill: while the server is down or after it is back (12 s leaves a loaded machine time to reach the kill). */
const LATE = Array.from({ length: 5 }, (_, i) => ({ key: `late-${i}`, delayMs: 12_000 + i * 300, sleepMs: 0 }));
const ALL = [...EARLY, CUT, ...LATE];

t.test('delayed jobs survive a SIGKILL: after the restart every job has run to the end exactly once, the one cut off included', async (t) => {
  const data = processData('jobs_crash', { email: 'jobs-crash@atrium.test', password: 'Crash-pass-123' }, {
    PLUGINS_DIR: path.join(root, 'core/test/fixtures/crash-plugins'),
  });
  t.teardown(data.remove);
  const { env } = data;

  // First life: enqueues every job at start, runs the early ones, is killed while one runs.
  const first = await startServer({ ...env, JOBPROBE_PLAN: JSON.stringify(ALL) });
  t.teardown(() => { first.child.kill('SIGKILL'); });
  const db = data.db();
  const finished = async () => (await db('jobprobeRuns').select('jobKey', 'runs')) as Array<{ jobKey: string; runs: number }>;
  const starts = async (key: string) => Number((await db('jobprobeStarts').where({ jobKey: key }).count({ n: '*' }).first())?.n);
  await waitUntil(async () => (await finished()).length >= EARLY.length && await starts(CUT.key) === 1, 30_000, 'the early jobs and the start of the long one');
  first.child.kill('SIGKILL');
  await waitForExit(first.child);
  const beforeRestart = await finished();
  t.same(beforeRestart.map((r) => r.jobKey).sort(), EARLY.map((j) => j.key).sort(), 'killed after the early jobs, before the late ones and the long one finished');

  // Second life: enqueues nothing; what was pending or cut off runs.
  const second = await startServer(env);
  t.teardown(() => { second.child.kill('SIGKILL'); });
  await waitUntil(async () => (await finished()).length === ALL.length, 60_000, 'every job to finish');
  await new Promise((r) => setTimeout(r, 1500)); // room for a wrong second run to show
  second.child.kill('SIGTERM');
  await waitForExit(second.child);

  const runs = await finished();
  t.same(runs.map((r) => r.jobKey).sort(), ALL.map((j) => j.key).sort(), 'every job ran');
  t.ok(runs.every((r) => Number(r.runs) === 1), `each finished exactly once (${runs.filter((r) => Number(r.runs) !== 1).map((r) => `${r.jobKey}: ${r.runs}`).join(', ') || 'all 1'})`);
  t.equal(await starts(CUT.key), 2, 'the long job started in each life: cut off by the kill, run again after the restart');
  for (const { key } of [...EARLY, ...LATE]) t.equal(await starts(key), 1, `${key} started once`);
});
