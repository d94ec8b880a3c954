import { Company, Message, Setting, Ticket } from "../db/models/index.js";
import { addMonths } from "../util/dates.js";
import { operatorCompanyId } from "../domains/billing/config.js";
import { removeFiles } from "./files-in-use.js";
import { mediaKeyOf } from "./subject.js";
import { recordPrivacyEvent } from "./record.js";
import { badRequest } from "../http/errors.js";
const RETENTION_KEY = "messageRetentionMonths";
const RETENTION_MAX_KEY = "retentionMaxMonths";
const RETENTION_MONTHS_LIMIT = 120;
const SWEEP_JOB = "privacy.retentionSweep";
const BATCH_JOB = "privacy.retentionBatch";
const SWEEP_EVERY_MS = 60 * 60 * 1e3;
const RETENTION_BATCH = 500;
const months = (value) => {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
};
async function platformMaximum(app) {
  const operator = await operatorCompanyId();
  return operator ? months(await app.tenancy.settings.get(operator, RETENTION_MAX_KEY)) : 0;
}
async function assertWithinRetentionMaximum(app, wanted) {
  const maximum = await platformMaximum(app);
  if (maximum && (wanted === 0 || wanted > maximum)) {
    throw badRequest("ERR_RETENTION_ABOVE_MAXIMUM", `Messages may be kept for at most ${maximum} months on this platform`, { field: "body/value", max: maximum });
  }
}
function effectiveMonths(own, maximum) {
  if (!maximum) return own;
  return own ? Math.min(own, maximum) : maximum;
}
async function companiesDue(app, now = /* @__PURE__ */ new Date()) {
  const maximum = await platformMaximum(app);
  const own = new Map((await Setting.unscoped("retention: every company's own setting, read by the sweep").where({ key: RETENTION_KEY }).select("companyId", "value")).map((s) => [s.companyId, months(s.value)]));
  const ids = maximum ? (await Company.query().select("id")).map((c) => c.id) : [...own.keys()];
  return ids.map((companyId) => ({ companyId, n: effectiveMonths(own.get(companyId) ?? 0, maximum) })).filter(({ n }) => n > 0).map(({ companyId, n }) => ({ companyId, cutoff: `${addMonths(now.toISOString(), -n)} ${now.toISOString().slice(11, 23)}` }));
}
async function retentionBatch(app, data) {
  const { companyId, cutoff } = data;
  const expired = Ticket.scoped(companyId).where("status", "closed").where("closedAt", "<", cutoff).select("id");
  const batch = await Message.scoped(companyId).whereIn("ticketId", expired).orderBy("id").limit(RETENTION_BATCH).select("id", "ticketId", "data", "mediaUrl");
  if (batch.length === 0) return false;
  const ticketIds = [...new Set(batch.map((m) => m.ticketId))];
  await app.knex.transaction(async (trx) => {
    data.totals.messages += await Message.scoped(companyId).transacting(trx).whereIn("id", batch.map((m) => m.id)).delete();
    await trx("tickets").where({ companyId }).whereIn("id", ticketIds).update({ lastMessage: "" });
  });
  data.totals.files += await removeFiles(app, companyId, batch.map((m) => mediaKeyOf(m)).filter((k) => Boolean(k)));
  return batch.length === RETENTION_BATCH;
}
const hourStamp = (at) => new Date(at).toISOString().slice(0, 13).replace(/\D/g, "");
function defineRetentionJobs(app) {
  const scheduleSweep = (from = Date.now()) => {
    const runAt = Math.floor(from / SWEEP_EVERY_MS) * SWEEP_EVERY_MS + SWEEP_EVERY_MS;
    return app.jobs.enqueue(SWEEP_JOB, {}, { runAt: new Date(runAt), jobId: `retention-${hourStamp(runAt)}` });
  };
  app.jobs.define(SWEEP_JOB, async () => {
    try {
      for (const { companyId, cutoff } of await companiesDue(app)) {
        await app.jobs.enqueue(BATCH_JOB, { companyId, cutoff, totals: { messages: 0, files: 0 } }, { jobId: `retention-${companyId}` });
      }
    } finally {
      await scheduleSweep();
    }
  }, { concurrency: 1 });
  app.jobs.define(BATCH_JOB, async (data) => {
    if (await retentionBatch(app, data)) {
      await app.jobs.enqueue(BATCH_JOB, data, { jobId: `retention-${data.companyId}-${data.totals.messages}` });
      return;
    }
    if (data.totals.messages) await recordPrivacyEvent({ companyId: data.companyId, kind: "retention", counts: data.totals });
  }, { concurrency: 1 });
  app.addHook("onReady", async () => {
    await scheduleSweep(Date.now() - SWEEP_EVERY_MS);
  });
}
export {
  BATCH_JOB,
  RETENTION_BATCH,
  RETENTION_KEY,
  RETENTION_MAX_KEY,
  RETENTION_MONTHS_LIMIT,
  SWEEP_JOB,
  assertWithinRetentionMaximum,
  companiesDue,
  defineRetentionJobs,
  effectiveMonths,
  platformMaximum,
  retentionBatch
};
