import type { FastifyInstance } from 'fastify';
import { Schedule } from '../../db/models/index.js';
import { dbNow, toDbTime, fromDbTime } from '../../db/time.js';
import { AppError } from '../../http/errors.js';
import type { StoredFile } from '../../storage/index.js';
import { storedFileOf } from '../files/media-upload.js';

export const SCHEDULE_JOB = 'schedule.send';
export type ScheduleStatus = 'PENDENTE' | 'ENVIANDO' | 'ENVIADA' | 'ERRO';
interface ScheduleJob { companyId: number; scheduleId: number; sendAt: string }
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

  async function run({ companyId, scheduleId, sendAt }: ScheduleJob) {
    // Timers (and delayed Redis jobs) may fire a moment early; the claim below only takes a due row,
    // so wait out the rest instead of returning and leaving the schedule pending for ever.
    const early = Date.parse(fromDbTime(sendAt) ?? sendAt) - Date.now();
    if (early > 0) await new Promise((r) => setTimeout(r, early + 5));
    // Claim: only a row still pending, due, and with the sendAt this job was made for.
    const claimed = await Schedule.scoped(companyId)
      .where({ id: scheduleId, status: 'PENDENTE', sendAt: toDbTime(sendAt) }).whereNull('sentAt').where('sendAt', '<=', dbNow())
      .patch({ status: 'ENVIANDO' } as Partial<Schedule>);
    if (!claimed) return;
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
      const code = err instanceof AppError ? `${err.code}: ` : '';
      app.log.warn({ err, scheduleId }, 'scheduled message failed');
      await finish(companyId, scheduleId, { status: 'ERRO', error: `${code}${(err as Error).message}`.slice(0, 1000) });
    }
  }

  /** On start: every unsent schedule gets its job again (the in-process queue forgets timers on restart). */
  async function recover() {
    const stuckBefore = toDbTime(Date.now() - STUCK_MS);
    const stuck = await Schedule.unscoped('start-up recovery of every company\'s schedules').where('status', 'ENVIANDO').where('updatedAt', '<', stuckBefore);
    for (const row of stuck) await finish(row.companyId, row.id, { status: 'ERRO', error: 'ERR_SENDING_WAPP_MSG: interrupted while sending; check the conversation before re-scheduling' });
    let lastId = 0;
    for (;;) {
      const rows = await Schedule.unscoped('start-up recovery of every company\'s schedules')
        .where('status', 'PENDENTE').whereNull('sentAt').where('id', '>', lastId).orderBy('id').limit(500).select('id', 'companyId', 'sendAt');
      if (rows.length === 0) break;
      for (const row of rows) await enqueue(row);
      lastId = rows[rows.length - 1].id;
    }
  }

  app.jobs.define<ScheduleJob>(SCHEDULE_JOB, run, { concurrency: 5 });
  return { enqueue, run, recover };
}
