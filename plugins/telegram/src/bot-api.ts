import { randomBytes } from 'node:crypto';
import type { AtriumSdk, OutboundResponse } from '@atrium/core/sdk';

/** The Bot API's host; the operator points it elsewhere (a local Bot API server, a proxy, the tests' fake). */
export const DEFAULT_API_BASE_URL = 'https://api.telegram.org';
export const apiBaseUrl = () => (process.env.TELEGRAM_API_BASE_URL || DEFAULT_API_BASE_URL).replace(/\/+$/, '');

/** A bot may download files up to 20 MB through getFile (core.telegram.org/bots/api#getfile). */
export const FILE_MAX_BYTES = 20 * 1024 * 1024;
const CALL_TIMEOUT_MS = 20_000;

/** `123456:ABC-DEF…`: the bot's id, a colon, the secret part (BotFather's format). */
export const BOT_TOKEN = /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/;

interface BotAnswer<T> { ok: boolean; result?: T; error_code?: number; description?: string; parameters?: { retry_after?: number } }

export interface BotUser { id: number; is_bot?: boolean; first_name?: string; username?: string }
export interface SentBotMessage { message_id: number; chat: { id: number } }

/** A multipart file part. */
export interface FilePart { field: string; data: Buffer; filename: string; mimetype: string }

/**
 * One bot's Bot API calls (`<base>/bot<token>/<method>`), through the core's outbound client: time and size capped,
 * redirects to another host refused. Telegram's refusals become app errors: 401/404 (a token revoked or wrong)
 * ERR_TELEGRAM_TOKEN_INVALID, 429 ERR_TELEGRAM_RATE_LIMIT (with `retryAfter`), others ERR_TELEGRAM_API.
 */
export class BotApi {
  constructor(private readonly sdk: Pick<AtriumSdk, 'http' | 'errors'>, private readonly token: string, private readonly base = apiBaseUrl()) {}

  private refusal(res: OutboundResponse, method: string) {
    let body: BotAnswer<unknown> = { ok: false };
    try { body = res.json() as BotAnswer<unknown>; } catch { /* not JSON */ }
    const details = { method, telegramCode: body.error_code ?? res.status, telegramMessage: (body.description ?? '').slice(0, 300) };
    const { AppError } = this.sdk.errors;
    if (res.status === 401 || res.status === 404) return new AppError('ERR_TELEGRAM_TOKEN_INVALID', 502, 'Telegram does not accept the bot token', details);
    if (res.status === 429) return new AppError('ERR_TELEGRAM_RATE_LIMIT', 429, 'Telegram limits this bot\'s sends', { ...details, retryAfter: String(body.parameters?.retry_after ?? 1) });
    return new AppError('ERR_TELEGRAM_API', 502, `Telegram refused ${method} (${details.telegramCode}): ${details.telegramMessage}`, details);
  }

  private async answer<T>(res: OutboundResponse, method: string): Promise<T> {
    if (res.status < 200 || res.status >= 300) throw this.refusal(res, method);
    const body = res.json() as BotAnswer<T>;
    if (!body.ok) throw this.refusal({ ...res, status: 400 }, method);
    return body.result as T;
  }

  /** A method with a JSON body. */
  async call<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const res = await this.sdk.http.request(`${this.base}/bot${this.token}/${method}`, { method: 'POST', json: params, timeoutMs: CALL_TIMEOUT_MS });
    return this.answer<T>(res, method);
  }

  /** A method with a file (sendPhoto, sendDocument, sendVoice …) as multipart/form-data. */
  async upload<T>(method: string, params: Record<string, string | number | undefined>, file: FilePart): Promise<T> {
    const boundary = `atrium${randomBytes(12).toString('hex')}`;
    const parts: Buffer[] = [];
    for (const [name, value] of Object.entries(params)) {
      if (value === undefined) continue;
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    }
    const filename = file.filename.replace(/["\r\n]/g, '_');
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${filename}"\r\nContent-Type: ${file.mimetype}\r\n\r\n`));
    parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
    const res = await this.sdk.http.request(`${this.base}/bot${this.token}/${method}`, {
      method: 'POST', body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, timeoutMs: CALL_TIMEOUT_MS * 3,
    });
    return this.answer<T>(res, method);
  }

  getMe() { return this.call<BotUser>('getMe'); }

  /** getFile for the path, then the bytes from `<base>/file/bot<token>/<path>`. */
  async download(fileId: string): Promise<Buffer> {
    const file = await this.call<{ file_path?: string }>('getFile', { file_id: fileId });
    if (!file.file_path) throw new this.sdk.errors.AppError('ERR_TELEGRAM_API', 502, 'Telegram answered no file path');
    const res = await this.sdk.http.request(`${this.base}/file/bot${this.token}/${file.file_path}`, { maxBytes: FILE_MAX_BYTES, timeoutMs: CALL_TIMEOUT_MS * 3 });
    if (res.status < 200 || res.status >= 300) throw this.refusal(res, 'file');
    return res.body;
  }
}
