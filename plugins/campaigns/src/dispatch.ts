import type { AtriumSdk, MessagesService, StoredFile } from '@atrium/core/sdk';
import { fileListFiles, storedFile } from './media.js';
import type { CampaignStore } from './store.js';
import { loadSettings, gapSeconds } from './settings.js';
import { pickVariant, renderMessage } from './render.js';
import { dbNow } from './time.js';

export const START_JOB = 'campaigns.start';
export const SEND_JOB = 'campaigns.send';
/**
 * A row still `sending` this long after its claim was cut off by a crash: it is failed as unknown, never resent.
 * While one sender holds a connection's slot, others keep off it for at most as long (a crash frees it).
 * Both are scaled by ATRIUM_TIME_SCALE (a test's recovery takes seconds, not a minute), never below 5 s, so a
 * slow send on a loaded machine is not taken for a dead one.
 */
const LEASE_MS = 60_000;
const MIN_LEASE_MS = 5_000;
const BATCH = 500;
/** A disconnected connection is tried again this long after (spec time, scaled by ATRIUM_TIME_SCALE). */
const CONNECTION_RETRY_MS = 30_000;
/** Progress events of a running campaign (its counts) at most this often; the final state always. */
const PROGRESS_EVERY_MS = 1000;

interface StartData { companyId: number; campaignId: number; scheduledAt: string | null }
interface SendData { whatsappId: number }

/**
 * The campaign engine. A campaign's start is a durable job at scheduledAt; it materialises the audience into
 * campaignShipping (unique per campaign and number) and wakes the connection's sender. The sender is a chain of
 * durable jobs per connection: each run takes the connection's pacing slot with a conditional UPDATE, claims one
 * pending row (pending → sending, only while its campaign is EM_ANDAMENTO), sends it, writes the outcome and
 * schedules the next run one gap after this actual send. Two campaigns on one connection share the slot.
 */
export function createDispatcher(sdk: AtriumSdk, store: CampaignStore) {
  const { knex, clock } = sdk;
  const lease = () => Math.max(MIN_LEASE_MS, clock.scale(LEASE_MS));

  async function scheduleStart(companyId: number, campaignId: number, scheduledAt: string | null) {
    const runAt = scheduledAt ? new Date(`${scheduledAt.replace(' ', 'T')}Z`) : clock.now();
    await sdk.jobs.enqueue<StartData>(START_JOB, { companyId, campaignId, scheduledAt }, { runAt, jobId: `start-${campaignId}-${runAt.getTime()}` });
  }

  /** After a restart: the start job again (a no-op materialisation for rows already there), which wakes the sender. */
  async function resume(companyId: number, campaignId: number) {
    await sdk.jobs.enqueue<StartData>(START_JOB, { companyId, campaignId, scheduledAt: null }, { jobId: `restart-${campaignId}-${Date.now()}` });
  }

  /** The recipients of a contact list, or the contacts of the tickets carrying the tag. */
  async function* audience(companyId: number, campaign: { contactListId: number | null; tagId: number | null }) {
    let lastId = 0;
    for (;;) {
      let rows: { id: number; name: string | null; number: string; email: string | null }[];
      if (campaign.contactListId) {
        // Items known invalid are left out; unchecked ones go through sendToNumber's own number check.
        rows = await knex('contactListItems').where({ companyId, contactListId: campaign.contactListId }).where('id', '>', lastId)
          .where((q) => q.whereNull('isWhatsappValid').orWhere('isWhatsappValid', true))
          .orderBy('id').limit(BATCH).select('id', 'name', 'number', 'email');
      } else if (campaign.tagId) {
        rows = await knex('contacts').where('contacts.companyId', companyId).where('contacts.isGroup', false).where('contacts.id', '>', lastId)
          .whereExists(knex('tickets').join('ticketTags', 'ticketTags.ticketId', 'tickets.id')
            .whereRaw('?? = ??', ['tickets.contactId', 'contacts.id']).where('tickets.companyId', companyId).where('ticketTags.tagId', campaign.tagId))
          .orderBy('contacts.id').limit(BATCH).select('contacts.id', 'contacts.name', 'contacts.number', 'contacts.email');
      } else return;
      if (rows.length === 0) return;
      yield rows;
      lastId = Number(rows[rows.length - 1].id);
    }
  }

  async function materialise(companyId: number, campaignId: number) {
    const campaign = await knex('campaigns').where({ companyId, id: campaignId }).first('contactListId', 'tagId');
    for await (const rows of audience(companyId, campaign)) {
      const now = dbNow();
      await knex('campaignShipping')
        .insert(rows.map((r) => ({ companyId, campaignId, number: r.number, name: r.name, email: r.email, status: 'pending', createdAt: now })))
        .onConflict(['campaignId', 'number']).ignore();
    }
  }

  /** Wakes a connection's sender no earlier than its slot allows (a run that finds the slot taken just reschedules). */
  async function wake(whatsappId: number, companyId: number) {
    await knex('campaignSenders').insert({ whatsappId, companyId, nextAt: 0, sentCount: 0 }).onConflict('whatsappId').ignore();
    const sender = await knex('campaignSenders').where({ whatsappId }).first('nextAt');
    const at = Math.max(Date.now(), Number(sender?.nextAt ?? 0));
    await sdk.jobs.enqueue<SendData>(SEND_JOB, { whatsappId }, { runAt: new Date(at), jobId: `send-${whatsappId}-${at}` });
  }

  /** Starts (or resumes) a campaign: only a PROGRAMADA one due now, or one already EM_ANDAMENTO (restart). */
  async function start({ companyId, campaignId, scheduledAt }: StartData) {
    const moved = await knex('campaigns').where({ companyId, id: campaignId, status: 'PROGRAMADA' })
      .where((q) => (scheduledAt ? q.where({ scheduledAt }) : q.whereNull('scheduledAt')))
      .update({ status: 'EM_ANDAMENTO', updatedAt: dbNow() });
    const row = await knex('campaigns').where({ companyId, id: campaignId }).first('status', 'whatsappId');
    if (!row || row.status !== 'EM_ANDAMENTO') return;
    await materialise(companyId, campaignId);
    if (moved) await store.announce(companyId, campaignId);
    if (!(await finishIfDone(companyId, campaignId))) await wake(Number(row.whatsappId), companyId);
  }

  async function finishIfDone(companyId: number, campaignId: number): Promise<boolean> {
    const left = await knex('campaignShipping').where({ campaignId }).whereIn('status', ['pending', 'sending']).first('id');
    if (left) return false;
    const done = await knex('campaigns').where({ companyId, id: campaignId, status: 'EM_ANDAMENTO' }).update({ status: 'FINALIZADA', completedAt: dbNow(), updatedAt: dbNow() });
    if (done) await store.announce(companyId, campaignId);
    return true;
  }

  /** Rows left `sending` by a process that died mid-send: the message may have left, so they are failed, not resent. */
  async function failStale(whatsappId: number) {
    // By campaign, so each probe is an index lookup on (campaignId, status), whatever the size of the runs.
    const stale = await knex('campaignShipping').whereIn('campaignId', knex('campaigns').where({ whatsappId }).select('id'))
      .where('status', 'sending').where('claimedAt', '<', Date.now() - lease()).select('id', 'companyId', 'campaignId');
    for (const row of stale) {
      const n = await knex('campaignShipping').where({ id: row.id, status: 'sending' }).update({ status: 'failed', error: 'ERR_CAMPAIGN_SEND_UNKNOWN' });
      if (n) await finishIfDone(Number(row.companyId), Number(row.campaignId));
    }
  }

  async function sendNext({ whatsappId }: SendData) {
    await failStale(whatsappId);
    const now = Date.now();
    const slot = await knex('campaignSenders').where({ whatsappId }).where('nextAt', '<=', now).update({ nextAt: now + lease() });
    if (!slot) {
      // Someone holds the slot (or it is not due): come back when it is, under the id the holder would use.
      const sender = await knex('campaignSenders').where({ whatsappId }).first('nextAt');
      if (sender && (await hasWork(whatsappId))) {
        const at = Number(sender.nextAt);
        await sdk.jobs.enqueue<SendData>(SEND_JOB, { whatsappId }, { runAt: new Date(at), jobId: `send-${whatsappId}-${at}` });
      }
      return;
    }
    const claimed = await claimRow(whatsappId);
    if (!claimed) {
      await knex('campaignSenders').where({ whatsappId }).update({ nextAt: now });
      return;
    }
    const outcome = await deliver(claimed);
    if (outcome === 'connection-down') {
      // Nothing left: the row goes back to pending and the connection is tried again later, the campaign stays running.
      await knex('campaignShipping').where({ id: claimed.id, status: 'sending' }).update({ status: 'pending', claimedAt: null });
      const retryAt = Date.now() + clock.scale(CONNECTION_RETRY_MS);
      await knex('campaignSenders').where({ whatsappId }).update({ nextAt: retryAt });
      await sdk.jobs.enqueue<SendData>(SEND_JOB, { whatsappId }, { runAt: new Date(retryAt), jobId: `send-${whatsappId}-${retryAt}` });
      return;
    }
    await knex('campaignShipping').where({ id: claimed.id, status: 'sending' }).update(outcome);
    // The final state is always announced; progress at most once a second (its counts read every row of the run).
    if (!(await finishIfDone(claimed.companyId, claimed.campaignId)) && progressDue(claimed.campaignId)) await store.announce(claimed.companyId, claimed.campaignId);

    const sender = await knex('campaignSenders').where({ whatsappId }).first('sentCount');
    const sentCount = Number(sender?.sentCount ?? 0) + 1;
    const settings = await loadSettings(knex, claimed.companyId);
    const next = Date.now() + clock.scale(gapSeconds(settings, sentCount) * 1000);
    await knex('campaignSenders').where({ whatsappId }).update({ nextAt: next, sentCount });
    if (await hasWork(whatsappId)) {
      await sdk.jobs.enqueue<SendData>(SEND_JOB, { whatsappId }, { runAt: new Date(next), jobId: `send-${whatsappId}-${next}` });
    }
  }

  // Per process: only paces the progress events, so a second process announcing as well is harmless.
  const lastProgress = new Map<number, number>();
  function progressDue(campaignId: number) {
    const now = Date.now();
    if (now - (lastProgress.get(campaignId) ?? 0) < PROGRESS_EVERY_MS) return false;
    lastProgress.set(campaignId, now);
    if (lastProgress.size > 1000) lastProgress.clear();
    return true;
  }

  const runningOn = (whatsappId: number) => knex('campaigns').where({ whatsappId, status: 'EM_ANDAMENTO' }).select('id');

  async function hasWork(whatsappId: number) {
    return !!(await knex('campaignShipping').whereIn('campaignId', runningOn(whatsappId)).where({ status: 'pending' }).first('id'));
  }

  /**
   * The oldest pending row of the connection's running campaigns, campaign by campaign: each probe reads the
   * (campaignId, status) index in id order, where one query over all of them made MariaDB sort every pending row.
   */
  async function nextPending(whatsappId: number) {
    for (const { id } of await runningOn(whatsappId).orderBy('id')) {
      const row = await knex('campaignShipping').where({ campaignId: id, status: 'pending' }).orderBy('id')
        .first('id', 'campaignId', 'companyId', 'number', 'name', 'email');
      if (row) return row;
    }
    return undefined;
  }

  /** pending → sending, only while the row's campaign runs: a cancel between the read and the claim wins. */
  async function claimRow(whatsappId: number) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await nextPending(whatsappId);
      if (!row) return null;
      const n = await knex('campaignShipping').where({ id: row.id, status: 'pending' })
        .whereIn('campaignId', knex('campaigns').where({ id: row.campaignId, status: 'EM_ANDAMENTO' }).select('id'))
        .update({ status: 'sending', claimedAt: Date.now() });
      if (n) return { ...row, id: Number(row.id), campaignId: Number(row.campaignId), companyId: Number(row.companyId) };
    }
    return null;
  }

  /**
   * One recipient's messages: the chosen variant with the campaign's media (as its caption; an audio goes after the
   * text, as audio takes none), then each file of the campaign's file list. The first send decides whether the
   * connection was down (nothing went out: the row waits); after it, any failure fails the row, never a resend.
   */
  async function deliver(row: { companyId: number; campaignId: number; number: string; name: string | null; email: string | null }) {
    const campaign = await knex('campaigns').where({ companyId: row.companyId, id: row.campaignId }).first();
    const { variables } = await loadSettings(knex, row.companyId);
    const template = pickVariant([campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5]);
    const body = template ? renderMessage(template, row, variables) : '';
    const media = await storedFile(sdk, campaign.mediaPath, campaign.mediaName, campaign.mediaType);
    const sends: { body?: string; media?: StoredFile }[] = [];
    if (media && /^audio\//.test(media.mimetype)) sends.push(...(body ? [{ body }] : []), { media });
    else if (body || media) sends.push({ body: body || undefined, media });
    for (const file of await fileListFiles(sdk, row.companyId, campaign.fileListId ? Number(campaign.fileListId) : null)) sends.push({ media: file });
    if (sends.length === 0) return { status: 'failed', error: 'ERR_CAMPAIGN_NO_MESSAGE' };
    const messages = sdk.services.messages as MessagesService;
    let contactId: number | undefined;
    let failed = false;
    for (const [i, send] of sends.entries()) {
      try {
        const sent = await messages.sendToNumber({
          companyId: row.companyId, number: row.number, name: row.name ?? undefined, ...send, whatsappId: Number(campaign.whatsappId), openTicket: false,
        });
        contactId ??= sent.contact.id;
        if (sent.message.status === 'failed') failed = true;
      } catch (err) {
        const code = (err as { code?: string }).code ?? 'ERR_SEND_FAILED';
        if (i === 0 && code === 'ERR_WAPP_NOT_INITIALIZED') return 'connection-down' as const;
        sdk.log.warn({ err, campaignId: row.campaignId }, 'campaign send failed');
        return { status: 'failed', error: String(code).slice(0, 255), message: body.slice(0, 4000), contactId: contactId ?? null };
      }
    }
    if (failed) return { status: 'failed', error: 'ERR_SEND_FAILED', message: body.slice(0, 4000), contactId: contactId ?? null };
    return { status: 'delivered', deliveredAt: dbNow(), message: body.slice(0, 4000), contactId: contactId ?? null };
  }

  sdk.jobs.define<StartData>(START_JOB, start);
  sdk.jobs.define<SendData>(SEND_JOB, sendNext);
  return { scheduleStart, resume, start, wake, materialise };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
