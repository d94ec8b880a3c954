import { createCipheriv, createDecipheriv, randomBytes, scrypt as scryptCb, type CipherGCM, type DecipherGCM, type ScryptOptions } from 'node:crypto';
import { open } from 'node:fs/promises';

/**
 * The encrypted archive (`--encrypt`): a readable header naming the format and its key derivation, then the
 * gzipped tar encrypted with AES-256-GCM under a key derived from the passphrase with scrypt, then GCM's 16-byte
 * tag. The header is the cipher's additional data, so it cannot be altered unnoticed. Node's crypto only.
 */
export const MAGIC = 'ATRIUM-BACKUP-ENCRYPTED 1\n';
const TAG_BYTES = 16;
// scrypt's cost: N = 2^15, r = 8 (32 MiB, about 0.1 s here): slows a guess at the passphrase, cheap once per backup.
const KDF = { N: 1 << 15, r: 8, p: 1 };

export interface EnvelopeHeader { kdf: 'scrypt'; N: number; r: number; p: number; salt: string; iv: string; cipher: 'aes-256-gcm'; containsSecrets: boolean }

const deriveKey = (passphrase: string, salt: Buffer, kdf: { N: number; r: number; p: number }) => new Promise<Buffer>((resolve, reject) => {
  const options: ScryptOptions = { ...kdf, maxmem: 256 * kdf.N * kdf.r };
  scryptCb(passphrase.normalize('NFC'), salt, 32, options, (err, key) => (err ? reject(err) : resolve(key)));
});

/** A new envelope: the header bytes to write first, and the cipher the archive goes through (its tag written last). */
export async function sealer(passphrase: string, containsSecrets: boolean): Promise<{ header: Buffer; cipher: CipherGCM }> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const meta: EnvelopeHeader = { kdf: 'scrypt', ...KDF, salt: salt.toString('base64'), iv: iv.toString('base64'), cipher: 'aes-256-gcm', containsSecrets };
  const header = Buffer.from(`${MAGIC}${JSON.stringify(meta)}\n`);
  const cipher = createCipheriv('aes-256-gcm', await deriveKey(passphrase, salt, KDF), iv);
  cipher.setAAD(header);
  return { header, cipher };
}

export class BadPassphraseError extends Error {
  constructor() { super('The archive could not be decrypted: wrong passphrase, or the file was altered'); this.name = 'BadPassphraseError'; }
}

/** Whether the file is an encrypted archive (its first bytes are the magic line). */
export async function isEncrypted(file: string): Promise<boolean> {
  const fh = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await fh.read(Buffer.alloc(MAGIC.length), 0, MAGIC.length, 0);
    return bytesRead === MAGIC.length && buffer.toString() === MAGIC;
  } finally {
    await fh.close();
  }
}

/**
 * Opens an encrypted archive: the decipher to stream the body through (bytes `start`..`end` inclusive of the file)
 * with the tag already set, so the stream fails at its end unless passphrase and bytes are right.
 */
export async function opener(file: string, passphrase: string): Promise<{ decipher: DecipherGCM; start: number; end: number }> {
  const fh = await open(file, 'r');
  try {
    const { size } = await fh.stat();
    const head = (await fh.read(Buffer.alloc(Math.min(size, 4096)), 0, Math.min(size, 4096), 0)).buffer;
    const firstEnd = head.indexOf(10, MAGIC.length - 1);
    const headerEnd = head.indexOf(10, firstEnd + 1);
    if (headerEnd < 0) throw new Error('Not an Atrium encrypted archive (no header)');
    const header = head.subarray(0, headerEnd + 1);
    const meta = JSON.parse(header.subarray(MAGIC.length).toString()) as EnvelopeHeader;
    if (meta.kdf !== 'scrypt' || meta.cipher !== 'aes-256-gcm') throw new Error(`Unknown archive encryption ${meta.kdf}/${meta.cipher}`);
    const tag = (await fh.read(Buffer.alloc(TAG_BYTES), 0, TAG_BYTES, size - TAG_BYTES)).buffer;
    const key = await deriveKey(passphrase, Buffer.from(meta.salt, 'base64'), meta);
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(meta.iv, 'base64'));
    decipher.setAAD(header);
    decipher.setAuthTag(tag);
    return { decipher, start: header.length, end: size - TAG_BYTES - 1 };
  } finally {
    await fh.close();
  }
}
