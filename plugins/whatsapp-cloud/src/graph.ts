import { randomBytes } from 'node:crypto';
import type { AtriumSdk, OutboundHttp, OutboundResponse } from '@atrium/core/sdk';
import type { CloudCredentials } from './settings.js';

/** The core's error helpers (sdk.errors): the plugin holds no copy of the core. */
export type Errors = AtriumSdk['errors'];
type AppError = InstanceType<Errors['AppError']>;

/** Media the Graph API accepts and answers go up to 100 MB; ours stop at the app's own media limit. */
const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
const GRAPH_TIMEOUT_MS = 20_000;

export interface GraphTemplate {
  name: string;
  language: string;
  status: string;
  category?: string;
  components?: Array<{ type: string; text?: string; format?: string }>;
}

interface GraphErrorBody { error?: { code?: number; message?: string; error_data?: { details?: string }; error_subcode?: number } }

/**
 * Meta's error codes the product tells apart (research: wave3.md): re-engagement outside the window, rate
 * limits, an expired or revoked token. Any other is ERR_CLOUD_API with Meta's code and message.
 */
export function graphError({ AppError }: Errors, status: number, body: GraphErrorBody, retryAfter?: string): AppError {
  const code = body.error?.code;
  const details = { graphCode: code ?? null, graphMessage: (body.error?.error_data?.details ?? body.error?.message ?? '').slice(0, 300) };
  if (code === 131047) return new AppError('ERR_OUTSIDE_SERVICE_WINDOW', 400, 'More than 24 hours since the customer\'s last message: send a template', details);
  if (code === 130429 || code === 131056 || code === 80007 || status === 429) {
    return new AppError('ERR_CLOUD_RATE_LIMIT', 429, 'The WhatsApp Cloud API is limiting this number\'s sends: try again later', { ...details, retryAfter: retryAfter ?? null });
  }
  // 502, not 401: the connection's token is refused by Meta, the staff member's session is fine.
  if (code === 190) return new AppError('ERR_CLOUD_TOKEN_INVALID', 502, 'The WhatsApp Cloud API access token has expired or is not valid', details);
  return new AppError('ERR_CLOUD_API', 502, `The WhatsApp Cloud API refused the call (${code ?? status})`, details);
}

/**
 * The Graph API calls of one connection, through the core's outbound client (the base URL is one a tenant
 * typed: the private-address guard applies) with the bearer token.
 */
export class GraphClient {
  constructor(private readonly http: OutboundHttp, private readonly creds: CloudCredentials, private readonly errors: Errors) {}

  private url(path: string) {
    return `${this.creds.baseUrl.replace(/\/+$/, '')}/${this.creds.graphVersion}/${path}`;
  }

  private get auth() { return { authorization: `Bearer ${this.creds.accessToken}` }; }

  private async call<T>(path: string, init: { method?: 'GET' | 'POST'; json?: unknown; body?: Buffer; headers?: Record<string, string> } = {}): Promise<T> {
    const res = await this.http.request(this.url(path), { ...init, headers: { ...this.auth, ...init.headers }, timeoutMs: GRAPH_TIMEOUT_MS });
    return this.answer<T>(res);
  }

  private answer<T>(res: OutboundResponse): T {
    let body: unknown;
    try { body = res.json(); } catch { body = {}; }
    if (res.status >= 200 && res.status < 300) return body as T;
    const retryAfter = res.headers['retry-after'];
    throw graphError(this.errors, res.status, body as GraphErrorBody, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  }

  /** The number's display phone (checks the token and the id on start). */
  async phoneNumber(): Promise<{ display_phone_number?: string; verified_name?: string }> {
    return this.call(`${encodeURIComponent(this.creds.phoneNumberId)}?fields=display_phone_number,verified_name`);
  }

  /** POST /<phone-number-id>/messages; answers the new message's wamid. */
  async sendMessage(message: Record<string, unknown>): Promise<string> {
    const answer = await this.call<{ messages?: Array<{ id: string }> }>(`${encodeURIComponent(this.creds.phoneNumberId)}/messages`, {
      method: 'POST', json: { messaging_product: 'whatsapp', recipient_type: 'individual', ...message },
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new this.errors.AppError('ERR_CLOUD_API', 502, 'The WhatsApp Cloud API answered no message id');
    return id;
  }

  /** POST /<phone-number-id>/media (multipart: file, type, messaging_product); answers the media id. */
  async uploadMedia(data: Buffer, mimetype: string, filename: string): Promise<string> {
    const boundary = `atrium${randomBytes(12).toString('hex')}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const safeName = filename.replace(/["\r\n]/g, '_');
    const body = Buffer.concat([
      Buffer.from(field('messaging_product', 'whatsapp') + field('type', mimetype)),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${safeName}"\r\nContent-Type: ${mimetype}\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const answer = await this.call<{ id?: string }>(`${encodeURIComponent(this.creds.phoneNumberId)}/media`, {
      method: 'POST', body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    if (!answer.id) throw new this.errors.AppError('ERR_CLOUD_API', 502, 'The WhatsApp Cloud API answered no media id');
    return answer.id;
  }

  /** GET /<media-id> for its URL, then the bytes with the token (Meta's media host). */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimetype: string }> {
    const meta = await this.call<{ url?: string; mime_type?: string }>(encodeURIComponent(mediaId));
    if (!meta.url) throw new this.errors.AppError('ERR_CLOUD_API', 502, 'The WhatsApp Cloud API answered no media URL');
    const res = await this.http.request(meta.url, { headers: this.auth, maxBytes: MEDIA_MAX_BYTES, timeoutMs: GRAPH_TIMEOUT_MS * 3 });
    if (res.status < 200 || res.status >= 300) throw graphError(this.errors, res.status, {});
    return { data: res.body, mimetype: meta.mime_type ?? String(res.headers['content-type'] ?? 'application/octet-stream') };
  }

  /** GET /<WABA id>/message_templates, every page (Graph pages with `paging.next`; 20 pages at most). */
  async templates(): Promise<GraphTemplate[]> {
    const out: GraphTemplate[] = [];
    let path = `${encodeURIComponent(this.creds.wabaId)}/message_templates?limit=100&fields=name,language,status,category,components`;
    for (let page = 0; page < 20 && path; page += 1) {
      const answer = await this.call<{ data?: GraphTemplate[]; paging?: { cursors?: { after?: string }; next?: string } }>(path);
      out.push(...(answer.data ?? []));
      const after = answer.paging?.next ? answer.paging.cursors?.after : undefined;
      path = after ? `${encodeURIComponent(this.creds.wabaId)}/message_templates?limit=100&fields=name,language,status,category,components&after=${encodeURIComponent(after)}` : '';
    }
    return out;
  }
}
