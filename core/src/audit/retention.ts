import type { FastifyInstance } from 'fastify';
import { defineHourlyJob } from '../jobs/hourly.js';
import { AuditLog } from '../db/models/index.js';
import { operatorCompanyId } from '../domains/billing/config.js';
import { toDbTime } from '../db/time.js';

/** The super user's setting (kept with the operator's settings): days an audit entry is kept. */
export const AUDIT_RETENTION_KEY = 'auditRetentionDays';
export const AUDIT_RETENTION_DEFAULT = 365;
export const AUDIT_RETENTION_LIMIT = 3650;
export const AUDIT_SWEEP_JOB = 'audit.retentionSweep';
/** Entries deleted per statement: short deletes, so the writers of new entries never wait long. */
const BATCH = 1000;

/** Days entries are kept: the operator's setting, or the default when it is unset or not a whole number in range. */
export async function auditRetentionDays(app: FastifyInstance): Promise<number> {
  const operator = await operatorCompanyId();
  const value = Number(operator ? await app.tenancy.settings.get(operator, AUDIT_RETENTION_KEY) : NaN);
  return Number.isInteger(value) && value >= 1 && value <= AUDIT_RETENTION_LIMIT ? value : AUDIT_RETENTION_DEFAULT;
}

/** Deletes every company's entries older than the retention, batch by batch; answers how many went. */
export async function sweepAuditLog(app: FastifyInstance, now = new Date()): Promise<number> {
  const cutoff = toDbTime(new Date(now.getTime() - (await auditRetentionDays(app)) * 24 * 60 * 60 * 1000));
  let total = 0;
  for (;;) {
    const ids = (await AuditLog.unscoped('retention: every company\'s expired audit entries').where('createdAt', '<', cutoff).orderBy('id').limit(BATCH).select('id')).map((r) => r.id);
    if (ids.length === 0) return total;
    total += await AuditLog.unscoped('retention: the expired entries just read').whereIn('id', ids).delete();
  }
}

/** The sweep as a durable job, hourly (one job per hour whichever process enqueues it, as the message retention). */
export function defineAuditRetentionJob(app: FastifyInstance) {
  defineHourlyJob(app, AUDIT_SWEEP_JOB, 'audit-retention', async () => { await sweepAuditLog(app); });
}
