import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const PREFIX = 'enc:v1:';
const AAD = Buffer.from('atrium-secret-v1');

/** Parses SECRETS_KEY (or the generated key): 32 bytes as base64 or hex. Anything else stops the start. */
export function parseSecretsKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)');
  return key;
}

/** `enc:v1:<iv>:<tag>:<ciphertext>` (base64url): AES-256-GCM, a fresh 12-byte IV per value. */
export function encryptWith(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(AAD);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${iv.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}:${data.toString('base64url')}`;
}

export const isEncrypted = (value: unknown): value is string => typeof value === 'string' && value.startsWith(PREFIX);

/** Throws when the value was not encrypted with this key or was altered (GCM's tag). */
export function decryptWith(key: Buffer, stored: string): string {
  if (!isEncrypted(stored)) throw new Error('not an encrypted secret');
  const [iv, tag, data] = stored.slice(PREFIX.length).split(':').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}

/**
 * What a person sees of a secret: a short prefix that names the kind of key (`sk-`) and the last four
 * characters, only for values long enough that those reveal nothing useful (`sk-…abcd`); shorter ones show nothing.
 */
export function maskSecret(plain: string): string {
  if (!plain) return '';
  if (plain.length < 16) return '••••••••';
  const prefix = /^[A-Za-z]{1,4}[-_]/.exec(plain)?.[0] ?? '';
  return `${prefix}…${plain.slice(-4)}`;
}
