import { Schedule } from "../../db/models/index.js";
import { dbNow, toDbTime, fromDbTime } from "../../db/time.js";
import { AppError } from "../../http/errors.js";
import { storedFileOf } from "../files/media-upload.js";
import { isDatabaseUnavailable } from "../../db/errors.js";
import { JobQueueUnavailableError } from "../../jobs/types.js";
const SCHEDULE_JOB = "schedule.send";
const SCHEDULE_STUCK_JOB = "schedule.stuck";
const STUCK_ERROR = "ERR_SENDING_WAPP_MSG: interrupted while sending; check the conversation before re-scheduling";
const FAULT_RETRIES = 6;
const FAULT_BACKOFF_MS = 1e4;
const STUCK_MS = 10 * 6e4;
function createScheduleDelivery(app) {
  const emit = (companyId, schedule) => app.bus.emit(companyId, "schedule", { action: "update", schedule });
  async function enqueue(schedule) {
    const at = new Date(fromDbTime(schedule.sendAt) ?? schedule.sendAt);
    await app.jobs.enqueue(SCHEDULE_JOB, { companyId: schedule.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt }, {
      jobId: `${schedule.id}-${at.getTime()}`,
      runAt: at
    });
  }
  async function finish(companyId, id, patch) {
    await Schedule.scoped(companyId).where("id", id).patch(patch);
    const row = await Schedule.scoped(companyId).findById(id).withGraphFetched("contact");
    if (row) emit(companyId, row);
  }
  async function retryAfterFault(job, err) {
    const attempt = (job.attempt ?? 0) + 1;
    app.log.warn({ err, scheduleId: job.scheduleId, attempt }, "scheduled message met a fault: trying again");
    if (attempt > FAULT_RETRIES) {
      await finish(job.companyId, job.scheduleId, { status: "ERRO", error: `ERR_SERVICE_UNAVAILABLE: not sent after ${FAULT_RETRIES} tries: ${err.message}`.slice(0, 1e3) });
      return;
    }
    const at = Date.parse(fromDbTime(job.sendAt) ?? job.sendAt);
    await app.jobs.enqueue(SCHEDULE_JOB, { ...job, attempt }, {
      jobId: `${job.scheduleId}-${at}-retry${attempt}`,
      delayMs: app.clock.scale(FAULT_BACKOFF_MS * 2 ** (attempt - 1))
    });
  }
  async function run(job) {
    try {
      await claimAndSend(job);
    } catch (err) {
      if (!isDatabaseUnavailable(err) && !(err instanceof JobQueueUnavailableError)) throw err;
      await retryAfterFault(job, err);
    }
  }
  async function claimAndSend({ companyId, scheduleId, sendAt }) {
    const early = Date.parse(fromDbTime(sendAt) ?? sendAt) - Date.now();
    if (early > 0) await new Promise((r) => setTimeout(r, early + 5));
    const claimed = await Schedule.scoped(companyId).where({ id: scheduleId, status: "PENDENTE", sendAt: toDbTime(sendAt) }).whereNull("sentAt").where("sendAt", "<=", dbNow()).patch({ status: "ENVIANDO" });
    if (!claimed) {
      const row = await Schedule.scoped(companyId).where({ id: scheduleId, status: "ENVIANDO", sendAt: toDbTime(sendAt) }).first();
      if (row) {
        await app.jobs.enqueue(SCHEDULE_STUCK_JOB, { companyId, scheduleId, sendAt }, {
          jobId: `${scheduleId}-${Date.parse(fromDbTime(sendAt) ?? sendAt)}`,
          runAt: new Date(Date.parse(fromDbTime(row.updatedAt) ?? "") + STUCK_MS)
        });
      }
      return;
    }
    const schedule = await Schedule.scoped(companyId).findById(scheduleId);
    try {
      const messages = app.services.messages;
      if (!messages?.sendToContact) throw new AppError("ERR_WAPP_NOT_INITIALIZED", 503, "The messaging service is not available");
      const media = schedule.mediaPath ? await storedFileOf(app, schedule.mediaPath, schedule.mediaName) : void 0;
      if (schedule.mediaPath && !media) throw new AppError("ERR_WAPP_DOWNLOAD_MEDIA", 400, "The schedule's attachment is missing");
      const { ticket, message } = await messages.sendToContact({
        companyId,
        contactId: schedule.contactId,
        whatsappId: schedule.whatsappId ?? void 0,
        body: schedule.body,
        media,
        userId: schedule.userId ?? null
      });
      if (message.status === "failed") await finish(companyId, scheduleId, { status: "ERRO", error: message.error ?? "ERR_SENDING_WAPP_MSG", ticketId: ticket.id });
      else await finish(companyId, scheduleId, { status: "ENVIADA", sentAt: dbNow(), error: null, ticketId: ticket.id });
    } catch (err) {
      const code = err instanceof AppError ? `${err.code}: ` : "";
      app.log.warn({ err, scheduleId }, "scheduled message failed");
      await finish(companyId, scheduleId, { status: "ERRO", error: `${code}${err.message}`.slice(0, 1e3) });
    }
  }
  async function reportStuck({ companyId, scheduleId }) {
    const changed = await Schedule.scoped(companyId).where({ id: scheduleId, status: "ENVIANDO" }).where("updatedAt", "<", toDbTime(Date.now() - STUCK_MS + 1e3)).patch({ status: "ERRO", error: STUCK_ERROR });
    if (changed) await finish(companyId, scheduleId, {});
  }
  async function recover() {
    const stuckBefore = toDbTime(Date.now() - STUCK_MS);
    const stuck = await Schedule.unscoped("start-up recovery of every company's schedules").where("status", "ENVIANDO").where("updatedAt", "<", stuckBefore);
    for (const row of stuck) await finish(row.companyId, row.id, { status: "ERRO", error: STUCK_ERROR });
  }
  async function reconcile() {
    const pending = await Schedule.unscoped("the reconciler: every company's pending schedules get their jobs back").where("status", "PENDENTE").whereNull("sentAt").select("id", "companyId", "sendAt");
    for (const row of pending) await enqueue(row);
    return pending.length;
  }
  app.reconciler.register("schedules", reconcile);
  app.jobs.define(SCHEDULE_JOB, run, { concurrency: 5 });
  app.jobs.define(SCHEDULE_STUCK_JOB, reportStuck);
  return { enqueue, run, recover, reconcile };
}
export {
  SCHEDULE_JOB,
  createScheduleDelivery
};
