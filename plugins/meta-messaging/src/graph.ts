import { randomBytes } from 'node:crypto';
import type { AtriumSdk, OutboundResponse } from '@atrium/core/sdk';
import { graphBaseUrl } from './settings.js';

type Sdk = Pick<AtriumSdk, 'http' | 'errors'>;
type AppError = InstanceType<AtriumSdk['errors']['AppError']>;

const CALL_TIMEOUT_MS = 20_000;
/** Attachments Meta sends are fetched up to 25 MB (its own cap for video and audio). */
export const MEDIA_MAX_BYTES = 25 * 1024 * 1024;

interface GraphErrorBody { error?: { code?: number; error_subcode?: number; message?: string } }

/** Meta's rate-limit codes (application, user, page, Send API throttling). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80006]);
/** "Outside of the allowed window" and "HUMAN_AGENT tag not allowed": the conversation cannot be written to now. */
const WINDOW_SUBCODES = new Set([2018278, 2018065, 2534022]);
/** "This person isn't available right now" (blocked the Page, deleted the account, no permission). */
const UNAVAILABLE = (code?: number, subcode?: number) => code === 551 || subcode === 1545041 || subcode === 2018001 || subcode === 2018108;

/**
 * Meta's Send API refusals as the plugin's error codes, in the same spirit as the Cloud API's (docs/channels.md):
 * an expired or revoked token, rate limits (status 429: the core's sender waits and sends again), the messaging
 * window, a person who cannot be reached; any other is ERR_META_API with Meta's code and message.
 */
export function graphError({ AppError }: AtriumSdk['errors'], status: number, body: GraphErrorBody, retryAfter?: string): AppError {
  const code = body.error?.code;
  const subcode = body.error?.error_subcode;
  const details = { graphCode: code ?? null, graphSubcode: subcode ?? null, graphMessage: (body.error?.message ?? '').slice(0, 300) };
  if (code === 190) return new AppError('ERR_META_TOKEN_INVALID', 502, 'The Page access token has expired or is not valid', details);
  if ((code !== undefined && RATE_LIMIT_CODES.has(code)) || status === 429) {
    return new AppError('ERR_META_RATE_LIMIT', 429, 'Meta is limiting this Page\'s sends: try again later', { ...details, retryAfter: retryAfter ?? null });
  }
  if (code === 10 && subcode !== undefined && WINDOW_SUBCODES.has(subcode)) {
    return new AppError('ERR_META_WINDOW_CLOSED', 400, 'Meta refused the message: the conversation is outside its messaging window', details);
  }
  if (UNAVAILABLE(code, subcode)) return new AppError('ERR_META_RECIPIENT_UNAVAILABLE', 400, 'This person cannot receive messages from the Page now', details);
  return new AppError('ERR_META_API', 502, `Meta refused the call (${code ?? status})`, details);
}

/** A file sent with a message (multipart `filedata`). */
export interface FilePart { data: Buffer; filename: string; mimetype: string }

/**
 * One Page's Graph API calls (`<META_GRAPH_BASE_URL>/<version>/…` with the Page access token as bearer), through the
 * core's outbound client: time and size capped, private addresses refused unless the operator allows them.
 */
export class GraphClient {
  constructor(private readonly sdk: Sdk, private readonly token: string, private readonly version: string) {}

  private url(path: string) { return `${graphBaseUrl()}/${this.version}/${path}`; }
  private get auth() { return { authorization: `Bearer ${this.token}` }; }

  private answer<T>(res: OutboundResponse): T {
    let body: unknown;
    try { body = res.json(); } catch { body = {}; }
    if (res.status >= 200 && res.status < 300) return body as T;
    const retryAfter = res.headers['retry-after'];
    throw graphError(this.sdk.errors, res.status, body as GraphErrorBody, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  }

  /** The Page (or the Instagram account): checks the token and the id on start. */
  async node(id: string): Promise<{ id?: string; name?: string; username?: string }> {
    const res = await this.sdk.http.request(this.url(`${encodeURIComponent(id)}?fields=id,name`), { headers: this.auth, timeoutMs: CALL_TIMEOUT_MS });
    return this.answer(res);
  }

  /**
   * A person's name for a new contact (the deliveries carry only their scoped id): Messenger's user profile
   * (`first_name`, `last_name`), Instagram's (`name`, else `username`). Undefined when Meta tells none.
   */
  async personName(id: string, instagram: boolean): Promise<string | undefined> {
    const fields = instagram ? 'name,username' : 'first_name,last_name';
    const res = await this.sdk.http.request(this.url(`${encodeURIComponent(id)}?fields=${fields}`), { headers: this.auth, timeoutMs: CALL_TIMEOUT_MS });
    const person = this.answer<{ first_name?: string; last_name?: string; name?: string; username?: string }>(res);
    const name = instagram ? person.name || person.username : [person.first_name, person.last_name].filter(Boolean).join(' ');
    return name?.trim() || undefined;
  }

  /** POST /<page id>/messages (the Send API); answers the new message's mid. */
  async send(pageId: string, payload: Record<string, unknown>, file?: FilePart): Promise<string> {
    const url = this.url(`${encodeURIComponent(pageId)}/messages`);
    let res: OutboundResponse;
    if (file) {
      const boundary = `atrium${randomBytes(12).toString('hex')}`;
      const parts: Buffer[] = Object.entries(payload).map(([name, value]) => Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`,
      ));
      const filename = file.filename.replace(/["\r\n]/g, '_');
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filedata"; filename="${filename}"\r\nContent-Type: ${file.mimetype}\r\n\r\n`));
      parts.push(file.data, Buffer.from(`\r\n--${boundary}--\r\n`));
      res = await this.sdk.http.request(url, {
        method: 'POST', body: Buffer.concat(parts), headers: { ...this.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, timeoutMs: CALL_TIMEOUT_MS * 3,
      });
    } else {
      res = await this.sdk.http.request(url, { method: 'POST', json: payload, headers: this.auth, timeoutMs: CALL_TIMEOUT_MS });
    }
    const answer = this.answer<{ message_id?: string }>(res);
    if (!answer.message_id) throw new this.sdk.errors.AppError('ERR_META_API', 502, 'Meta answered no message id');
    return answer.message_id;
  }

  /** An attachment's bytes from the URL in the delivery (Meta's CDN). */
  async download(url: string): Promise<Buffer> {
    const res = await this.sdk.http.request(url, { maxBytes: MEDIA_MAX_BYTES, timeoutMs: CALL_TIMEOUT_MS * 3 });
    if (res.status < 200 || res.status >= 300) throw graphError(this.sdk.errors, res.status, {});
    return res.body;
  }
}
