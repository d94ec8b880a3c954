import type { AtriumSdk } from '@atrium/core/sdk';
import { phraseMatches } from './phrase.js';

interface Trigger { phrase: string; whatsappId: number | null }

/**
 * The company's phrase triggers (active campaigns of active flows) from a per-company cache (`sdk.cache`),
 * so the chain can tell in memory whether a message could start a flow. The routes forget a company's entry
 * after every change to its campaigns or to a flow's active switch; the phrase responder still reads the
 * campaigns themselves when it runs.
 */
export function phraseTriggers(sdk: AtriumSdk) {
  const cache = sdk.cache.define<Trigger[]>('phraseTriggers', {
    load: async (companyId) => {
      const rows = await sdk.db.table('flowCampaigns', companyId)
        .join('flowBuilders', function () { this.on('flowBuilders.id', 'flowCampaigns.flowId').andOn('flowBuilders.companyId', 'flowCampaigns.companyId'); })
        .where({ 'flowCampaigns.status': true, 'flowBuilders.active': true })
        .select('flowCampaigns.phrase', 'flowCampaigns.whatsappId');
      return rows.map((r: { phrase: string; whatsappId: number | null }) => ({ phrase: r.phrase, whatsappId: r.whatsappId === null ? null : Number(r.whatsappId) }));
    },
  });

  return {
    /** Some active campaign listening on this connection has its phrase in the message. */
    async match(companyId: number, whatsappId: number, body: string): Promise<boolean> {
      if (!body.trim()) return false;
      const triggers = await cache.get(companyId);
      return triggers.some((t) => (t.whatsappId === null || t.whatsappId === whatsappId) && phraseMatches(t.phrase, body));
    },
    /** After a change to the company's campaigns or flows' active switch (every process forgets). */
    forget: (companyId: number) => cache.forget(companyId),
  };
}

export type PhraseTriggers = ReturnType<typeof phraseTriggers>;
