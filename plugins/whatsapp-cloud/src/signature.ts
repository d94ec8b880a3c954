import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether `X-Hub-Signature-256` is `sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>`,
 * compared in constant time. No header, a malformed one or no app secret: false (fail closed).
 */
export function signatureMatches(header: string | string[] | undefined, rawBody: Buffer, appSecret: string): boolean {
  if (!appSecret || typeof header !== 'string') return false;
  const value = header.trim();
  if (!value.startsWith('sha256=')) return false;
  const hex = value.slice('sha256='.length);
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  return timingSafeEqual(Buffer.from(hex, 'hex'), createHmac('sha256', appSecret).update(rawBody).digest());
}
