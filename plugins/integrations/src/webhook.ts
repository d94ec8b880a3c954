import { createHmac } from 'node:crypto';
import type { AtriumSdk, ResponderContext } from '@atrium/core/sdk';
import type { WebhookReply } from './types.js';

/**
 * n8n / webhook: one signed JSON POST per inbound message (Standard Webhooks signing):
 *   webhook-id: msg_<companyId>_<messageId>  (the same on every retry: receivers de-duplicate on it)
 *   webhook-timestamp: unix seconds
 *   webhook-signature: v1,<base64 HMAC-SHA256(secret, "<id>.<timestamp>.<raw body>")>
 * The receiver may answer 2xx JSON { reply?: string, replies?: string[], handoff?: boolean }: the replies go to the
 * customer in order, `handoff: true` gives the ticket to people. Connection errors, timeouts, 429 and 5xx are retried.
 */
export const WEBHOOK_ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 10_000;
const BACKOFF_MS = [0, 500, 2000];

export function signWebhook(secret: string, id: string, timestamp: number, body: string) {
  return `v1,${createHmac('sha256', secret).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function webhookPayload(ctx: ResponderContext) {
  const { ticket, contact, message, connection } = ctx;
  return {
    event: 'message.received',
    companyId: ctx.companyId,
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId ?? null },
    contact: { id: contact.id, name: contact.name, number: contact.number },
    message: { id: message.id, body: message.body ?? '', mediaType: message.mediaType ?? null, fromMe: false, createdAt: message.createdAt },
    connection: { id: connection.id, name: connection.name },
  };
}

const sleep = (ms: number, signal: AbortSignal) => new Promise<void>((resolve) => {
  const timer = setTimeout(resolve, ms);
  signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
});

/** Posts the message; resolves to what the receiver answered (null when it answered nothing usable). Throws after the last attempt. */
export async function postToWebhook(sdk: AtriumSdk, ctx: ResponderContext, url: string, secret: string): Promise<WebhookReply | null> {
  const body = JSON.stringify(webhookPayload(ctx));
  const id = `msg_${ctx.companyId}_${ctx.message.id}`;
  let lastError: unknown;
  for (let attempt = 0; attempt < WEBHOOK_ATTEMPTS; attempt++) {
    if (BACKOFF_MS[attempt]) await sleep(BACKOFF_MS[attempt], ctx.signal);
    if (ctx.signal.aborted) break;
    const timestamp = Math.floor(sdk.clock.now().getTime() / 1000);
    try {
      const res = await sdk.http.request(url, {
        method: 'POST', body, timeoutMs: ATTEMPT_TIMEOUT_MS, maxRedirects: 0,
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, id, timestamp, body) },
      });
      if (res.status >= 200 && res.status < 300) {
        try { return readReply(res.json()); } catch { return null; }
      }
      // With its status: the core tells a refused key from a server error (ctx.fail).
      lastError = Object.assign(new Error(`the webhook answered ${res.status}`), { status: res.status });
      if (res.status !== 429 && res.status < 500) break; // the receiver refused it: another try changes nothing
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function readReply(value: unknown): WebhookReply | null {
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  const replies = Array.isArray(v.replies) ? v.replies.filter((r): r is string => typeof r === 'string' && r.trim() !== '') : [];
  if (typeof v.reply === 'string' && v.reply.trim()) replies.unshift(v.reply);
  return { replies, handoff: v.handoff === true };
}
