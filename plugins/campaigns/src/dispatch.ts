import type { AtriumSdk, StoredFile } from '@atrium/core/sdk';
import { fileListFiles, storedFile } from './media.js';
import { templateOf, type CampaignStore } from './store.js';
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
/** The core's refusal of free text outside a Cloud API connection's 24-hour window. */
const OUTSIDE_WINDOW = 'ERR_OUTSIDE_SERVICE_WINDOW';

/** One message of a recipient's: text, media, or a Cloud API template (its text as `body`). */
interface Send { body?: string; media?: StoredFile; template?: { name: string; language: string; parameters: string[] } }

interface StartData { companyId: number; campaignId: number; scheduledAt: string | null }
/** A connection's sender; the connection's company scopes every query of the run. */
interface SendData { whatsappId: number; companyId: number }

/**
 * The campaign engine. A campaign's start is a durable job at scheduledAt; it materialises the audience into
 * campaignShipping (unique per campaign and number) and wakes the connection's sender. The sender is a chain of
 * durable jobs per connection: each run takes the connection's pacing slot with a conditional UPDATE, claims one
 * pending row (pending → sending, only while its campaign is EM_ANDAMENTO), sends it, writes the outcome and
 * schedules the next run one gap after this actual send. Two campaigns on one connection share the slot.
 */
export function createDispatcher(sdk: AtriumSdk, store: CampaignStore) {
  const { clock } = sdk;
  const campaignsOf = (companyId: number) => sdk.db.table('campaigns', companyId);
  const shippingOf = (companyId: number) => sdk.db.table('campaignShipping', companyId);
  /** The pacing slot of one connection (one row per connection, in the connection's company). */
  const senderOf = (companyId: number, whatsappId: number) => sdk.db.table('campaignSenders', companyId).where({ whatsappId });
  /** The sender's run for the slot time `at` (its job id), run at `runAt` (the reconciler's: now, for a slot past). */
  const enqueueSend = (companyId: number, whatsappId: number, at: number, runAt = at) =>
    sdk.jobs.enqueue<SendData>(SEND_JOB, { whatsappId, companyId }, { runAt: new Date(runAt), jobId: `send-${whatsappId}-${at}` });
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
        rows = await sdk.db.table('contactListItems', companyId).where({ contactListId: campaign.contactListId }).where('id', '>', lastId)
          .where((q) => q.whereNull('isWhatsappValid').orWhere('isWhatsappValid', true))
          .orderBy('id').limit(BATCH).select('id', 'name', 'number', 'email');
      } else if (campaign.tagId) {
        rows = await sdk.services.contacts.taggedAudience(companyId, campaign.tagId, { afterId: lastId, limit: BATCH });
      } else return;
      if (rows.length === 0) return;
      yield rows;
      lastId = Number(rows[rows.length - 1].id);
    }
  }

  async function materialise(companyId: number, campaignId: number) {
    const campaign = await campaignsOf(companyId).where({ id: campaignId }).first('contactListId', 'tagId');
    for await (const rows of audience(companyId, campaign)) {
      const now = dbNow(sdk.clock);
      await shippingOf(companyId)
        .insert(rows.map((r) => ({ campaignId, number: r.number, name: r.name, email: r.email, status: 'pending', createdAt: now })))
        .onConflict(['campaignId', 'number']).ignore();
    }
  }

  /** Wakes a connection's sender no earlier than its slot allows (a run that finds the slot taken just reschedules). */
  async function wake(whatsappId: number, companyId: number) {
    await sdk.db.table('campaignSenders', companyId).insert({ whatsappId, nextAt: 0, sentCount: 0 }).onConflict('whatsappId').ignore();
    const sender = await senderOf(companyId, whatsappId).first('nextAt');
    await enqueueSend(companyId, whatsappId, Math.max(Date.now(), Number(sender?.nextAt ?? 0)));
  }

  /** Starts (or resumes) a campaign: only a PROGRAMADA one due now, or one already EM_ANDAMENTO (restart). */
  async function start({ companyId, campaignId, scheduledAt }: StartData) {
    const moved = await campaignsOf(companyId).where({ id: campaignId, status: 'PROGRAMADA' })
      .where((q) => (scheduledAt ? q.where({ scheduledAt }) : q.whereNull('scheduledAt')))
      .update({ status: 'EM_ANDAMENTO', updatedAt: dbNow(sdk.clock) });
    const row = await campaignsOf(companyId).where({ id: campaignId }).first('status', 'whatsappId');
    if (!row || row.status !== 'EM_ANDAMENTO') return;
    await materialise(companyId, campaignId);
    if (moved) await store.announce(companyId, campaignId);
    if (!(await finishIfDone(companyId, campaignId))) await wake(Number(row.whatsappId), companyId);
  }

  async function finishIfDone(companyId: number, campaignId: number): Promise<boolean> {
    const left = await shippingOf(companyId).where({ campaignId }).whereIn('status', ['pending', 'sending']).first('id');
    if (left) return false;
    const done = await campaignsOf(companyId).where({ id: campaignId, status: 'EM_ANDAMENTO' }).update({ status: 'FINALIZADA', completedAt: dbNow(sdk.clock), updatedAt: dbNow(sdk.clock) });
    if (done) await store.announce(companyId, campaignId);
    return true;
  }

  /** Rows left `sending` by a process that died mid-send: the message may have left, so they are failed, not resent. */
  async function failStale(companyId: number, whatsappId: number) {
    // By campaign, so each probe is an index lookup on (campaignId, status), whatever the size of the runs.
    const stale = await shippingOf(companyId).whereIn('campaignId', campaignsOf(companyId).where({ whatsappId }).select('id'))
      .where('status', 'sending').where('claimedAt', '<', Date.now() - lease()).select('id', 'campaignId');
    for (const row of stale) {
      const n = await shippingOf(companyId).where({ id: row.id, status: 'sending' }).update({ status: 'failed', error: 'ERR_CAMPAIGN_SEND_UNKNOWN' });
      if (n) await finishIfDone(companyId, Number(row.campaignId));
    }
  }

  async function sendNext({ whatsappId, companyId }: SendData) {
    await failStale(companyId, whatsappId);
    const now = Date.now();
    const slot = await senderOf(companyId, whatsappId).where('nextAt', '<=', now).update({ nextAt: now + lease() });
    if (!slot) {
      // Someone holds the slot (or it is not due): come back when it is, under the id the holder would use.
      const sender = await senderOf(companyId, whatsappId).first('nextAt');
      if (sender && (await hasWork(companyId, whatsappId))) await enqueueSend(companyId, whatsappId, Number(sender.nextAt));
      return;
    }
    const claimed = await claimRow(companyId, whatsappId);
    if (!claimed) {
      await senderOf(companyId, whatsappId).update({ nextAt: now });
      return;
    }
    const outcome = await deliver(claimed);
    if (outcome === 'connection-down') {
      // Nothing left: the row goes back to pending and the connection is tried again later, the campaign stays running.
      await shippingOf(companyId).where({ id: claimed.id, status: 'sending' }).update({ status: 'pending', claimedAt: null });
      const retryAt = Date.now() + clock.scale(CONNECTION_RETRY_MS);
      await senderOf(companyId, whatsappId).update({ nextAt: retryAt });
      await enqueueSend(companyId, whatsappId, retryAt);
      return;
    }
    await shippingOf(companyId).where({ id: claimed.id, status: 'sending' }).update(outcome);
    // The final state is always announced; progress at most once a second (its counts read every row of the run).
    if (!(await finishIfDone(companyId, claimed.campaignId)) && progressDue(claimed.campaignId)) await store.announce(companyId, claimed.campaignId);

    const sender = await senderOf(companyId, whatsappId).first('sentCount');
    const sentCount = Number(sender?.sentCount ?? 0) + 1;
    const settings = await loadSettings(sdk.db, companyId);
    const next = Date.now() + clock.scale(gapSeconds(settings, sentCount) * 1000);
    await senderOf(companyId, whatsappId).update({ nextAt: next, sentCount });
    if (await hasWork(companyId, whatsappId)) await enqueueSend(companyId, whatsappId, next);
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

  const runningOn = (companyId: number, whatsappId: number) => campaignsOf(companyId).where({ whatsappId, status: 'EM_ANDAMENTO' }).select('id');

  async function hasWork(companyId: number, whatsappId: number) {
    return !!(await shippingOf(companyId).whereIn('campaignId', runningOn(companyId, whatsappId)).where({ status: 'pending' }).first('id'));
  }

  /**
   * The oldest pending row of the connection's running campaigns, campaign by campaign: each probe reads the
   * (campaignId, status) index in id order, where one query over all of them made MariaDB sort every pending row.
   */
  async function nextPending(companyId: number, whatsappId: number) {
    for (const { id } of await runningOn(companyId, whatsappId).orderBy('id')) {
      const row = await shippingOf(companyId).where({ campaignId: id, status: 'pending' }).orderBy('id')
        .first('id', 'campaignId', 'number', 'name', 'email');
      if (row) return row;
    }
    return undefined;
  }

  /** pending → sending, only while the row's campaign runs: a cancel between the read and the claim wins. */
  async function claimRow(companyId: number, whatsappId: number) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const row = await nextPending(companyId, whatsappId);
      if (!row) return null;
      const n = await shippingOf(companyId).where({ id: row.id, status: 'pending' })
        .whereIn('campaignId', campaignsOf(companyId).where({ id: row.campaignId, status: 'EM_ANDAMENTO' }).select('id'))
        .update({ status: 'sending', claimedAt: Date.now() });
      if (n) return { ...row, id: Number(row.id), campaignId: Number(row.campaignId), companyId };
    }
    return null;
  }

  /**
   * One recipient's messages: the chosen variant with the campaign's media (as its caption; an audio goes after the
   * text, as audio takes none), then each file of the campaign's file list. The first send decides whether the
   * connection was down (nothing went out: the row waits); after it, any failure fails the row, never a resend.
   * With a Cloud API template (issue 29), a contact outside the 24-hour window gets the template instead (the core
   * refuses free text there before anything is stored, or Meta refuses the first message): only the template then.
   */
  async function deliver(row: { companyId: number; campaignId: number; number: string; name: string | null; email: string | null }) {
    const campaign = await campaignsOf(row.companyId).where({ id: row.campaignId }).first();
    const { variables } = await loadSettings(sdk.db, row.companyId);
    const variant = pickVariant([campaign.message1, campaign.message2, campaign.message3, campaign.message4, campaign.message5]);
    let body = variant ? renderMessage(variant, row, variables) : '';
    const media = await storedFile(sdk, campaign.mediaPath, campaign.mediaName, campaign.mediaType);
    let sends: Send[] = [];
    if (media && /^audio\//.test(media.mimetype)) sends.push(...(body ? [{ body }] : []), { media });
    else if (body || media) sends.push({ body: body || undefined, media });
    for (const file of await fileListFiles(sdk, row.companyId, campaign.fileListId ? Number(campaign.fileListId) : null)) sends.push({ media: file });
    const chosen = templateOf(campaign);
    const whatsappId = Number(campaign.whatsappId);
    const failure = (code: string) => ({ status: 'failed', error: code.slice(0, 255), message: body.slice(0, 4000), contactId: contactId ?? null });
    /** Only the template from now on, with this recipient's values in its parameters (checked and rendered by the core). */
    const templateOnly = async () => {
      const prepared = await sdk.services.templates.prepare(row.companyId, whatsappId, {
        ...chosen!, parameters: chosen!.parameters.map((p) => renderMessage(p, row, variables)),
      });
      body = prepared.body;
      sends = [prepared];
    };
    const outsideWindow = (i: number, send: Send, code: string) => i === 0 && !!chosen && !send.template && code.startsWith(OUTSIDE_WINDOW);
    const messages = sdk.services.messages;
    let contactId: number | undefined;
    let failed = false;
    try {
      if (sends.length === 0 && chosen) await templateOnly();
    } catch (err) {
      return failure(String((err as { code?: string }).code ?? 'ERR_SEND_FAILED'));
    }
    if (sends.length === 0) return { status: 'failed', error: 'ERR_CAMPAIGN_NO_MESSAGE' };
    for (let i = 0; i < sends.length; i++) {
      const send = sends[i];
      try {
        const sent = await messages.sendToNumber({
          companyId: row.companyId, number: row.number, name: row.name ?? undefined, ...send, whatsappId, openTicket: false,
        });
        contactId ??= sent.contact.id;
        if (sent.status === 'failed') {
          // Meta refused the first free-form message as outside the window (its clock): the template goes instead.
          if (outsideWindow(i, send, sent.code)) { await templateOnly(); i = -1; continue; }
          // The connection dropped between the number check and the send: the provider refused it, nothing left.
          if (i === 0 && sent.code === 'ERR_WAPP_NOT_INITIALIZED') return 'connection-down' as const;
          failed = true;
        }
      } catch (err) {
        const code = String((err as { code?: string }).code ?? 'ERR_SEND_FAILED');
        if (i === 0 && code === 'ERR_WAPP_NOT_INITIALIZED') return 'connection-down' as const;
        // Outside the 24-hour window the core stored nothing: the contact gets the campaign's template, alone.
        if (outsideWindow(i, send, code)) {
          try { await templateOnly(); } catch (prepareErr) { return failure(String((prepareErr as { code?: string }).code ?? 'ERR_SEND_FAILED')); }
          i = -1;
          continue;
        }
        sdk.log.warn({ err, campaignId: row.campaignId }, 'campaign send failed');
        return failure(code);
      }
    }
    if (failed) return failure('ERR_SEND_FAILED');
    return { status: 'delivered', deliveredAt: dbNow(sdk.clock), message: body.slice(0, 4000), contactId: contactId ?? null };
  }

  /**
   * The reconciler's task (sdk.jobs.reconcile): a scheduled campaign gets its start job again, and each connection
   * with a running campaign and rows to send gets its sender's run for the slot it holds (the chain's own job id:
   * a run still queued is not doubled; a second run would find the slot taken anyway).
   */
  async function reconcile(companyId: number): Promise<number> {
    let enqueued = 0;
    const scheduled = await campaignsOf(companyId).where({ status: 'PROGRAMADA' }).whereNotNull('scheduledAt').select('id', 'scheduledAt');
    for (const row of scheduled) { await scheduleStart(companyId, Number(row.id), String(row.scheduledAt)); enqueued++; }
    const connections = await campaignsOf(companyId).where({ status: 'EM_ANDAMENTO' }).distinct('whatsappId');
    for (const { whatsappId } of connections as Array<{ whatsappId: number }>) {
      if (!(await hasWork(companyId, Number(whatsappId)))) continue;
      await sdk.db.table('campaignSenders', companyId).insert({ whatsappId, nextAt: 0, sentCount: 0 }).onConflict('whatsappId').ignore();
      const nextAt = Number((await senderOf(companyId, Number(whatsappId)).first('nextAt'))?.nextAt ?? 0);
      await enqueueSend(companyId, Number(whatsappId), nextAt, Math.max(Date.now(), nextAt));
      enqueued++;
    }
    return enqueued;
  }

  sdk.jobs.define<StartData>(START_JOB, start);
  sdk.jobs.define<SendData>(SEND_JOB, sendNext);
  sdk.jobs.reconcile('campaign sends', reconcile);
  return { scheduleStart, resume, start, wake, materialise, reconcile };
}
export type Dispatcher = ReturnType<typeof createDispatcher>;
