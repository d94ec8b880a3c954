import type { FastifyBaseLogger } from 'fastify';
import type BeeQueue from 'bee-queue';
import { createRequire } from 'node:module';
import { beeQueueRedisOptions, recoverAfterRedisRestart } from './bee-queue-recovery.js';
import { JobQueueUnavailableError, scaledBackoff, type JobHandler, type JobOptions, type JobQueue } from './types.js';
import type { Clock } from '../clock/index.js';

/** How often each queue looks for jobs whose worker died mid-run (bee-queue's stall check). */
const STALL_CHECK_MS = 5000;

/**
 * How many of a queue's jobs are waiting, running, or delayed until no later than `until` (bee-queue keeps
 * delayed jobs in a sorted set scored by their time; its API pages that set by rank only), read in one MULTI:
 * read apart, a job raised from delayed to waiting between the two reads was in neither count.
 */
function pendingBy(queue: BeeQueue, until: number): Promise<number> {
  type Multi = { llen(key: string): Multi; zcount(key: string, min: string, max: string): Multi; exec(done: (err: Error | null, counts: number[]) => void): void };
  const { client, toKey } = queue as unknown as { client: { multi(): Multi }; toKey(name: string): string };
  const key = (name: string) => toKey.call(queue, name);
  return new Promise((resolve, reject) => {
    client.multi().llen(key('waiting')).llen(key('active')).zcount(key('delayed'), '-inf', String(until))
      .exec((err, counts) => (err ? reject(err) : resolve(counts.reduce((sum, n) => sum + Number(n), 0))));
  });
}

/** How long an enqueue waits for Redis before it fails (JobQueueUnavailableError). */
const ENQUEUE_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new JobQueueUnavailableError()), ms); });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Durable jobs on Redis (bee-queue): one bee-queue per job name. */
/** How long a closing queue waits for its running jobs. */
const CLOSE_MS = 5000;

export class RedisJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private queues = new Map<string, BeeQueue>();
  private outageLogged = false;
  private reconnectTimer?: NodeJS.Timeout;
  private readonly reconnectListeners = new Set<() => void>();

  constructor(private readonly redisUrl: string, private readonly prefix: string, private readonly log: FastifyBaseLogger, private readonly clock?: Clock) {}

  private queue(name: string): BeeQueue {
    let queue = this.queues.get(name);
    if (!queue) {
      // bee-queue brings its own redis@3 client: it takes connection parts, not a node-redis v6 client.
      // Required here, not imported at the top: only a process with Redis pays for bee-queue's RSS.
      const Queue = createRequire(import.meta.url)('bee-queue') as typeof BeeQueue;
      queue = new Queue(name, {
        prefix: this.prefix,
        redis: beeQueueRedisOptions(new URL(this.redisUrl)),
        activateDelayedJobs: true,
        removeOnSuccess: true,
        // A job that failed for good frees its id, as on the database backend.
        removeOnFailure: true,
        storeJobs: false,
        stallInterval: STALL_CHECK_MS,
      });
      queue.on('error', (err) => this.logError(err, name));
      queue.on('failed', (job, err) => this.log.error({ err, job: name, jobId: job.id }, 'job failed'));
      queue.ready().catch((err) => this.log.error({ err, queue: name }, 'job queue not ready'));
      recoverAfterRedisRestart(queue, { onReconnect: () => this.reconnected(), onError: (err) => this.logError(err, name) });
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

  /** Redis errors while it is away come from every queue's every connection: logged once per outage. */
  private logError(err: unknown, queue: string) {
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.log.warn({ err, queue }, 'job queue: redis unreachable, reconnecting');
  }

  /** One reconnect notice per outage (every queue's client says 'ready'), after the burst settles. */
  private reconnected() {
    this.outageLogged = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.log.info('job queue: redis reachable again');
      for (const listener of this.reconnectListeners) listener();
    }, 500);
    this.reconnectTimer.unref();
  }

  onReconnect(listener: () => void) { this.reconnectListeners.add(listener); }

  /**
   * An enqueue while Redis is away fails at once (JobQueueUnavailableError) instead of waiting in the client's offline
   * queue: a request answers honestly, and work already stored is enqueued by the reconciler when Redis is back.
   */
  async enqueue<T>(name: string, data: T, options: JobOptions = {}) {
    const queue = this.queue(name);
    await this.reachable(queue);
    const job = queue.createJob(data);
    if (options.jobId) job.setId(options.jobId);
    const at = options.runAt?.getTime() ?? (options.delayMs ? Date.now() + options.delayMs : undefined);
    if (at && at > Date.now()) job.delayUntil(at);
    if (options.retries) job.retries(options.retries).backoff('exponential', scaledBackoff(this.clock, options.backoffMs));
    await withTimeout(job.save(), ENQUEUE_TIMEOUT_MS);
  }

  private async reachable(queue: BeeQueue) {
    const client = (queue as unknown as { client?: { connected: boolean } }).client;
    if (client && !client.connected) throw new JobQueueUnavailableError();
    if (!client) await withTimeout(queue.ready(), ENQUEUE_TIMEOUT_MS);
  }

  async health(): Promise<'ok' | 'degraded'> {
    const queues = [...this.queues.values()];
    if (queues.length === 0) return 'ok';
    // Disconnected: answered at once, without leaving a probe in the client's offline queue for every health call.
    if ((queues[0] as unknown as { client?: { connected: boolean } }).client?.connected === false) return 'degraded';
    try {
      await withTimeout(pendingBy(queues[0], 0), ENQUEUE_TIMEOUT_MS);
      return 'ok';
    } catch {
      return 'degraded';
    }
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
      // Due "by now" when withinMs is 0: a delayed job already due is about to be raised to waiting.
      for (const queue of this.queues.values()) if ((await pendingBy(queue, Date.now() + withinMs)) > 0) busy = true;
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * Closes every queue: running jobs get CLOSE_MS to finish, then the connections go. bee-queue's own close ends
   * with a QUIT that redis@3 holds in its offline queue while Redis is away (a reconnect that may never come): a
   * shutdown with Redis down hung there. Past the bound the queue's connections are ended without a QUIT.
   */
  async close() {
    clearTimeout(this.reconnectTimer);
    await Promise.allSettled([...this.queues.values()].map(async (q) => {
      const connections = () => {
        const { client, bclient, eclient } = q as unknown as Record<'client' | 'bclient' | 'eclient', { connected?: boolean; end?: (flush: boolean) => void } | undefined>;
        return [client, bclient, eclient];
      };
      const endUnconnected = () => { for (const connection of connections()) if (connection && !connection.connected) connection.end?.(true); };
      endUnconnected(); // Redis away now: nothing to say goodbye to
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<void>((resolve) => { timer = setTimeout(resolve, CLOSE_MS + 1000); });
      await Promise.race([q.close(CLOSE_MS).catch(() => undefined), bound]).finally(() => clearTimeout(timer));
      endUnconnected();
    }));
  }
}
