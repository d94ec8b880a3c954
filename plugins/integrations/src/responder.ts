import type { AtriumSdk, ResponderContext, ResponderProbe } from '@atrium/core/sdk';
import type { IntegrationRow, IntegrationStore } from './store.js';
import { postToWebhook, WEBHOOK_ATTEMPTS } from './webhook.js';
import { typebotSessions } from './typebot.js';
import type { DialogflowClient } from './dialogflow.js';

/** The kind its failures are kept under (ctx.fail's source, sdk.services.responderFailures). */
export const FAILURE_SOURCE = 'integration';

/** The flow-builder plugin's responder (docs/plugins.md, ctx.delegate): its public id, the only thing shared. */
const FLOW_RESPONDER = 'flowbuilder.run';

const keyword = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();
const pause = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  if (!ms) return resolve();
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/**
 * The integration responder: place `integration` (before the AI prompt), the connection's integration else the
 * queue's. It claims every message of a ticket it serves, so a prompt on the same connection or queue stays silent.
 * A flowbuilder-type integration hands the conversation to the flow-builder plugin's responder (by its id, through
 * the core: no import) with the integration's flowId; that plugin starts the flow, or passes.
 */
export function integrationResponder(sdk: AtriumSdk, store: IntegrationStore, dialogflow: DialogflowClient) {
  const typebot = typebotSessions(sdk);

  /** Dialogflow answers each text with its fulfillment messages; the end of the conversation gives the ticket to people. */
  async function runDialogflow(row: IntegrationRow, ctx: ResponderContext) {
    const text = (ctx.message.body ?? '').trim();
    if (!text) return;
    const answer = await dialogflow.detectIntent({
      serviceAccount: sdk.secrets.decrypt(row.jsonContent!), projectName: row.projectName!, language: row.language ?? 'pt-BR',
      // Stable per ticket and within Google's 36 bytes.
      sessionId: `atrium-${ctx.companyId}-${ctx.ticket.id}`, text,
    });
    for (const body of answer.messages) await ctx.send({ body });
    if (answer.end) await ctx.handOff('the Dialogflow conversation ended');
  }

  async function runWebhook(row: IntegrationRow, ctx: ResponderContext) {
    const reply = await postToWebhook(sdk, ctx, row.urlN8N!, sdk.secrets.decrypt(row.webhookSecret!));
    for (const text of reply?.replies ?? []) await ctx.send({ body: text });
    if (reply?.handoff) await ctx.handOff('the integration asked for a person');
  }

  async function runTypebot(row: IntegrationRow, ctx: ResponderContext) {
    const text = (ctx.message.body ?? '').trim();
    if (row.typebotKeywordFinish && keyword(text) === keyword(row.typebotKeywordFinish)) {
      await typebot.end(ctx);
      await ctx.handOff('the contact left the bot (finish keyword)');
      return;
    }
    if (row.typebotKeywordRestart && keyword(text) === keyword(row.typebotKeywordRestart)) {
      await typebot.end(ctx); // the next message starts the bot again
      if (row.typebotRestartMessage) await ctx.send({ body: row.typebotRestartMessage });
      return;
    }
    const answer = await typebot.say(row, ctx, text);
    const texts = sdk.bots.typebot.texts(answer);
    if (!texts.length && answer.input && row.typebotUnknownMessage) texts.push(row.typebotUnknownMessage);
    for (const [i, body] of texts.entries()) {
      if (i > 0) await pause(row.typebotDelayMessage, ctx.signal);
      await ctx.send({ body });
    }
    if (sdk.bots.typebot.ended(answer)) {
      // The bot has ended: the ticket waits for people in its queue.
      await typebot.end(ctx);
      await ctx.handOff('the Typebot flow ended');
    }
  }

  return {
    id: 'integrations.queue',
    place: 'integration' as const,
    // n8n: three attempts of 10 s with backoff; Typebot: a call and a restart, plus the delays between bubbles.
    timeoutMs: WEBHOOK_ATTEMPTS * 10_000 + 10_000,
    /** Only where an integration applies (the connection's or the queue's, from the core's cache). */
    mayAct: (probe: ResponderProbe) => probe.integrationId !== null,
    async handle(ctx: ResponderContext): Promise<boolean> {
      const row = ctx.integrationId ? await store.find(ctx.companyId, ctx.integrationId) : null;
      if (row?.type === 'flowbuilder' && row.flowId && (await ctx.delegate(FLOW_RESPONDER, { flowId: row.flowId }))) return true;
      if (!row || row.type === 'flowbuilder') {
        if (ctx.isOwner) await ctx.release();
        return false;
      }
      try {
        if (row.type === 'typebot') await runTypebot(row, ctx);
        else if (row.type === 'dialogflow') await runDialogflow(row, ctx);
        else await runWebhook(row, ctx);
      } catch (err) {
        if (ctx.signal.aborted) throw err; // out of time: the chain says so itself
        // The note says why, the admins hear of it and the integration's screen shows it (issue 32).
        await ctx.fail(err, { source: { kind: FAILURE_SOURCE, id: row.id, name: `${row.name} (${row.type})` } });
      }
      return true;
    },
  };
}
