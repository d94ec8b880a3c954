import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a webhook's token equals the configured one, in constant time (both sides hashed to equal
 * lengths first). No configured token means no webhook is accepted: it fails closed.
 */
export function tokenMatches(sent: string | string[] | undefined, configured: string): boolean {
  if (!configured || typeof sent !== 'string' || !sent) return false;
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(configured));
}
