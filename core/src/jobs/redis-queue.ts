import type { FastifyBaseLogger } from 'fastify';
import type BeeQueue from 'bee-queue';
import { createRequire } from 'node:module';
import type { JobHandler, JobOptions, JobQueue } from './types.js';

/** How often each queue looks for jobs whose worker died mid-run (bee-queue's stall check). */
const STALL_CHECK_MS = 5000;

/**
 * How many of a queue's delayed jobs are due by `until` (bee-queue keeps them in a sorted set scored by
 * their time; its API pages that set by rank only). Jobs due later must not keep idle() waiting.
 */
function delayedDueBy(queue: BeeQueue, until: number): Promise<number> {
  const { client, toKey } = queue as unknown as {
    client: { zcount(key: string, min: string, max: string, done: (err: Error | null, count: number) => void): void };
    toKey(name: string): string;
  };
  return new Promise((resolve, reject) => {
    client.zcount(toKey.call(queue, 'delayed'), '-inf', String(until), (err, count) => (err ? reject(err) : resolve(count)));
  });
}

/** Durable jobs on Redis (bee-queue): one bee-queue per job name. */
export class RedisJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private queues = new Map<string, BeeQueue>();

  constructor(private readonly redisUrl: string, private readonly prefix: string, private readonly log: FastifyBaseLogger) {}

  private queue(name: string): BeeQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      const url = new URL(this.redisUrl);
      // bee-queue brings its own redis@3 client: it takes connection parts, not a node-redis v6 client.
      // Required here, not imported at the top: only a process with Redis pays for bee-queue's RSS.
      const Queue = createRequire(import.meta.url)('bee-queue') as typeof BeeQueue;
      queue = new Queue(name, {
        prefix: this.prefix,
        redis: { host: url.hostname, port: Number(url.port || 6379), password: url.password || undefined, db: Number(url.pathname.slice(1) || 0) },
        activateDelayedJobs: true,
        removeOnSuccess: true,
        // A job that failed for good frees its id, as on the database backend.
        removeOnFailure: true,
        storeJobs: false,
        stallInterval: STALL_CHECK_MS,
      });
      queue.on('error', (err) => this.log.error({ err, queue: name }, 'job queue error'));
      queue.on('failed', (job, err) => this.log.error({ err, job: name, jobId: job.id }, 'job failed'));
      queue.ready().catch((err) => this.log.error({ err, queue: name }, 'job queue not ready'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  define<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
    const queue = this.queue(name);
    queue.process(options.concurrency ?? 5, (job) => handler(job.data as T));
    // A job whose process died while running it goes back to waiting (and runs again).
    queue.checkStalledJobs(STALL_CHECK_MS).catch((err) => this.log.error({ err, queue: name }, 'stalled-job check failed'));
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}) {
    const job = this.queue(name).createJob(data);
    if (options.jobId) job.setId(options.jobId);
    const at = options.runAt?.getTime() ?? (options.delayMs ? Date.now() + options.delayMs : undefined);
    if (at && at > Date.now()) job.delayUntil(at);
    if (options.retries) job.retries(options.retries).backoff('exponential', options.backoffMs ?? 1000);
    await job.save();
  }

  async cancel(name: string, jobId: string) {
    const queue = this.queue(name);
    const job = await queue.getJob(jobId);
    if (!job) return false;
    await queue.removeJob(jobId);
    return true;
  }

  async idle(withinMs = 0) {
    for (;;) {
      let busy = false;
      for (const queue of this.queues.values()) {
        const counts = await queue.checkHealth();
        if (counts.active > 0 || counts.waiting > 0) busy = true;
        else if (withinMs > 0 && counts.delayed > 0 && (await delayedDueBy(queue, Date.now() + withinMs)) > 0) busy = true;
      }
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close() {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close(5000)));
  }
}
