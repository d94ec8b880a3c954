import type { Clock } from '../clock/index.js';
import { AppError } from '../http/errors.js';

export interface JobOptions {
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
  /** Run at this time (wins over delayMs). */
  runAt?: Date;
  /**
   * A stable id makes enqueueing idempotent: while a job with this name and id is pending or
   * running, enqueueing it again does nothing. Once it finished (or failed for good) the id is free.
   */
  jobId?: string;
  /** How many times a failed run is tried again. */
  retries?: number;
  /** Backoff between retries in ms (exponential from this base). */
  backoffMs?: number;
}

/**
 * An enqueue that could not reach the queue's store (Redis away): 503 ERR_SERVICE_UNAVAILABLE when it reaches a
 * request. Work already committed is enqueued again by the reconciler (jobs/reconciler.ts) once the store is back.
 */
export class JobQueueUnavailableError extends AppError {
  constructor() { super('ERR_SERVICE_UNAVAILABLE', 503, 'The job queue is unavailable; try again shortly'); }
}

export type JobHandler<T> = (data: T) => Promise<unknown>;

/**
 * One job-queue interface, durable on both backends: with REDIS_URL bee-queue, without it a table of
 * the application's own database (db-queue.ts). Delayed jobs, retries and job ids behave the same on
 * both, and a job survives a restart: one that was running when its process died runs again (on the
 * database after its lease expires, on Redis once bee-queue sees it stalled). Handlers must therefore
 * tolerate a second run of a job that was cut off mid-way (claim their work with a conditional
 * UPDATE, as schedules and the responder chain do).
 */
export interface JobQueue {
  readonly kind: 'redis' | 'database';
  define<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Removes a pending job by its id; true when one was removed (a running job is left to finish). */
  cancel(name: string, jobId: string): Promise<boolean>;
  /** Whether jobs can be enqueued and run now ('degraded': Redis is unreachable). */
  health(): Promise<'ok' | 'degraded'>;
  /** Called after the queue's store came back from an outage (Redis reconnected; never on the database backend). */
  onReconnect(listener: () => void): void;
  /** Waits until nothing is running or due within `withinMs` (tests). */
  idle(withinMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** A plugin job's data: it always names the company it works for (its plan decides whether it runs). */
export interface CompanyJobData { companyId: number }

/**
 * `sdk.jobs` as a plugin gets it: the same queue, but every job carries `companyId`, and a job of a company whose
 * plan lacks the plugin's flag does not run: it is parked and runs when the flag is back (jobs/plugin-jobs.ts).
 */
export interface PluginJobQueue extends Omit<JobQueue, 'define' | 'enqueue'> {
  define<T extends CompanyJobData>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  enqueue<T extends CompanyJobData>(name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * A task of the reconciler (jobs/reconciler.ts): at start and after the queue's Redis came back (maybe empty), it is
   * called once per company and enqueues again, under their usual job ids, the jobs the plugin's rows say are due
   * (one still queued is then not doubled); it returns how many. Register it in the factory.
   */
  reconcile(name: string, task: (companyId: number) => Promise<number>): void;
}

/** A retry's first backoff (exponential from it), default a second, on the operator's clock: both backends store this. */
export const scaledBackoff = (clock: Pick<Clock, 'scale'> | undefined, backoffMs = 1000) => (clock ? clock.scale(backoffMs) : backoffMs);
