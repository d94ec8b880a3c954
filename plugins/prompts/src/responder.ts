import type { AtriumSdk, ChatTurn, ResponderContext, ResponderProbe } from '@atrium/core/sdk';
import type { PromptStore } from './store.js';
import { FAILURE_SOURCE } from './routes.js';

/**
 * The handoff marker: a line of the model's answer that reads `#handoff` (any case) asks for a person.
 * The line is removed; what is left of the answer is sent first. The system prompt tells the model so.
 */
export const HANDOFF_MARKER = '#handoff';
const MARKER_LINE = /^\s*#handoff\s*$/gim;
const HANDOFF_INSTRUCTION =
  `\n\nWhen the customer asks for a human, or you cannot help, write a line containing only ${HANDOFF_MARKER} at the end of your answer.`;

export function splitHandoff(answer: string): { text: string; handoff: boolean } {
  const handoff = MARKER_LINE.test(answer);
  MARKER_LINE.lastIndex = 0;
  return { text: answer.replace(MARKER_LINE, '').trim(), handoff };
}

/** The prompt responder: place `prompt`, the connection's prompt else the queue's (the chain picks). */
export function promptResponder(sdk: AtriumSdk, store: PromptStore) {
  /** The newest `limit` text messages of the ticket up to this one, oldest first (peers sent the oldest N). */
  async function history(ctx: ResponderContext, limit: number): Promise<ChatTurn[]> {
    return sdk.services.history.turns(ctx.companyId, ctx.ticket.id, { upTo: ctx.message.id, limit });
  }

  /** A burst: a newer contact message is already waiting; its own turn will answer with this one in its history. */
  async function newerMessageWaits(ctx: ResponderContext) {
    return sdk.services.history.newerInbound(ctx.companyId, ctx.ticket.id, ctx.message.id);
  }

  return {
    id: 'prompts.openai',
    place: 'prompt' as const,
    // One attempt, one retry, and a little room to send.
    timeoutMs: sdk.bots.openai.timeoutMs * 2 + 5_000,
    /** Only where a prompt applies (the connection's or the queue's, from the core's cache). */
    mayAct: (probe: ResponderProbe) => probe.promptId !== null,
    async handle(ctx: ResponderContext): Promise<boolean> {
      const prompt = ctx.promptId ? await store.find(ctx.companyId, ctx.promptId) : null;
      if (!prompt) {
        if (ctx.isOwner) await ctx.release(); // the prompt was removed while it held the ticket
        return false;
      }
      if (!ctx.message.body?.trim()) return ctx.isOwner; // media without text: nothing to ask (held: stay silent)
      if (await newerMessageWaits(ctx)) return true;
      let answer: string;
      try {
        answer = await sdk.bots.openai.complete({
          apiKey: sdk.secrets.decrypt(prompt.apiKey),
          model: prompt.model,
          maxTokens: prompt.maxTokens,
          temperature: prompt.temperature,
          messages: [{ role: 'system', content: prompt.prompt + HANDOFF_INSTRUCTION }, ...(await history(ctx, prompt.maxMessages))],
          signal: ctx.signal,
        });
      } catch (err) {
        // The note says why, the admins hear of it and the prompt's screen shows it (issue 32: it failed silently).
        await ctx.fail(err, { source: { kind: FAILURE_SOURCE, id: prompt.id, name: `${prompt.name} (${prompt.model})` }, queueId: ctx.ticket.queueId ? undefined : prompt.queueId });
        return true;
      }
      const { text, handoff } = splitHandoff(answer);
      if (text) await ctx.send({ body: text });
      if (handoff || !text) await handOff(ctx, prompt.queueId, handoff ? 'the AI asked for a person' : 'the AI gave an empty answer');
      return true;
    },
  };

  /**
   * A ticket without a queue (a connection's prompt) waits for people in the prompt's queue: the core moves it
   * there in the hand-off itself (one ticket event, the counts moved, onTicketUpdate names the queue).
   */
  async function handOff(ctx: ResponderContext, queueId: number, reason: string) {
    await ctx.handOff(reason, ctx.ticket.queueId ? undefined : { queueId });
  }
}
