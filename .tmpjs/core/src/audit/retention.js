import { AuditLog } from "../db/models/index.js";
import { operatorCompanyId } from "../domains/billing/config.js";
import { toDbTime } from "../db/time.js";
const AUDIT_RETENTION_KEY = "auditRetentionDays";
const AUDIT_RETENTION_DEFAULT = 365;
const AUDIT_RETENTION_LIMIT = 3650;
const AUDIT_SWEEP_JOB = "audit.retentionSweep";
const SWEEP_EVERY_MS = 60 * 60 * 1e3;
const BATCH = 1e3;
async function auditRetentionDays(app) {
  const operator = await operatorCompanyId();
  const value = Number(operator ? await app.tenancy.settings.get(operator, AUDIT_RETENTION_KEY) : NaN);
  return Number.isInteger(value) && value >= 1 && value <= AUDIT_RETENTION_LIMIT ? value : AUDIT_RETENTION_DEFAULT;
}
async function sweepAuditLog(app, now = /* @__PURE__ */ new Date()) {
  const cutoff = toDbTime(new Date(now.getTime() - await auditRetentionDays(app) * 24 * 60 * 60 * 1e3));
  let total = 0;
  for (; ; ) {
    const ids = (await AuditLog.unscoped("retention: every company's expired audit entries").where("createdAt", "<", cutoff).orderBy("id").limit(BATCH).select("id")).map((r) => r.id);
    if (ids.length === 0) return total;
    total += await AuditLog.unscoped("retention: the expired entries just read").whereIn("id", ids).delete();
  }
}
const hourStamp = (at) => new Date(at).toISOString().slice(0, 13).replace(/\D/g, "");
function defineAuditRetentionJob(app) {
  const schedule = (from = Date.now()) => {
    const runAt = Math.floor(from / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS;
    return app.jobs.enqueue(AUDIT_SWEEP_JOB, {}, { runAt: new Date(runAt), jobId: `audit-retention-${hourStamp(runAt)}` });
  };
  app.jobs.define(AUDIT_SWEEP_JOB, async () => {
    try {
      await sweepAuditLog(app);
    } finally {
      await schedule();
    }
  }, { concurrency: 1 });
  app.addHook("onReady", async () => {
    await schedule(Date.now() - SWEEP_EVERY_MS);
  });
}
export {
  AUDIT_RETENTION_DEFAULT,
  AUDIT_RETENTION_KEY,
  AUDIT_RETENTION_LIMIT,
  AUDIT_SWEEP_JOB,
  auditRetentionDays,
  defineAuditRetentionJob,
  sweepAuditLog
};
