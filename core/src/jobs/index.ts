import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { DbJobQueue } from './db-queue.js';
import { RedisJobQueue } from './redis-queue.js';
import { createReconciler, type Reconciler } from './reconciler.js';
import type { JobQueue } from './types.js';
import type { Clock } from '../clock/index.js';

export type { CompanyJobData, JobHandler, JobOptions, JobQueue, PluginJobQueue } from './types.js';
export { createJobParking, type JobParking } from './plugin-jobs.js';
export type { Reconciler } from './reconciler.js';

declare module 'fastify' {
  interface FastifyInstance { jobs: JobQueue; reconciler: Reconciler }
}

export interface JobsPluginOptions {
  redisUrl?: string;
  prefix?: string;
  /** Database backend: lease of a claimed job (ms), the delay before a dead process's job runs again. */
  leaseMs?: number;
  /** Database backend: the poller's longest sleep (ms). */
  pollMs?: number;
  /** The operator's clock: a retry's backoff is a duration rule, scaled by ATRIUM_TIME_SCALE (real time without one). */
  clock?: Clock;
}

/** The job queue: bee-queue with REDIS_URL, else a table of the app's database. Both are durable. */
export const jobsPlugin = fp(async (app: FastifyInstance, opts: JobsPluginOptions) => {
  const reconciler = createReconciler(app.log);
  app.decorate('reconciler', reconciler);
  // At start (every domain registered its task by then) and after each Redis reconnect: see reconciler.ts.
  app.addHook('onReady', async () => { await reconciler.run(); });
  if (opts.redisUrl) {
    const jobs = new RedisJobQueue(opts.redisUrl, opts.prefix ?? 'atrium', app.log, opts.clock);
    app.decorate('jobs', jobs as JobQueue);
    jobs.onReconnect(() => { void reconciler.run(); });
    app.addHook('onClose', async () => jobs.close());
    return;
  }
  const jobs = new DbJobQueue(app.knex, app.log, { leaseMs: opts.leaseMs ?? 30_000, pollMs: opts.pollMs ?? 1000, clock: opts.clock });
  app.decorate('jobs', jobs as JobQueue);
  // Polling starts once every domain and plugin has defined its handlers.
  app.addHook('onReady', async () => { jobs.start(); });
  app.addHook('onClose', async () => jobs.close());
}, { name: 'jobs' });
