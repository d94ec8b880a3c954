import type { Message } from '../db/models/index.js';

/**
 * What became of a send through `sdk.services.messages`, as a type a caller must look at. The message row is stored
 * in every case (the conversation shows it); a provider failure is an outcome, not an exception, because the row
 * exists and an agent can re-send it. Errors of the caller (empty body, another company's ticket, the automation
 * loop guard, the Cloud API's 24-hour window) still throw typed app errors before anything is stored.
 *
 * - `sent`: the provider took it.
 * - `sending`: the connection is moving between processes or the channel asked to wait; the core delivers it on its
 *   own (a durable job). Do not send it again.
 * - `failed`: the provider refused it or is down; nothing left. `code` is the error code (e.g. ERR_WAPP_NOT_INITIALIZED).
 *   A job gives back its claim and retries later (a retry stores a new message).
 */
export type SendResult =
  | { status: 'sent'; message: Message }
  | { status: 'sending'; message: Message }
  | { status: 'failed'; message: Message; code: string; error: string };

const FALLBACK_CODE = 'ERR_SENDING_WAPP_MSG';

/** The result of a send from the message row the sender returned (its status; its error is stored as "CODE: text"). */
export function sendResult(message: Message): SendResult {
  if (message.status === 'failed') {
    const error = String(message.error ?? '');
    const code = /^(ERR_[A-Z0-9_]+):/.exec(error)?.[1] ?? FALLBACK_CODE;
    return { status: 'failed', message, code, error };
  }
  if (message.status === 'sending') return { status: 'sending', message };
  return { status: 'sent', message };
}
