import t from 'tap';
import { build } from '../helper.js';
import { DbJobQueue } from '../../src/jobs/db-queue.js';
import { waitFor } from '../pipeline/http.js';

const quietLog = { warn() {}, error() {}, info() {}, debug() {} } as never;

t.test('a delayed job runs once, not before its time (on the configured backend)', async (t) => {
  const { app } = await build(t);
  const runs: number[] = [];
  app.jobs.define<{ n: number }>('test.delayed', async ({ n }) => { runs.push(n); });
  const due = Date.now() + 300;
  await app.jobs.enqueue('test.delayed', { n: 1 }, { runAt: new Date(due), jobId: 'one' });
  await app.jobs.enqueue('test.delayed', { n: 2 }, { runAt: new Date(due), jobId: 'one' });
  await waitFor(() => runs.length > 0, 10_000, 'the delayed job');
  t.ok(Date.now() >= due, 'not before runAt');
  await app.jobs.idle();
  await new Promise((r) => setTimeout(r, 200));
  t.same(runs, [1], 'the second enqueue with the same id while pending did nothing');
});

t.test('a failing job is retried with backoff until it succeeds; its id is free again afterwards', async (t) => {
  const { app } = await build(t);
  let attempts = 0;
  const done: string[] = [];
  app.jobs.define<{ tag: string }>('test.flaky', async ({ tag }) => {
    attempts += 1;
    if (attempts < 3) throw new Error('not yet');
    done.push(tag);
  });
  await app.jobs.enqueue('test.flaky', { tag: 'a' }, { jobId: 'flaky', retries: 3, backoffMs: 50 });
  await waitFor(() => done.length === 1, 10_000, 'the retried job');
  t.equal(attempts, 3, 'two failures, then the success');
  await app.jobs.idle();
  await app.jobs.enqueue('test.flaky', { tag: 'b' }, { jobId: 'flaky' });
  await waitFor(() => done.length === 2, 10_000, 'the same id enqueued after the first finished');
  t.same(done, ['a', 'b']);
});

t.test('cancel removes a pending job, which then never runs', async (t) => {
  const { app } = await build(t);
  const runs: string[] = [];
  app.jobs.define<{ id: string }>('test.cancel', async ({ id }) => { runs.push(id); });
  await app.jobs.enqueue('test.cancel', { id: 'kept' }, { jobId: 'kept', delayMs: 300 });
  await app.jobs.enqueue('test.cancel', { id: 'dropped' }, { jobId: 'dropped', delayMs: 300 });
  t.equal(await app.jobs.cancel('test.cancel', 'dropped'), true, 'cancelled');
  t.equal(await app.jobs.cancel('test.cancel', 'never-enqueued'), false, 'nothing to cancel');
  await waitFor(() => runs.length > 0, 10_000, 'the kept job');
  await new Promise((r) => setTimeout(r, 500));
  t.same(runs, ['kept']);
});

t.test('idle(ms) waits for jobs due within ms and not for jobs due later (on the configured backend)', async (t) => {
  const { app } = await build(t);
  const runs: string[] = [];
  app.jobs.define<{ id: string }>('test.idle', async ({ id }) => { runs.push(id); });
  await app.jobs.enqueue('test.idle', { id: 'soon' }, { jobId: 'soon', delayMs: 300 });
  await app.jobs.enqueue('test.idle', { id: 'tomorrow' }, { jobId: 'tomorrow', delayMs: 86_400_000 });
  const waited = Promise.race([app.jobs.idle(2000).then(() => 'idle'), new Promise((r) => setTimeout(() => r('still waiting'), 15_000))]);
  t.equal(await waited, 'idle', 'a job due tomorrow does not keep idle() waiting');
  t.same(runs, ['soon'], 'the job due within the window ran before idle() returned');
  t.equal(await app.jobs.cancel('test.idle', 'tomorrow'), true, 'the later job is still pending');
});

t.test('database queue: a job left running by a process that died runs again once its lease has expired, and only then', async (t) => {
  const { app } = await build(t);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 400, pollMs: 50 });
  t.teardown(() => queue.close());
  const runs: string[] = [];
  queue.define<{ id: string }>('test.orphan', async ({ id }) => { runs.push(id); });
  const now = Date.now();
  const row = (id: string, leaseUntil: number) => ({
    name: 'test.orphan', liveKey: id, data: JSON.stringify({ id }), status: 'running', runAt: now - 1000, attempts: 1,
    retries: 0, backoffMs: 1000, owner: 'a-dead-process', leaseUntil, createdAt: now - 1000,
  });
  await app.knex('jobs').insert([row('expired', now - 1), row('still-leased', now + 1500)]);
  queue.start();
  await waitFor(() => runs.includes('expired'), 5000, 'the expired job');
  t.notOk(runs.includes('still-leased'), 'a job whose lease still runs is left to its owner');
  await waitFor(() => runs.includes('still-leased'), 5000, 'the job whose lease ran out later');
  await queue.idle();
  t.same(runs.sort(), ['expired', 'still-leased'], 'each ran once');
  t.equal((await app.knex('jobs').where('name', 'test.orphan').count({ n: '*' }).first())!.n as number, 0, 'their rows are gone');
});

t.test('database queue: enqueues in one turn are written together and run in due order; a failed job keeps its row without blocking its id', async (t) => {
  const { app } = await build(t);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 5000, pollMs: 50 });
  t.teardown(() => queue.close());
  const order: number[] = [];
  queue.define<{ n: number }>('test.order', async ({ n }) => { order.push(n); }, { concurrency: 1 });
  queue.define('test.broken', async () => { throw new Error('broken for good'); });
  const now = Date.now();
  await Promise.all([3, 1, 2].map((n) => queue.enqueue('test.order', { n }, { runAt: new Date(now + n * 30), jobId: `n${n}` })));
  await queue.enqueue('test.broken', {}, { jobId: 'b' });
  queue.start();
  await waitFor(() => order.length === 3, 5000, 'three jobs');
  t.same(order, [1, 2, 3], 'by due time');
  await queue.idle();
  const failed = await app.knex('jobs').where('name', 'test.broken').select('status', 'liveKey', 'lastError');
  t.equal(failed.length, 1);
  t.equal(failed[0].status, 'failed');
  t.equal(failed[0].liveKey, null, 'the id is free again');
  t.match(failed[0].lastError, /broken for good/);
});

t.test('database queue: close() leaves no timer behind, so a stopped server exits at once instead of after the close grace', async (t) => {
  const { app } = await build(t);
  const queue = new DbJobQueue(app.knex, quietLog, { leaseMs: 5000, pollMs: 50 });
  let done = 0;
  queue.define('test.close', async () => { done += 1; });
  queue.start();
  await queue.enqueue('test.close', {});
  await queue.idle();
  // The timers close() starts, watched through the global it calls (other tests' timers do not count).
  const started: NodeJS.Timeout[] = [];
  const realSetTimeout = globalThis.setTimeout;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    const timer = realSetTimeout(...args);
    started.push(timer);
    return timer;
  }) as typeof setTimeout;
  try {
    await queue.close();
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
  t.equal(done, 1);
  const pending = started.filter((timer) => timer.hasRef() && !(timer as unknown as { _destroyed: boolean })._destroyed);
  t.equal(pending.length, 0, 'no timer of the queue is left running');
});
