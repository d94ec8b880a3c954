import type { FastifyInstance } from 'fastify';
import { Schedule, Whatsapp } from '../../db/models/index.js';
import { dbNow, toDbTime, fromDbTime } from '../../db/time.js';
import { AppError } from '../../http/errors.js';
import type { StoredFile } from '../../storage/index.js';
import { storedFileOf } from '../files/media-upload.js';
import { isDatabaseUnavailable } from '../../db/errors.js';
import { JobQueueUnavailableError } from '../../jobs/types.js';

export const SCHEDULE_JOB = 'schedule.send';
const SCHEDULE_STUCK_JOB = 'schedule.stuck';
const STUCK_ERROR = 'ERR_SENDING_WAPP_MSG: interrupted while sending; check the conversation before re-scheduling';
export type ScheduleStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADA' | 'ERRO';
/**
 * The schedule's connection is not up yet (a restart, a reconnect): thrown by the send before anything is stored, so the
 * claim is given back and the job tries again as after a fault, instead of failing a schedule due while sessions start.
 */
class ConnectionNotReady extends Error {}

/** `attempt`: how many times this schedule's job failed on a fault (database or Redis away) before this run. */
interface ScheduleJob { companyId: number; scheduleId: number; sendAt: string; attempt?: number }

/**
 * A run that meets a fault before its claim (the database or Redis away), or a connection not up yet, tries again: after
 * 10 s, 20 s, 40 s … (the operator's clock scale applies), FAULT_RETRIES times (~10 minutes in all), then the schedule is
 * shown ERRO with why.
 */
const FAULT_RETRIES = 6;
const FAULT_BACKOFF_MS = 10_000;
interface MessagesLike {
  sendToContact(input: { companyId: number; contactId: number; whatsappId?: number; body?: string; media?: StoredFile; userId?: number | null }): Promise<{ ticket: { id: number }; message: { id: number; status: string; error?: string | null } }>;
}

/** A row stuck in ENVIANDO this long was cut off by a crash mid-send; it is reported, never retried blindly. */
const STUCK_MS = 10 * 60_000;

/**
 * Scheduled-message delivery. A delayed job per (schedule, sendAt): the job id carries the time, so
 * re-enqueueing the same schedule is idempotent and editing sendAt makes a new job while the old one
 * finds its row changed and does nothing. The row is claimed with a conditional UPDATE (PENDENTE →
 * ENVIANDO, same sendAt) before sending, so two processes or two jobs never send it twice. The outcome
 * is always written back: ENVIADA with sentAt, or ERRO with the error.
 */
export function createScheduleDelivery(app: FastifyInstance) {
  const emit = (companyId: number, schedule: Schedule) => app.bus.emit(companyId, 'schedule', { action: 'update', schedule });

  async function enqueue(schedule: Pick<Schedule, 'id' | 'companyId' | 'sendAt'>) {
    const at = new Date(fromDbTime(schedule.sendAt) ?? schedule.sendAt);
    await app.jobs.enqueue<ScheduleJob>(SCHEDULE_JOB, { companyId: schedule.companyId, scheduleId: schedule.id, sendAt: schedule.sendAt }, {
      jobId: `${schedule.id}-${at.getTime()}`, runAt: at,
    });
  }

  async function finish(companyId: number, id: number, patch: Partial<Schedule>) {
    await Schedule.scoped(companyId).where('id', id).patch(patch);
    const row = await Schedule.scoped(companyId).findById(id).withGraphFetched('contact');
    if (row) emit(companyId, row);
  }

  /** A fault before the claim: the job again later under a new id, or, past the limit, the row marked ERRO. */
  async function retryAfterFault(job: ScheduleJob, err: unknown) {
    const attempt = (job.attempt ?? 0) + 1;
    app.log.warn({ err, scheduleId: job.scheduleId, attempt }, 'scheduled message met a fault: trying again');
    if (attempt > FAULT_RETRIES) {
      await finish(job.companyId, job.scheduleId, { status: 'ERRO', error: `ERR_SERVICE_UNAVAILABLE: not sent after ${FAULT_RETRIES} tries: ${(err as Error).message}`.slice(0, 1000) });
      return;
    }
    const at = Date.parse(fromDbTime(job.sendAt) ?? job.sendAt);
    // If this enqueue fails too (Redis away), the row stays PENDENTE and the reconciler enqueues it when Redis is back.
    await app.jobs.enqueue<ScheduleJob>(SCHEDULE_JOB, { ...job, attempt }, {
      jobId: `${job.scheduleId}-${at}-retry${attempt}`, delayMs: app.clock.scale(FAULT_BACKOFF_MS * 2 ** (attempt - 1)),
    });
  }

  /** Whether the schedule's connection (its own, else the company's default) is connected: a send now would fail. */
  async function connectionUp({ companyId, scheduleId }: ScheduleJob): Promise<boolean> {
    const schedule = await Schedule.scoped(companyId).findById(scheduleId).select('whatsappId', 'status');
    if (!schedule || schedule.status !== 'PENDENTE') return true; // nothing to send: the claim below says so
    const query = Whatsapp.scoped(companyId).select('id', 'status', 'userStopped');
    const connection = await (schedule.whatsappId ? query.where('id', schedule.whatsappId) : query.where('isDefault', true)).first();
    // The session's real state, not the stored one: just after a restart the row still says CONNECTED while no
    // session runs yet, and a send then would fail for good instead of waiting.
    return !connection || await app.sessions.shownStatus(connection) === 'CONNECTED';
  }

  async function run(job: ScheduleJob) {
    try {
      if (!(await connectionUp(job))) throw new ConnectionNotReady('ERR_WAPP_NOT_INITIALIZED: the connection is not connected');
      await claimAndSend(job);
    } catch (err) {
      if (!isDatabaseUnavailable(err) && !(err instanceof JobQueueUnavailableError) && !(err instanceof ConnectionNotReady)) throw err;
      await retryAfterFault(job, err);
    }
  }

  async function claimAndSend({ companyId, scheduleId, sendAt }: ScheduleJob) {
    // Timers (and delayed Redis jobs) may fire a moment early; the claim below only takes a due row,
    // so wait out the rest instead of returning and leaving the schedule pending for ever.
    const early = Date.parse(fromDbTime(sendAt) ?? sendAt) - Date.now();
    if (early > 0) await new Promise((r) => setTimeout(r, early + 5));
    // Claim: only a row still pending, due, and with the sendAt this job was made for.
    const claimed = await Schedule.scoped(companyId)
      .where({ id: scheduleId, status: 'PENDENTE', sendAt: toDbTime(sendAt) }).whereNull('sentAt').where('sendAt', '<=', dbNow())
      .patch({ status: 'ENVIANDO' } as Partial<Schedule>);
    if (!claimed) {
      // This job ran before and was cut off mid-send (its process died): report the row once it is stuck.
      const row = await Schedule.scoped(companyId).where({ id: scheduleId, status: 'ENVIANDO', sendAt: toDbTime(sendAt) }).first();
      if (row) {
        await app.jobs.enqueue(SCHEDULE_STUCK_JOB, { companyId, scheduleId, sendAt }, {
          jobId: `${scheduleId}-${Date.parse(fromDbTime(sendAt) ?? sendAt)}`, runAt: new Date(Date.parse(fromDbTime(row.updatedAt) ?? '') + STUCK_MS),
        });
      }
      return;
    }
    const schedule = (await Schedule.scoped(companyId).findById(scheduleId))!;
    try {
      const messages = app.services.messages as MessagesLike | undefined;
      if (!messages?.sendToContact) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503, 'The messaging service is not available');
      const media = schedule.mediaPath ? await storedFileOf(app, schedule.mediaPath, schedule.mediaName) : undefined;
      if (schedule.mediaPath && !media) throw new AppError('ERR_WAPP_DOWNLOAD_MEDIA', 400, 'The schedule\'s attachment is missing');
      const { ticket, message } = await messages.sendToContact({
        companyId, contactId: schedule.contactId, whatsappId: schedule.whatsappId ?? undefined, body: schedule.body, media, userId: schedule.userId ?? null,
      });
      // The sender records provider failures on the message instead of throwing.
      if (message.status === 'failed') await finish(companyId, scheduleId, { status: 'ERRO', error: message.error ?? 'ERR_SENDING_WAPP_MSG', ticketId: ticket.id });
      else await finish(companyId, scheduleId, { status: 'ENVIADA', sentAt: dbNow(), error: null, ticketId: ticket.id });
    } catch (err) {
      if (err instanceof AppError && err.code === 'ERR_WAPP_NOT_INITIALIZED') {
        await Schedule.scoped(companyId).where({ id: scheduleId, status: 'ENVIANDO' }).patch({ status: 'PENDENTE' } as Partial<Schedule>);
        throw new ConnectionNotReady(err.message);
      }
      const code = err instanceof AppError ? `${err.code}: ` : '';
      app.log.warn({ err, scheduleId }, 'scheduled message failed');
      await finish(companyId, scheduleId, { status: 'ERRO', error: `${code}${(err as Error).message}`.slice(0, 1000) });
    }
  }

  /**
   * A row left ENVIANDO: its send was cut off (the process died between the claim and the outcome).
   * Once it has been stuck STUCK_MS it is reported as ERRO, never sent again blindly.
   */
  async function reportStuck({ companyId, scheduleId }: Pick<ScheduleJob, 'companyId' | 'scheduleId'>) {
    const changed = await Schedule.scoped(companyId).where({ id: scheduleId, status: 'ENVIANDO' }).where('updatedAt', '<', toDbTime(Date.now() - STUCK_MS + 1000))
      .patch({ status: 'ERRO', error: STUCK_ERROR } as Partial<Schedule>);
    if (changed) await finish(companyId, scheduleId, {});
  }

  /**
   * On start: rows stuck in ENVIANDO from before this version are reported. Pending schedules need
   * nothing: their jobs are durable on both backends (migration 042 gave the ones of the old
   * in-process queue theirs).
   */
  async function recover() {
    const stuckBefore = toDbTime(Date.now() - STUCK_MS);
    const stuck = await Schedule.unscoped('start-up recovery of every company\'s schedules').where('status', 'ENVIANDO').where('updatedAt', '<', stuckBefore);
    for (const row of stuck) await finish(row.companyId, row.id, { status: 'ERRO', error: STUCK_ERROR });
  }

  /**
   * The reconciler's task: every PENDENTE schedule gets its job again (the same id: one still queued is not doubled).
   * Covers a Redis that came back empty and a create whose job could not be enqueued (the row is kept, see routes.ts).
   */
  async function reconcile() {
    const pending = await Schedule.unscoped('the reconciler: every company\'s pending schedules get their jobs back')
      .where('status', 'PENDENTE').whereNull('sentAt').select('id', 'companyId', 'sendAt');
    for (const row of pending) await enqueue(row);
    return pending.length;
  }
  app.reconciler.register('schedules', reconcile);

  app.jobs.define<ScheduleJob>(SCHEDULE_JOB, run, { concurrency: 5 });
  app.jobs.define<ScheduleJob>(SCHEDULE_STUCK_JOB, reportStuck);
  return { enqueue, run, recover, reconcile };
}
