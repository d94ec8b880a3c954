import type { AtriumSdk, ChatTurn, TypebotAnswer } from '@atrium/core/sdk';
import { integrationOf, type FlowNode } from './graph.js';

/**
 * The OpenAI and Typebot nodes' calls, through the core's shared clients (`sdk.bots`): the flow builder imports
 * no other plugin. The node's own settings (data.typebotIntegration) drive them.
 */

/** The model's way out of the node: a line reading `#handoff` (any case). The line is removed from the answer. */
export const AI_EXIT_MARKER = '#handoff';
const MARKER_LINE = /^\s*#handoff\s*$/gim;
const EXIT_INSTRUCTION =
  `\n\nWhen the customer's request is done, the customer asks for a human, or you cannot help, write a line containing only ${AI_EXIT_MARKER} at the end of your answer.`;
/** The node has no model field in the spec's dialog: this one unless the node names another. */
export const DEFAULT_FLOW_MODEL = 'gpt-4o-mini';

export interface TypebotSession { sessionId: string; updatedAt: number }

const plain = (s: unknown) => String(s ?? '').trim().toLowerCase();

export function botNodes(sdk: AtriumSdk) {
  /** The newest `limit` text messages of the ticket up to this one, oldest first. */
  async function history(companyId: number, ticketId: number, messageId: number, limit: number): Promise<ChatTurn[]> {
    return sdk.services.history.turns(companyId, ticketId, { upTo: messageId, limit });
  }

  return {
    /** One answer of the node's model to the contact's message: the text to send, and whether the node is over. */
    async ask(node: FlowNode, at: { companyId: number; ticketId: number; messageId: number }, signal?: AbortSignal) {
      const ai = integrationOf(node);
      const limit = Number.isInteger(ai.maxMessages) && ai.maxMessages > 0 ? Math.min(ai.maxMessages, 50) : 10;
      const answer = await sdk.bots.openai.complete({
        apiKey: sdk.secrets.decrypt(String(ai.apiKey)),
        model: typeof ai.model === 'string' && ai.model.trim() ? ai.model.trim() : DEFAULT_FLOW_MODEL,
        maxTokens: Number.isInteger(ai.maxTokens) && ai.maxTokens > 0 ? Math.min(ai.maxTokens, 4096) : 100,
        temperature: typeof ai.temperature === 'number' && ai.temperature >= 0 && ai.temperature <= 2 ? ai.temperature : 1,
        messages: [{ role: 'system', content: String(ai.prompt) + EXIT_INSTRUCTION }, ...(await history(at.companyId, at.ticketId, at.messageId, limit))],
        signal,
      });
      const exit = MARKER_LINE.test(answer);
      MARKER_LINE.lastIndex = 0;
      return { text: answer.replace(MARKER_LINE, '').trim(), exit };
    },
    describeFailure: (err: unknown) => sdk.bots.openai.describeFailure(err),

    /** A new Typebot session for the node (message: the contact's words, when a reply starts it). */
    async startTypebot(node: FlowNode, vars: Record<string, unknown>, message?: string): Promise<{ answer: TypebotAnswer; session: TypebotSession }> {
      const cfg = integrationOf(node);
      const answer = await sdk.bots.typebot.start({ baseUrl: String(cfg.urlN8N), slug: String(cfg.typebotSlug), message, prefilledVariables: vars });
      return { answer, session: { sessionId: answer.sessionId, updatedAt: sdk.clock.now().getTime() } };
    },
    /** The session's answer to a reply; a session expired here (typebotExpires idle minutes) or unknown to Typebot starts anew. */
    async continueTypebot(node: FlowNode, session: TypebotSession | null, vars: Record<string, unknown>, reply: string) {
      const cfg = integrationOf(node);
      const expires = Number(cfg.typebotExpires ?? 0);
      const live = session && !(expires > 0 && sdk.clock.now().getTime() - session.updatedAt > sdk.clock.scale(expires * 60_000)) ? session : null;
      const answer = live ? await sdk.bots.typebot.continue({ baseUrl: String(cfg.urlN8N), sessionId: live.sessionId, message: reply }) : null;
      if (!answer) return this.startTypebot(node, vars, reply);
      return { answer, session: { sessionId: live!.sessionId, updatedAt: sdk.clock.now().getTime() } };
    },
    /** What to send for a Typebot answer (the node's unknown-answer text when the bot said nothing but waits). */
    typebotTexts(node: FlowNode, answer: TypebotAnswer): string[] {
      const texts = sdk.bots.typebot.texts(answer);
      const unknown = integrationOf(node).typebotUnknownMessage;
      if (!texts.length && answer.input && unknown) texts.push(String(unknown));
      return texts;
    },
    typebotEnded: (answer: TypebotAnswer) => sdk.bots.typebot.ended(answer),
    /** The node's finish / restart keyword, if the reply is one. */
    keyword(node: FlowNode, reply: string): 'finish' | 'restart' | null {
      const cfg = integrationOf(node);
      if (cfg.typebotKeywordFinish && plain(reply) === plain(cfg.typebotKeywordFinish)) return 'finish';
      if (cfg.typebotKeywordRestart && plain(reply) === plain(cfg.typebotKeywordRestart)) return 'restart';
      return null;
    },
  };
}
