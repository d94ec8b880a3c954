import { hmacMatches } from '../../util/signatures.js';

/**
 * Whether `X-Hub-Signature-256` is `sha256=<hex HMAC-SHA256 of the raw body keyed with the app secret>`,
 * compared in constant time. No header, a malformed one or no app secret: false (fail closed).
 */
export function signatureMatches(header: string | string[] | undefined, rawBody: Buffer, appSecret: string): boolean {
  return hmacMatches(header, rawBody, appSecret, 'sha256=');
}
