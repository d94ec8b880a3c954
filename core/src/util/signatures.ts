import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether a signature header is `<prefix><hex HMAC-SHA256 of the raw body keyed with the secret>`, compared in
 * constant time. No header, a malformed one or no secret: false (fail closed).
 */
export function hmacMatches(header: string | string[] | undefined, rawBody: Buffer, secret: string, prefix = 'sha256='): boolean {
  if (!secret || typeof header !== 'string') return false;
  const value = header.trim();
  if (!value.startsWith(prefix)) return false;
  const hex = value.slice(prefix.length);
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, 'hex'), expected);
}

/** Whether a presented shared secret equals the stored one, in constant time (both hashed first: equal lengths). */
export function sameSecret(presented: string | string[] | undefined, stored: string): boolean {
  if (!stored || typeof presented !== 'string' || !presented) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(presented), digest(stored));
}
