import type { AtriumPlugin } from '@atrium/core/sdk';
import { articleRoutes, articleStore } from './articles.js';
import { assistRoutes, summarise } from './assist.js';
import { modelCaller } from './model.js';
import { settingsRoutes, settingsStore } from './settings.js';

const SUMMARY_JOB = 'copilot.summary-on-transfer';

/**
 * The agent copilot (plan flag useCopilot): a knowledge base, reply suggestions streamed with citations,
 * summaries (on demand, and as a note when a ticket is transferred), draft rewriting and message translation,
 * on the company's own OpenAI-compatible model (sdk.bots.openai.stream), within a budget and a rate limit.
 */
const copilotPlugin: AtriumPlugin = (sdk) => {
  const settings = settingsStore(sdk);
  const articles = articleStore(sdk);
  const model = modelCaller(sdk, settings);

  // A transfer: the ticket changes hands (another person or another queue) while someone held it.
  sdk.hooks.on('onTicketUpdate', 'copilot', async ({ companyId, ticket, previous, changed }) => {
    const moved = changed.includes('userId') || changed.includes('queueId');
    if (!moved || !previous.userId || ticket.status === 'closed') return;
    if (!(await sdk.tenancy.hasFlag(companyId, 'useCopilot'))) return;
    const row = await settings.get(companyId);
    if (!row?.summaryOnTransfer || !row.apiKey) return;
    await sdk.jobs.enqueue(SUMMARY_JOB, { companyId, ticketId: ticket.id }, { retries: 0 });
  });
  sdk.jobs.define(SUMMARY_JOB, async (data: { companyId: number; ticketId: number }) => {
    try {
      const { text } = await summarise(sdk, model, data.companyId, 0, data.ticketId);
      if (text) await sdk.services.notes.add(data.companyId, data.ticketId, `Copilot — ${text}`, null);
    } catch (err) {
      // Out of budget, the model down: no note, a line in the log (the transfer itself went through).
      sdk.log.warn({ err, ticketId: data.ticketId, companyId: data.companyId }, 'copilot: no summary on transfer');
    }
  }, { concurrency: 1 });

  // Cached translations keep a customer's words: they go with the contact's export and erasure.
  sdk.privacy.register({
    async export({ companyId, ticketIds }) {
      return { translations: ticketIds.length ? await sdk.db.table('copilotTranslations', companyId).whereIn('ticketId', ticketIds) : [] };
    },
    async erase({ companyId, ticketIds }) {
      return { copilotTranslations: ticketIds.length ? await sdk.db.table('copilotTranslations', companyId).whereIn('ticketId', ticketIds).delete() : 0 };
    },
  });

  return async (app) => {
    await app.register(settingsRoutes(sdk, settings));
    await app.register(articleRoutes(sdk, articles));
    await app.register(assistRoutes(sdk, model, articles));
  };
};

export default copilotPlugin;
