import { createRequire } from "node:module";
import { beeQueueRedisOptions, recoverAfterRedisRestart } from "./bee-queue-recovery.js";
import { JobQueueUnavailableError, scaledBackoff } from "./types.js";
const STALL_CHECK_MS = 5e3;
function pendingBy(queue, until) {
  const { client, toKey } = queue;
  const key = (name) => toKey.call(queue, name);
  return new Promise((resolve, reject) => {
    client.multi().llen(key("waiting")).llen(key("active")).zcount(key("delayed"), "-inf", String(until)).exec((err, counts) => err ? reject(err) : resolve(counts.reduce((sum, n) => sum + Number(n), 0)));
  });
}
const ENQUEUE_TIMEOUT_MS = 2e3;
function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new JobQueueUnavailableError()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
class RedisJobQueue {
  constructor(redisUrl, prefix, log, clock) {
    this.redisUrl = redisUrl;
    this.prefix = prefix;
    this.log = log;
    this.clock = clock;
  }
  redisUrl;
  prefix;
  log;
  clock;
  kind = "redis";
  queues = /* @__PURE__ */ new Map();
  outageLogged = false;
  reconnectTimer;
  reconnectListeners = /* @__PURE__ */ new Set();
  queue(name) {
    let queue = this.queues.get(name);
    if (!queue) {
      const Queue = createRequire(import.meta.url)("bee-queue");
      queue = new Queue(name, {
        prefix: this.prefix,
        redis: beeQueueRedisOptions(new URL(this.redisUrl)),
        activateDelayedJobs: true,
        removeOnSuccess: true,
        // A job that failed for good frees its id, as on the database backend.
        removeOnFailure: true,
        storeJobs: false,
        stallInterval: STALL_CHECK_MS
      });
      queue.on("error", (err) => this.logError(err, name));
      queue.on("failed", (job, err) => this.log.error({ err, job: name, jobId: job.id }, "job failed"));
      queue.ready().catch((err) => this.log.error({ err, queue: name }, "job queue not ready"));
      recoverAfterRedisRestart(queue, { onReconnect: () => this.reconnected(), onError: (err) => this.logError(err, name) });
      this.queues.set(name, queue);
    }
    return queue;
  }
  define(name, handler, options = {}) {
    const queue = this.queue(name);
    queue.process(options.concurrency ?? 5, (job) => handler(job.data));
    queue.checkStalledJobs(STALL_CHECK_MS).catch((err) => this.log.error({ err, queue: name }, "stalled-job check failed"));
  }
  /** Redis errors while it is away come from every queue's every connection: logged once per outage. */
  logError(err, queue) {
    if (this.outageLogged) return;
    this.outageLogged = true;
    this.log.warn({ err, queue }, "job queue: redis unreachable, reconnecting");
  }
  /** One reconnect notice per outage (every queue's client says 'ready'), after the burst settles. */
  reconnected() {
    this.outageLogged = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => {
      this.log.info("job queue: redis reachable again");
      for (const listener of this.reconnectListeners) listener();
    }, 500);
    this.reconnectTimer.unref();
  }
  onReconnect(listener) {
    this.reconnectListeners.add(listener);
  }
  /**
   * An enqueue while Redis is away fails at once (JobQueueUnavailableError) instead of waiting in the client's offline
   * queue: a request answers honestly, and work already stored is enqueued by the reconciler when Redis is back.
   */
  async enqueue(name, data, options = {}) {
    const queue = this.queue(name);
    await this.reachable(queue);
    const job = queue.createJob(data);
    if (options.jobId) job.setId(options.jobId);
    const at = options.runAt?.getTime() ?? (options.delayMs ? Date.now() + options.delayMs : void 0);
    if (at && at > Date.now()) job.delayUntil(at);
    if (options.retries) job.retries(options.retries).backoff("exponential", scaledBackoff(this.clock, options.backoffMs));
    await withTimeout(job.save(), ENQUEUE_TIMEOUT_MS);
  }
  async reachable(queue) {
    const client = queue.client;
    if (client && !client.connected) throw new JobQueueUnavailableError();
    if (!client) await withTimeout(queue.ready(), ENQUEUE_TIMEOUT_MS);
  }
  async health() {
    const queues = [...this.queues.values()];
    if (queues.length === 0) return "ok";
    if (queues[0].client?.connected === false) return "degraded";
    try {
      await withTimeout(pendingBy(queues[0], 0), ENQUEUE_TIMEOUT_MS);
      return "ok";
    } catch {
      return "degraded";
    }
  }
  async cancel(name, jobId) {
    const queue = this.queue(name);
    const job = await queue.getJob(jobId);
    if (!job) return false;
    await queue.removeJob(jobId);
    return true;
  }
  async idle(withinMs = 0) {
    for (; ; ) {
      let busy = false;
      for (const queue of this.queues.values()) if (await pendingBy(queue, Date.now() + withinMs) > 0) busy = true;
      if (!busy) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  async close() {
    await Promise.allSettled([...this.queues.values()].map((q) => q.close(5e3)));
  }
}
export {
  RedisJobQueue
};
