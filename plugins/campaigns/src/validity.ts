import type { AtriumSdk } from '@atrium/core/sdk';

export const CHECK_JOB = 'campaigns.check-numbers';
const PER_RUN = 20;
/** One number check every 250 ms (scaled): a burst of thousands of checks risks the number being banned. */
const CHECK_GAP_MS = 250;
const CONNECTION_RETRY_MS = 30_000;

interface CheckData { companyId: number; contactListId: number }

/**
 * Each list item's WhatsApp validity, checked after a create, an edit of the number or an import, as a paced
 * durable job through the company's default connection: items still unchecked (null) are checked a few at a time;
 * while the connection is down the job comes back later, so no item is left unknown once it is up.
 */
export function createValidityChecker(sdk: AtriumSdk) {
  const { clock } = sdk;
  const items = (companyId: number) => sdk.db.table('contactListItems', companyId);

  async function kick(companyId: number, contactListId: number, delayMs = 0) {
    const at = Date.now() + delayMs;
    await sdk.jobs.enqueue<CheckData>(CHECK_JOB, { companyId, contactListId }, { runAt: new Date(at), jobId: `check-${contactListId}-${at}` });
  }

  async function run({ companyId, contactListId }: CheckData) {
    const unchecked: { id: number; number: string }[] = await items(companyId).where({ contactListId }).whereNull('isWhatsappValid')
      .orderBy('id').limit(PER_RUN).select('id', 'number');
    const messages = sdk.services.messages;
    for (const item of unchecked) {
      try {
        const check = await messages.checkNumber(companyId, item.number);
        await items(companyId).where({ id: item.id, number: item.number }).update({ isWhatsappValid: check.exists });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'ERR_WAPP_NOT_INITIALIZED' || code === 'ERR_NO_DEF_WAPP_FOUND') { await kick(companyId, contactListId, clock.scale(CONNECTION_RETRY_MS)); return; }
        sdk.log.warn({ err, contactListId }, 'number check failed');
        await kick(companyId, contactListId, clock.scale(CONNECTION_RETRY_MS));
        return;
      }
      await new Promise((r) => setTimeout(r, clock.scale(CHECK_GAP_MS)));
    }
    if (unchecked.length === PER_RUN) await kick(companyId, contactListId);
    else if (unchecked.length > 0) sdk.bus.emit(companyId, 'contactListItem', { action: 'reload', contactListId });
  }

  /**
   * The reconciler's task (sdk.jobs.reconcile): a list with items still unchecked gets a check again. Its chain's
   * ids hold a time, so this one has its own: a chain still queued meanwhile only checks a few items twice.
   */
  async function reconcile(companyId: number): Promise<number> {
    const lists = await items(companyId).whereNull('isWhatsappValid').distinct('contactListId') as Array<{ contactListId: number }>;
    for (const { contactListId } of lists) {
      await sdk.jobs.enqueue<CheckData>(CHECK_JOB, { companyId, contactListId: Number(contactListId) }, { jobId: `check-${contactListId}-reconcile` });
    }
    return lists.length;
  }

  sdk.jobs.define<CheckData>(CHECK_JOB, run);
  sdk.jobs.reconcile('number checks', reconcile);
  return { kick };
}
export type ValidityChecker = ReturnType<typeof createValidityChecker>;
