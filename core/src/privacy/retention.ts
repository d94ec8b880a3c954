import type { FastifyInstance } from 'fastify';
import { defineHourlyJob } from '../jobs/hourly.js';
import { Company, Message, Setting, Ticket } from '../db/models/index.js';
import { addMonths } from '../util/dates.js';
import { operatorCompanyId } from '../domains/billing/config.js';
import { removeFiles } from './files-in-use.js';
import { mediaKeyOf } from './subject.js';
import { recordPrivacyEvent } from './record.js';
import { badRequest } from '../http/errors.js';

/** A company's setting: delete the messages and files of tickets closed longer than N months ago ('0': keep them). */
export const RETENTION_KEY = 'messageRetentionMonths';
/** The super user's platform-wide ceiling on that setting ('' or '0': none), kept with the operator's settings. */
export const RETENTION_MAX_KEY = 'retentionMaxMonths';
export const RETENTION_MONTHS_LIMIT = 120;

export const SWEEP_JOB = 'privacy.retentionSweep';
export const BATCH_JOB = 'privacy.retentionBatch';
/** The sweep runs hourly (one job per hour: processes share it); a company's run then goes batch by batch. */
/** Messages deleted per batch: each batch is one short transaction, its own job, so ingestion is never held up for long. */
export const RETENTION_BATCH = 500;

/** `cutoff`: stored time text (UTC 'YYYY-MM-DD HH:MM:SS.mmm'), compared with tickets.closedAt as stored. */
interface BatchData { companyId: number; cutoff: string; totals: { messages: number; files: number } }

const months = (value: string | null | undefined) => {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
};

/** The platform's maximum in months (0: none). */
export async function platformMaximum(app: FastifyInstance): Promise<number> {
  const operator = await operatorCompanyId();
  return operator ? months(await app.tenancy.settings.get(operator, RETENTION_MAX_KEY)) : 0;
}

/**
 * A company may keep messages for less than the platform's maximum, never more: 400 ERR_RETENTION_ABOVE_MAXIMUM
 * (with `max`) for more months than it, or for 0 ("forever") while a maximum is set.
 */
export async function assertWithinRetentionMaximum(app: FastifyInstance, wanted: number) {
  const maximum = await platformMaximum(app);
  if (maximum && (wanted === 0 || wanted > maximum)) {
    throw badRequest('ERR_RETENTION_ABOVE_MAXIMUM', `Messages may be kept for at most ${maximum} months on this platform`, { field: 'body/value', max: maximum });
  }
}

/** How many months a company keeps closed tickets' messages: its own setting under the platform's maximum (0: forever). */
export function effectiveMonths(own: number, maximum: number): number {
  if (!maximum) return own;
  return own ? Math.min(own, maximum) : maximum;
}

/** The companies with a retention in force and their cut-off (messages of tickets closed before it go). */
export async function companiesDue(app: FastifyInstance, now = new Date()): Promise<Array<{ companyId: number; cutoff: string }>> {
  const maximum = await platformMaximum(app);
  const own = new Map((await Setting.unscoped('retention: every company\'s own setting, read by the sweep').where({ key: RETENTION_KEY }).select('companyId', 'value'))
    .map((s) => [s.companyId, months(s.value)]));
  const ids = maximum ? (await Company.query().select('id')).map((c) => c.id) : [...own.keys()];
  return ids
    .map((companyId) => ({ companyId, n: effectiveMonths(own.get(companyId) ?? 0, maximum) }))
    .filter(({ n }) => n > 0)
    .map(({ companyId, n }) => ({ companyId, cutoff: `${addMonths(now.toISOString(), -n)} ${now.toISOString().slice(11, 23)}` }));
}

/**
 * One batch of a company's run: up to RETENTION_BATCH messages of tickets closed before the cut-off, in one short
 * transaction; their files (unless another row still uses them); the tickets' last-message preview. Answers
 * whether more remain. The tickets themselves stay, so the dashboard's counts do not move.
 */
export async function retentionBatch(app: FastifyInstance, data: BatchData): Promise<boolean> {
  const { companyId, cutoff } = data;
  const expired = Ticket.scoped(companyId).where('status', 'closed').where('closedAt', '<', cutoff).select('id');
  const batch = await Message.scoped(companyId).whereIn('ticketId', expired).orderBy('id').limit(RETENTION_BATCH).select('id', 'ticketId', 'data', 'mediaUrl');
  if (batch.length === 0) return false;
  const ticketIds = [...new Set(batch.map((m) => m.ticketId))];
  await app.knex.transaction(async (trx) => {
    data.totals.messages += await Message.scoped(companyId).transacting(trx).whereIn('id', batch.map((m) => m.id)).delete();
    // The preview repeats the last message's text; cleared without touching updatedAt (the lists' order stays).
    await trx('tickets').where({ companyId }).whereIn('id', ticketIds).update({ lastMessage: '' });
  });
  data.totals.files += await removeFiles(app, companyId, batch.map((m) => mediaKeyOf(m)).filter((k): k is string => Boolean(k)));
  return batch.length === RETENTION_BATCH;
}

/** The sweep: one batch chain per company due; each chain records what it deleted once it is done. */
export function defineRetentionJobs(app: FastifyInstance) {
  defineHourlyJob(app, SWEEP_JOB, 'retention', async () => {
    for (const { companyId, cutoff } of await companiesDue(app)) {
      await app.jobs.enqueue<BatchData>(BATCH_JOB, { companyId, cutoff, totals: { messages: 0, files: 0 } }, { jobId: `retention-${companyId}` });
    }
  });
  app.jobs.define<BatchData>(BATCH_JOB, async (data) => {
    if (await retentionBatch(app, data)) {
      // The next batch as a new job (the id names the progress, so the chain's own id is free again).
      await app.jobs.enqueue<BatchData>(BATCH_JOB, data, { jobId: `retention-${data.companyId}-${data.totals.messages}` });
      return;
    }
    if (data.totals.messages) await recordPrivacyEvent({ companyId: data.companyId, kind: 'retention', counts: data.totals });
  }, { concurrency: 1 });
}
