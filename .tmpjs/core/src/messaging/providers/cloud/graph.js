import { randomBytes } from "node:crypto";
import { AppError } from "../../../http/errors.js";
const MEDIA_MAX_BYTES = 20 * 1024 * 1024;
const GRAPH_TIMEOUT_MS = 2e4;
function graphError(status, body, retryAfter) {
  const code = body.error?.code;
  const details = { graphCode: code ?? null, graphMessage: (body.error?.error_data?.details ?? body.error?.message ?? "").slice(0, 300) };
  if (code === 131047) return new AppError("ERR_OUTSIDE_SERVICE_WINDOW", 400, "More than 24 hours since the customer's last message: send a template", details);
  if (code === 130429 || code === 131056 || code === 80007 || status === 429) {
    return new AppError("ERR_CLOUD_RATE_LIMIT", 429, "The WhatsApp Cloud API is limiting this number's sends: try again later", { ...details, retryAfter: retryAfter ?? null });
  }
  if (code === 190) return new AppError("ERR_CLOUD_TOKEN_INVALID", 502, "The WhatsApp Cloud API access token has expired or is not valid", details);
  return new AppError("ERR_CLOUD_API", 502, `The WhatsApp Cloud API refused the call (${code ?? status})`, details);
}
class GraphClient {
  constructor(http, creds) {
    this.http = http;
    this.creds = creds;
  }
  http;
  creds;
  url(path) {
    return `${this.creds.baseUrl.replace(/\/+$/, "")}/${this.creds.graphVersion}/${path}`;
  }
  get auth() {
    return { authorization: `Bearer ${this.creds.accessToken}` };
  }
  async call(path, init = {}) {
    const res = await this.http.request(this.url(path), { ...init, headers: { ...this.auth, ...init.headers }, timeoutMs: GRAPH_TIMEOUT_MS });
    return this.answer(res);
  }
  answer(res) {
    let body;
    try {
      body = res.json();
    } catch {
      body = {};
    }
    if (res.status >= 200 && res.status < 300) return body;
    const retryAfter = res.headers["retry-after"];
    throw graphError(res.status, body, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
  }
  /** The number's display phone (checks the token and the id on start). */
  async phoneNumber() {
    return this.call(`${encodeURIComponent(this.creds.phoneNumberId)}?fields=display_phone_number,verified_name`);
  }
  /** POST /<phone-number-id>/messages; answers the new message's wamid. */
  async sendMessage(message) {
    const answer = await this.call(`${encodeURIComponent(this.creds.phoneNumberId)}/messages`, {
      method: "POST",
      json: { messaging_product: "whatsapp", recipient_type: "individual", ...message }
    });
    const id = answer.messages?.[0]?.id;
    if (!id) throw new AppError("ERR_CLOUD_API", 502, "The WhatsApp Cloud API answered no message id");
    return id;
  }
  /** POST /<phone-number-id>/media (multipart: file, type, messaging_product); answers the media id. */
  async uploadMedia(data, mimetype, filename) {
    const boundary = `atrium${randomBytes(12).toString("hex")}`;
    const field = (name, value) => `--${boundary}\r
Content-Disposition: form-data; name="${name}"\r
\r
${value}\r
`;
    const safeName = filename.replace(/["\r\n]/g, "_");
    const body = Buffer.concat([
      Buffer.from(field("messaging_product", "whatsapp") + field("type", mimetype)),
      Buffer.from(`--${boundary}\r
Content-Disposition: form-data; name="file"; filename="${safeName}"\r
Content-Type: ${mimetype}\r
\r
`),
      data,
      Buffer.from(`\r
--${boundary}--\r
`)
    ]);
    const answer = await this.call(`${encodeURIComponent(this.creds.phoneNumberId)}/media`, {
      method: "POST",
      body,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` }
    });
    if (!answer.id) throw new AppError("ERR_CLOUD_API", 502, "The WhatsApp Cloud API answered no media id");
    return answer.id;
  }
  /** GET /<media-id> for its URL, then the bytes with the token (Meta's media host). */
  async downloadMedia(mediaId) {
    const meta = await this.call(encodeURIComponent(mediaId));
    if (!meta.url) throw new AppError("ERR_CLOUD_API", 502, "The WhatsApp Cloud API answered no media URL");
    const res = await this.http.request(meta.url, { headers: this.auth, maxBytes: MEDIA_MAX_BYTES, timeoutMs: GRAPH_TIMEOUT_MS * 3 });
    if (res.status < 200 || res.status >= 300) throw graphError(res.status, {});
    return { data: res.body, mimetype: meta.mime_type ?? String(res.headers["content-type"] ?? "application/octet-stream") };
  }
  /** GET /<WABA id>/message_templates, every page (Graph pages with `paging.next`; 20 pages at most). */
  async templates() {
    const out = [];
    let path = `${encodeURIComponent(this.creds.wabaId)}/message_templates?limit=100&fields=name,language,status,category,components`;
    for (let page = 0; page < 20 && path; page += 1) {
      const answer = await this.call(path);
      out.push(...answer.data ?? []);
      const after = answer.paging?.next ? answer.paging.cursors?.after : void 0;
      path = after ? `${encodeURIComponent(this.creds.wabaId)}/message_templates?limit=100&fields=name,language,status,category,components&after=${encodeURIComponent(after)}` : "";
    }
    return out;
  }
}
export {
  GraphClient,
  graphError
};
