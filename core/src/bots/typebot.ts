import type { OutboundHttp } from '../outbound-http/index.js';

/**
 * Typebot's chat API for bots (`sdk.bots.typebot`), through sdk.http (the Typebot URL is tenant-supplied: timeouts,
 * size cap, private addresses refused). Published bots need no token. Stateless: the caller keeps the session id.
 *   POST {baseUrl}/api/v1/typebots/{slug}/startChat          { message, prefilledVariables, textBubbleContentFormat: 'markdown' }
 *   POST {baseUrl}/api/v1/sessions/{sessionId}/continueChat   { message, textBubbleContentFormat: 'markdown' }
 * An answer without `input` is the end of the bot.
 */
export interface TypebotMessage { type: string; content?: { type?: string; markdown?: string; richText?: unknown; url?: string } }
export interface TypebotAnswer { sessionId?: string; messages?: TypebotMessage[]; input?: { type: string; items?: Array<{ content?: string }> } | null }

export interface TypebotChat {
  /** A new session (message: an answer to the bot's first input, if any); throws when Typebot answers without a sessionId. */
  start(input: { baseUrl: string; slug: string; message?: string; prefilledVariables?: Record<string, unknown> }): Promise<TypebotAnswer & { sessionId: string }>;
  /** The session's next answer, or null when Typebot no longer knows the session (404: unknown or expired). */
  continue(input: { baseUrl: string; sessionId: string; message: string }): Promise<TypebotAnswer | null>;
  /** The texts to send for an answer: text bubbles (markdown), media by URL, choices as one message of "▶️ item" lines. */
  texts(answer: TypebotAnswer): string[];
  /** The bot has ended (no input awaited). */
  ended(answer: TypebotAnswer): boolean;
}

const TIMEOUT_MS = 15_000;
const trim = (url: string) => url.replace(/\/+$/, '');

export function createTypebotChat(http: OutboundHttp): TypebotChat {
  return {
    async start({ baseUrl, slug, message, prefilledVariables }) {
      const answer = await http.json<TypebotAnswer>(`${trim(baseUrl)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
        method: 'POST', timeoutMs: TIMEOUT_MS, json: { message, textBubbleContentFormat: 'markdown', prefilledVariables: prefilledVariables ?? {} },
      });
      if (!answer.sessionId) throw new Error('Typebot answered startChat without a sessionId');
      return answer as TypebotAnswer & { sessionId: string };
    },
    async continue({ baseUrl, sessionId, message }) {
      const res = await http.request(`${trim(baseUrl)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, {
        method: 'POST', timeoutMs: TIMEOUT_MS, json: { message, textBubbleContentFormat: 'markdown' },
      });
      if (res.status === 404) return null;
      if (res.status < 200 || res.status >= 300) throw new Error(`Typebot answered continueChat with ${res.status}`);
      return res.json<TypebotAnswer>();
    },
    texts(answer) {
      const texts: string[] = [];
      for (const m of answer.messages ?? []) {
        if (m.type === 'text' && m.content?.markdown?.trim()) texts.push(m.content.markdown.trim());
        else if (['image', 'video', 'audio', 'embed'].includes(m.type) && m.content?.url) texts.push(m.content.url);
      }
      const items = answer.input?.type === 'choice input' ? answer.input.items ?? [] : [];
      if (items.length) texts.push(items.map((i) => `▶️ ${i.content ?? ''}`).join('\n'));
      return texts;
    },
    ended: (answer) => !answer.input,
  };
}
