import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
const PREFIX = "enc:v1:";
const AAD = Buffer.from("atrium-secret-v1");
function parseSecretsKey(text) {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("SECRETS_KEY must be 32 random bytes, base64 or hex (e.g. `openssl rand -base64 32`)");
  return key;
}
function encryptWith(key, plain) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(AAD);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return `${PREFIX}${iv.toString("base64url")}:${cipher.getAuthTag().toString("base64url")}:${data.toString("base64url")}`;
}
const isEncrypted = (value) => typeof value === "string" && value.startsWith(PREFIX);
function decryptWith(key, stored) {
  if (!isEncrypted(stored)) throw new Error("not an encrypted secret");
  const [iv, tag, data] = stored.slice(PREFIX.length).split(":").map((part) => Buffer.from(part, "base64url"));
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(AAD);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8");
}
function maskSecret(plain) {
  if (!plain) return "";
  if (plain.length < 16) return "\u2022\u2022\u2022\u2022\u2022\u2022\u2022\u2022";
  const prefix = /^[A-Za-z]{1,4}[-_]/.exec(plain)?.[0] ?? "";
  return `${prefix}\u2026${plain.slice(-4)}`;
}
export {
  decryptWith,
  encryptWith,
  isEncrypted,
  maskSecret,
  parseSecretsKey
};
