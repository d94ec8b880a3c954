import type { FastifyInstance } from 'fastify';

export const HOUR_MS = 60 * 60 * 1000;

/** `2026120614` for 14:xx on 2026-12-06 (UTC): the hour a run belongs to, in its job id. */
export const hourStamp = (at: number) => new Date(at).toISOString().slice(0, 13).replace(/\D/g, '');

export interface HourlyJob {
  /** Enqueues the run of the hour that starts after `from` (by default, the next hour). */
  scheduleAfter(from?: number): Promise<void>;
}

/**
 * A sweep that runs once an hour however many processes there are: each hour's run has one job id
 * (`<idPrefix>-<hour>`), so every process asks for the same job. A run asks for the next hour's when it ends. The
 * current hour's run (a catch-up after downtime) is asked for by the reconciler: at start, and after the job queue's
 * Redis came back empty, which would otherwise stop the sweep until the next restart (issue 48).
 */
export function defineHourlyJob(app: FastifyInstance, name: string, idPrefix: string, run: () => Promise<void>): HourlyJob {
  const scheduleAfter = async (from = Date.now()) => {
    const runAt = Math.floor(from / HOUR_MS) * HOUR_MS + HOUR_MS;
    await app.jobs.enqueue(name, {}, { runAt: new Date(runAt), jobId: `${idPrefix}-${hourStamp(runAt)}` });
  };
  app.jobs.define(name, async () => {
    try { await run(); } finally { await scheduleAfter(); }
  }, { concurrency: 1 });
  app.reconciler.register(`hourly ${name}`, async () => { await scheduleAfter(Date.now() - HOUR_MS); return 1; });
  return { scheduleAfter };
}
