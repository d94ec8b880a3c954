import type { TSchema } from '@sinclair/typebox';
import { decryptWith, encryptWith, isEncrypted, maskSecret, parseSecretsKey } from './cipher.js';
import { redactBySchema, SecretString } from './schema.js';

export { SECRET_KEYWORD, SecretString, hasSecret } from './schema.js';
export { parseSecretsKey, isEncrypted, maskSecret } from './cipher.js';

/** sdk.secrets: values encrypted at rest with the server's key, masked whenever they leave it. */
export interface Secrets {
  /** AES-256-GCM with the server key; store what this returns. */
  encrypt(plain: string): string;
  /** The clear value, for the moment you call out with it. Throws on a value altered or encrypted with another key. */
  decrypt(stored: string): string;
  isEncrypted(value: unknown): boolean;
  /** `sk-…abcd`: what a person may see of a clear value. */
  mask(plain: string): string;
  /** The mask of a stored (encrypted or legacy clear) value; `••••••••` when it cannot be read. */
  maskStored(stored: string): string;
  /**
   * What to store after a PUT: the stored value when the field was left out or came back as its mask (encrypted
   * now if it was stored in clear), null when cleared ('' or null), otherwise the new value encrypted.
   */
  keepSecretIfMasked(incoming: string | null | undefined, stored: string | null | undefined): string | null;
  /** A copy of a row (or list, or event payload) with every field its schema marks secret masked. */
  redact<T = unknown>(schema: TSchema, value: T): T;
  /** TypeBox: a string field holding a secret (responses mask it). */
  SecretString: typeof SecretString;
}

export function createSecrets(keyText: string): Secrets {
  const key = parseSecretsKey(keyText);
  const decrypt = (stored: string) => decryptWith(key, stored);
  const maskStored = (stored: string) => {
    if (!isEncrypted(stored)) return maskSecret(stored);
    try {
      return maskSecret(decrypt(stored));
    } catch {
      return '••••••••';
    }
  };
  return {
    encrypt: (plain) => encryptWith(key, plain),
    decrypt,
    isEncrypted,
    mask: maskSecret,
    maskStored,
    keepSecretIfMasked(incoming, stored) {
      if (incoming === undefined) return stored ?? null;
      if (incoming === null || incoming === '') return null;
      // The mask came back: keep the stored value, sealed now if it was stored in clear before the field was a secret.
      if (stored && incoming === maskStored(stored)) return isEncrypted(stored) ? stored : encryptWith(key, stored);
      return encryptWith(key, incoming);
    },
    redact: <T>(schema: TSchema, value: T) => redactBySchema(schema, value, maskStored) as T,
    SecretString,
  };
}
