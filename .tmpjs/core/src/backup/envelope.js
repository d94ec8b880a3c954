import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb } from "node:crypto";
import { open } from "node:fs/promises";
const MAGIC = "ATRIUM-BACKUP-ENCRYPTED 1\n";
const TAG_BYTES = 16;
const KDF = { N: 1 << 15, r: 8, p: 1 };
const deriveKey = (passphrase, salt, kdf) => new Promise((resolve, reject) => {
  const options = { ...kdf, maxmem: 256 * kdf.N * kdf.r };
  scryptCb(passphrase.normalize("NFC"), salt, 32, options, (err, key) => err ? reject(err) : resolve(key));
});
async function sealer(passphrase, containsSecrets) {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const meta = { kdf: "scrypt", ...KDF, salt: salt.toString("base64"), iv: iv.toString("base64"), cipher: "aes-256-gcm", containsSecrets };
  const header = Buffer.from(`${MAGIC}${JSON.stringify(meta)}
`);
  const cipher = createCipheriv("aes-256-gcm", await deriveKey(passphrase, salt, KDF), iv);
  cipher.setAAD(header);
  return { header, cipher };
}
class BadPassphraseError extends Error {
  constructor() {
    super("The archive could not be decrypted: wrong passphrase, or the file was altered");
    this.name = "BadPassphraseError";
  }
}
async function isEncrypted(file) {
  const fh = await open(file, "r");
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.toString() === MAGIC;
  } finally {
    await fh.close();
  }
}
async function opener(file, passphrase) {
  const fh = await open(file, "r");
  try {
    const { size } = await fh.stat();
    const head = (await fh.read(Buffer.alloc(Math.min(size, 4096)), 0, Math.min(size, 4096), 0)).buffer;
    const firstEnd = head.indexOf(10, MAGIC.length - 1);
    const headerEnd = head.indexOf(10, firstEnd + 1);
    if (headerEnd < 0) throw new Error("Not an Atrium encrypted archive (no header)");
    const header = head.subarray(0, headerEnd + 1);
    const meta = JSON.parse(header.subarray(MAGIC.length).toString());
    if (meta.kdf !== "scrypt" || meta.cipher !== "aes-256-gcm") throw new Error(`Unknown archive encryption ${meta.kdf}/${meta.cipher}`);
    const tag = (await fh.read(Buffer.alloc(TAG_BYTES), 0, TAG_BYTES, size - TAG_BYTES)).buffer;
    const key = await deriveKey(passphrase, Buffer.from(meta.salt, "base64"), meta);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(meta.iv, "base64"));
    decipher.setAAD(header);
    decipher.setAuthTag(tag);
    return { decipher, start: header.length, end: size - TAG_BYTES - 1 };
  } finally {
    await fh.close();
  }
}
export {
  BadPassphraseError,
  MAGIC,
  isEncrypted,
  opener,
  sealer
};
