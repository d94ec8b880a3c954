import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import BeeQueue from 'bee-queue';

export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Run at this time (wins over delayMs). */
  runAt?: Date;
  /** A stable id makes enqueueing idempotent: a second job with the same id is not added. */
  jobId?: string;
  retries?: number;
  /** Backoff between retries in ms (exponential from this base). */
  backoffMs?: number;
}

export type JobHandler<T> = (data: T) => Promise<unknown>;

/**
 * One job-queue interface. With REDIS_URL: bee-queue (delayed jobs, retries, survives restarts).
 * Without: an in-process runner with the same behaviour except persistence, so a job in flight
 * is lost on restart — domains that must survive one (schedules) also keep their state in the database
 * and re-enqueue on start.
 */
export interface JobQueue {
  readonly kind: 'redis' | 'memory';
  define<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Waits until nothing is running or due within `withinMs` (tests). */
  idle(withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance { jobs: JobQueue }
}

class MemoryJobQueue implements JobQueue {
  readonly kind = 'memory' as const;
  private handlers = new Map<string, JobHandler<unknown>>();
  private timers = new Map<string, NodeJS.Timeout>();
  private running = new Set<Promise<unknown>>();
  private closed = false;

  constructor(private readonly log: FastifyInstance['log']) {}

  define<T>(name: string, handler: JobHandler<T>) {
    this.handlers.set(name, handler as JobHandler<unknown>);
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}) {
    const key = options.jobId ? `${name}:${options.jobId}` : `${name}:${Math.random().toString(36).slice(2)}`;
    if (options.jobId && this.timers.has(key)) return;
    const delay = options.runAt ? Math.max(0, options.runAt.getTime() - Date.now()) : options.delayMs ?? 0;
    this.schedule(key, name, data, delay, options.retries ?? 0, options.backoffMs ?? 1000, 0);
  }

  private schedule(key: string, name: string, data: unknown, delay: number, retries: number, backoff: number, attempt: number) {
    if (this.closed) return;
    // setTimeout caps at ~24.8 days; longer delays hop.
    const step = Math.min(delay, 2 ** 31 - 1);
    const timer = setTimeout(() => {
      this.timers.delete(key);
      if (delay > step) return this.schedule(key, name, data, delay - step, retries, backoff, attempt);
      const handler = this.handlers.get(name);
      if (!handler) return this.log.error({ job: name }, 'no handler for job');
      const run = handler(data).catch((err) => {
        if (attempt < retries) {
          this.log.warn({ err, job: name, attempt }, 'job failed, retrying');
          this.schedule(key, name, data, backoff * 2 ** attempt, retries, backoff, attempt + 1);
        } else {
          this.log.error({ err, job: name }, 'job failed');
        }
      });
      this.running.add(run);
      void run.finally(() => this.running.delete(run));
    }, step);
    timer.unref?.();
    this.timers.set(key, timer);
  }

  async idle() {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  async close() {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await this.idle();
  }
}

class RedisJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private queues = new Map<string, BeeQueue>();

  constructor(private readonly redisUrl: string, private readonly prefix: string, private readonly log: FastifyInstance['log']) {}

  private queue(name: string): BeeQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      const url = new URL(this.redisUrl);
      // bee-queue brings its own redis@3 client: it takes connection parts, not a node-redis v6 client.
      queue = new BeeQueue(name, {
        prefix: this.prefix,
        redis: { host: url.hostname, port: Number(url.port || 6379), password: url.password || undefined, db: Number(url.pathname.slice(1) || 0) },
        activateDelayedJobs: true,
        removeOnSuccess: true,
        removeOnFailure: false,
        storeJobs: false,
      });
      queue.on('error', (err) => this.log.error({ err, queue: name }, 'job queue error'));
      queue.ready().catch((err) => this.log.error({ err, queue: name }, 'job queue not ready'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  define<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}) {
    this.queue(name).process(options.concurrency ?? 5, (job) => handler(job.data as T));
  }

  async enqueue<T>(name: string, data: T, options: JobOptions = {}) {
    const job = this.queue(name).createJob(data);
    if (options.jobId) job.setId(options.jobId);
    const at = options.runAt?.getTime() ?? (options.delayMs ? Date.now() + options.delayMs : undefined);
    if (at && at > Date.now()) job.delayUntil(at);
    if (options.retries) job.retries(options.retries).backoff('exponential', options.backoffMs ?? 1000);
    await job.save();
  }

  async idle(withinMs = 0) {
    for (;;) {
      let busy = false;
      for (const queue of this.queues.values()) {
        const counts = await queue.checkHealth();
        if (counts.active > 0 || counts.waiting > 0) busy = true;
        if (withinMs > 0 && counts.delayed > 0) busy = true;
      }
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async close() {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close(5000)));
  }
}

export const jobsPlugin = fp(async (app: FastifyInstance, opts: { redisUrl?: string; prefix?: string }) => {
  const jobs: JobQueue = opts.redisUrl
    ? new RedisJobQueue(opts.redisUrl, opts.prefix ?? 'atrium', app.log)
    : new MemoryJobQueue(app.log);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => jobs.close());
}, { name: 'jobs' });
