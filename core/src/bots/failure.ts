import { OutboundHttpError } from '../outbound-http/errors.js';

/**
 * Why a bot could not answer, in the few words staff act on (issue 32: a wrong key failed silently):
 * the service could not be reached, refused the key, has no quota left, is rate limiting, does not know the
 * model, answered with another error, or took too long.
 */
export const BOT_FAILURE_KINDS = ['unreachable', 'key-refused', 'quota', 'rate-limited', 'not-found', 'refused', 'timeout'] as const;
export type BotFailureKind = typeof BOT_FAILURE_KINDS[number];

export interface BotFailure {
  kind: BotFailureKind;
  /** Status and the service's error code, never a key, a prompt or a customer's words. */
  detail: string;
}

/** The HTTP status and error code an error carries: the `openai` package's APIError, an OutboundHttpError, or neither. */
function statusOf(err: unknown): { status?: number; code?: string } {
  if (!err || typeof err !== 'object') return {};
  const e = err as { status?: unknown; code?: unknown; error?: { code?: unknown; type?: unknown }; details?: { status?: unknown } };
  const status = typeof e.status === 'number' ? e.status : typeof e.details?.status === 'number' ? e.details.status : undefined;
  const raw = (err instanceof OutboundHttpError ? undefined : e.code) ?? e.error?.code ?? e.error?.type;
  return { status, code: typeof raw === 'string' ? raw.slice(0, 60) : undefined };
}

export function classifyBotFailure(err: unknown): BotFailure {
  const { status, code } = statusOf(err);
  // The openai package's errors keep name 'Error': their class tells them apart.
  const name = err instanceof Error ? (err.name !== 'Error' ? err.name : err.constructor?.name ?? '') : '';
  if (status === undefined) {
    const timedOut = name === 'APIConnectionTimeoutError' || name === 'TimedOut'
      || (err instanceof OutboundHttpError && (err.code === 'ERR_HTTP_TIMEOUT' || err.code === 'ERR_HTTP_CONNECT_TIMEOUT'));
    if (timedOut) return { kind: 'timeout', detail: 'no answer in time' };
    if (err instanceof OutboundHttpError) return { kind: 'unreachable', detail: err.code };
    return { kind: 'unreachable', detail: 'no connection to the service' };
  }
  const detail = `HTTP ${status}${code ? ` (${code})` : ''}`;
  if (status === 401 || status === 403) return { kind: 'key-refused', detail };
  if (status === 429) return { kind: code === 'insufficient_quota' ? 'quota' : 'rate-limited', detail };
  if (status === 402) return { kind: 'quota', detail };
  if (status === 404) return { kind: 'not-found', detail };
  if (status === 408 || status === 504) return { kind: 'timeout', detail };
  return { kind: 'refused', detail };
}
