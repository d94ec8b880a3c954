import { classifyBotFailure, type BotFailure } from './failure.js';

type OpenAiModule = typeof import('openai');

/** `openai` is loaded on the first call, not at start: an idle server (most tenants use no AI) does not hold it (~13 MiB). */
let openaiModule: OpenAiModule | undefined;
const loadOpenAi = async () => (openaiModule ??= await import('openai'));

/**
 * OpenAI chat completions for bots (`sdk.bots.openai`), through the `openai` package at the base URL the OPERATOR
 * sets (OPENAI_BASE_URL, e.g. http://127.0.0.1:8080/v1 for a self-hosted compatible server or a test fake; default
 * https://api.openai.com/v1). Never a tenant field: a tenant URL would receive the key, which is why this does not
 * go through sdk.http (docs/decisions.md). OPENAI_TIMEOUT_MS (default 30 s) per attempt, at most one retry (the
 * package retries connection errors, 408, 409, 429 and 5xx; 401/404 are not retried).
 */
export interface ChatTurn { role: 'system' | 'user' | 'assistant'; content: string }
export interface ChatRequest { apiKey: string; model: string; maxTokens: number; temperature: number; messages: ChatTurn[]; signal?: AbortSignal }

/** Tokens the service counted for one call (its `usage`), when it said. */
export interface ChatUsage { promptTokens: number; completionTokens: number }
/**
 * A streamed call: `baseUrl` (a company's own model server, OpenAI, Azure's OpenAI-compatible endpoint…) is a
 * tenant's URL and goes through `sdk.http`'s guard (private addresses refused unless the operator allows them);
 * without it, the operator's OPENAI_BASE_URL. `timeoutMs` bounds the wait for the answer to start.
 */
export interface ChatStreamRequest extends Omit<ChatRequest, 'maxTokens' | 'temperature'> {
  baseUrl?: string;
  maxTokens?: number;
  temperature?: number;
  timeoutMs?: number;
}
/** One piece of a streamed answer: text as it is written, and (last, when the service sends it) the usage. */
export interface ChatChunk { text?: string; usage?: ChatUsage }

export interface OpenAiChat {
  /** One attempt's time limit; a responder waiting on `complete` needs about twice this (one retry). */
  readonly timeoutMs: number;
  /** The model's answer text ('' when it answered nothing). */
  complete(request: ChatRequest): Promise<string>;
  /**
   * The answer as it is written (`stream: true`, server-sent events, `data: [DONE]`), as an async iterator of
   * chunks; `usage` is asked for (`stream_options.include_usage`) and comes last when the server sends it.
   * Aborting `signal` closes the connection to the server. No retry: a stream half shown cannot be replayed.
   */
  stream(request: ChatStreamRequest): AsyncIterable<ChatChunk>;
  /** What an agent may read about a failed call: status and OpenAI's error code, never the key or the prompt. */
  describeFailure(err: unknown): string;
  /** What kind of failure a call's error was (unreachable, key-refused, quota, rate-limited, not-found, refused, timeout), as the responder chain reads it. */
  classify(err: unknown): BotFailure;
}

export function createOpenAiChat(guardedFetch?: typeof globalThis.fetch): OpenAiChat {
  return {
    // Read when asked: tests point the env at a fake after the app started.
    get timeoutMs() { return Number(process.env.OPENAI_TIMEOUT_MS ?? 30_000); },
    async complete(request) {
      const { default: OpenAI } = await loadOpenAi();
      const client = new OpenAI({
        apiKey: request.apiKey,
        baseURL: process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
        timeout: this.timeoutMs,
        maxRetries: 1,
      });
      const completion = await client.chat.completions.create({
        model: request.model,
        messages: request.messages,
        max_tokens: request.maxTokens,
        temperature: request.temperature,
      }, { signal: request.signal });
      return completion.choices[0]?.message?.content ?? '';
    },
    async *stream(request) {
      const { default: OpenAI } = await loadOpenAi();
      const client = new OpenAI({
        apiKey: request.apiKey,
        baseURL: request.baseUrl || process.env.OPENAI_BASE_URL || 'https://api.openai.com/v1',
        timeout: request.timeoutMs ?? this.timeoutMs,
        maxRetries: 0,
        ...(request.baseUrl ? { fetch: guardedFetch ?? (() => { throw new Error('no guarded client for a tenant URL'); }) } : {}),
      });
      const chunks = await client.chat.completions.create({
        model: request.model,
        messages: request.messages,
        ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
        ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
        stream: true,
        stream_options: { include_usage: true },
      }, { signal: request.signal });
      for await (const chunk of chunks) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield { text };
        if (chunk.usage) yield { usage: { promptTokens: chunk.usage.prompt_tokens ?? 0, completionTokens: chunk.usage.completion_tokens ?? 0 } };
      }
    },
    classify: classifyBotFailure,
    describeFailure(err) {
      // An APIError can only come from a call, which loaded the package.
      if (openaiModule && err instanceof openaiModule.default.APIError) {
        const code = err.code ?? (err.error as { code?: string } | undefined)?.code;
        return `the AI service answered ${err.status ?? 'no status'}${code ? ` (${code})` : ''}`;
      }
      if (err instanceof Error && err.name === 'APIUserAbortError') return 'the AI call was cancelled';
      return 'the AI service could not be reached';
    },
  };
}
