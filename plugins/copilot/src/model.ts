import type { AtriumSdk, ChatChunk, ChatTurn } from '@atrium/core/sdk';
import type { SettingsRow, SettingsStore } from './settings.js';

/** What one call cost, from the service's `usage`, or estimated (4 characters a token) when it sent none. */
export interface CallUsage { promptTokens: number; completionTokens: number; estimated: boolean }

const month = (d: Date) => d.toISOString().slice(0, 7);
const minute = (d: Date) => d.toISOString().slice(0, 16);
const estimate = (chars: number) => Math.ceil(chars / 4);

/** Numbers of 4 digits or more (phones, documents, cards, with their separators) and e-mail addresses, masked. */
export function mask(text: string): string {
  return text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, '[email]')
    .replace(/\+?\d[\d\s().\-/]{2,}\d/g, (m) => (m.replace(/\D/g, '').length >= 4 ? '[number]' : m));
}

/**
 * The copilot's calls to the company's model: settings, the budget and the per-agent rate limit checked before
 * the call, the model's failures turned into ERR_COPILOT_* codes, the usage counted after it.
 */
export function modelCaller(sdk: AtriumSdk, settings: SettingsStore) {
  const fail = (code: string, status: number, message: string, details?: Record<string, unknown>) => new sdk.errors.AppError(code, status, message, details);

  async function configured(companyId: number): Promise<SettingsRow & { key: string }> {
    const row = await settings.get(companyId);
    if (!row?.apiKey) throw fail('ERR_COPILOT_NOT_CONFIGURED', 400, 'The copilot has no model connection yet');
    return { ...row, key: sdk.secrets.decrypt(row.apiKey) };
  }

  /** The month's tokens of the whole company against its budget (0: none). */
  async function assertBudget(row: SettingsRow) {
    if (row.monthlyTokenBudget <= 0) return;
    const sum = (await sdk.db.table('copilotUsage', row.companyId).where({ month: month(sdk.clock.now()) })
      .sum({ p: 'promptTokens', c: 'completionTokens' }).first()) as { p?: unknown; c?: unknown } | undefined;
    const used = Number(sum?.p ?? 0) + Number(sum?.c ?? 0);
    if (used >= row.monthlyTokenBudget) throw fail('ERR_COPILOT_BUDGET_REACHED', 402, 'The copilot\'s monthly token budget is used up', { used, budget: row.monthlyTokenBudget });
  }

  /** One more call this minute for the agent, or 429: a counter row per agent and minute, raised by a conditional UPDATE. */
  async function takeRateSlot(row: SettingsRow, userId: number) {
    if (userId === 0) return;
    const key = { userId, minute: minute(sdk.clock.now()) };
    const table = () => sdk.db.table('copilotRate', row.companyId);
    const taken = await table().where(key).where('count', '<', row.perAgentPerMinute).increment('count', 1);
    if (taken > 0) return;
    if (!(await table().where(key).first())) {
      try {
        await table().insert({ ...key, count: 1 });
        return;
      } catch (err) {
        if (!sdk.errors.isUniqueViolation(err)) throw err;
        if ((await table().where(key).where('count', '<', row.perAgentPerMinute).increment('count', 1)) > 0) return;
      }
    }
    throw fail('ERR_COPILOT_RATE_LIMITED', 429, 'Too many copilot requests this minute', { perMinute: row.perAgentPerMinute });
  }

  async function record(companyId: number, userId: number, usage: CallUsage) {
    const key = { month: month(sdk.clock.now()), userId };
    const table = () => sdk.db.table('copilotUsage', companyId);
    const add = () => table().where(key).increment({
      calls: 1, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, estimatedCalls: usage.estimated ? 1 : 0,
    });
    if ((await add()) > 0) return;
    try {
      await table().insert({ ...key, calls: 1, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens, estimatedCalls: usage.estimated ? 1 : 0 });
    } catch (err) {
      if (!sdk.errors.isUniqueViolation(err)) throw err;
      await add();
    }
  }

  /** A failed call in the words of the copilot's codes (the composer shows them; it stays usable). */
  function failure(err: unknown, signal?: AbortSignal): Error {
    if (err instanceof sdk.errors.AppError) return err;
    if (signal?.aborted) return fail('ERR_COPILOT_CANCELLED', 499, 'The request was cancelled');
    const { kind, detail } = sdk.bots.openai.classify(err);
    const details = { detail };
    switch (kind) {
      case 'timeout': return fail('ERR_COPILOT_TIMEOUT', 504, 'The model did not answer in time', details);
      case 'unreachable': return fail('ERR_COPILOT_UNREACHABLE', 502, 'The model could not be reached', details);
      case 'key-refused': return fail('ERR_COPILOT_KEY_REFUSED', 502, 'The model refused the API key', details);
      case 'quota': return fail('ERR_COPILOT_QUOTA', 502, 'The model account has no quota left', details);
      case 'rate-limited': return fail('ERR_COPILOT_MODEL_RATE_LIMITED', 502, 'The model is rate limiting this account', details);
      default: return fail('ERR_COPILOT_MODEL_ERROR', 502, 'The model answered with an error', details);
    }
  }

  /**
   * Opens a streamed call for the user (userId 0: automatic). Throws before anything is streamed when the copilot
   * is not set up, over budget, rate limited, or when the model refuses at once (a wrong key, a timeout); then
   * yields text and counts the usage when the stream ends (also when it is cancelled: what was read counts).
   */
  async function open(companyId: number, userId: number, messages: ChatTurn[], options: { signal?: AbortSignal; maxTokens?: number; temperature?: number } = {}) {
    const row = await configured(companyId);
    await assertBudget(row);
    await takeRateSlot(row, userId);
    const chunks = sdk.bots.openai.stream({
      baseUrl: row.baseUrl ?? undefined, apiKey: row.key, model: row.model, messages, signal: options.signal,
      timeoutMs: row.timeoutMs, maxTokens: options.maxTokens ?? 800, temperature: options.temperature ?? 0.3,
    })[Symbol.asyncIterator]();
    let first: IteratorResult<ChatChunk>;
    try {
      first = await chunks.next();
    } catch (err) {
      throw failure(err, options.signal);
    }
    const sent = messages.reduce((n, m) => n + m.content.length, 0);
    let written = 0;
    let usage: CallUsage | null = null;
    const counted = { done: false };
    const count = async () => {
      if (counted.done) return;
      counted.done = true;
      await record(companyId, userId, usage ?? { promptTokens: estimate(sent), completionTokens: estimate(written), estimated: true });
    };
    async function* texts(): AsyncGenerator<string> {
      let next = first;
      try {
        while (!next.done) {
          if (next.value.usage) usage = { ...next.value.usage, estimated: false };
          if (next.value.text) {
            written += next.value.text.length;
            yield next.value.text;
          }
          next = await chunks.next();
        }
      } catch (err) {
        throw failure(err, options.signal);
      } finally {
        await count();
      }
    }
    return { texts: texts(), usage: () => usage ?? { promptTokens: estimate(sent), completionTokens: estimate(written), estimated: true }, settings: row };
  }

  /** A whole answer (summaries, rewrites, translations). */
  async function complete(companyId: number, userId: number, messages: ChatTurn[], options: { signal?: AbortSignal } = {}) {
    const call = await open(companyId, userId, messages, options);
    let text = '';
    for await (const piece of call.texts) text += piece;
    return { text: text.trim(), usage: call.usage() };
  }

  return { open, complete, configured, settingsOf: (companyId: number) => settings.get(companyId), mask, month };
}
export type ModelCaller = ReturnType<typeof modelCaller>;
