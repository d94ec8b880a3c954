import { decryptWith, encryptWith, isEncrypted, maskSecret, parseSecretsKey } from "./cipher.js";
import { redactBySchema, SecretString } from "./schema.js";
import { SECRET_KEYWORD, SecretString as SecretString2, hasSecret } from "./schema.js";
import { parseSecretsKey as parseSecretsKey2, isEncrypted as isEncrypted2, maskSecret as maskSecret2 } from "./cipher.js";
function createSecrets(keyText) {
  const key = parseSecretsKey(keyText);
  const decrypt = (stored) => decryptWith(key, stored);
  const maskStored = (stored) => {
    if (!isEncrypted(stored)) return maskSecret(stored);
    try {
      return maskSecret(decrypt(stored));
    } catch {
      return "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022";
    }
  };
  return {
    encrypt: (plain) => encryptWith(key, plain),
    decrypt,
    isEncrypted,
    mask: maskSecret,
    maskStored,
    keepSecretIfMasked(incoming, stored) {
      if (incoming === void 0) return stored ?? null;
      if (incoming === null || incoming === "") return null;
      if (stored && incoming === maskStored(stored)) return isEncrypted(stored) ? stored : encryptWith(key, stored);
      return encryptWith(key, incoming);
    },
    redact: (schema, value) => redactBySchema(schema, value, maskStored),
    SecretString
  };
}
export {
  SECRET_KEYWORD,
  SecretString2 as SecretString,
  createSecrets,
  hasSecret,
  isEncrypted2 as isEncrypted,
  maskSecret2 as maskSecret,
  parseSecretsKey2 as parseSecretsKey
};
