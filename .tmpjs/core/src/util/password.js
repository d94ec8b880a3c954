import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
const scrypt = (password, salt, keylen, options) => new Promise((resolve, reject) => scryptCb(password, salt, keylen, options, (err, key) => err ? reject(err) : resolve(key)));
const PARAMS = { N: 16384, r: 8, p: 1, keylen: 32 };
async function hashPassword(password) {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, PARAMS.keylen, { N: PARAMS.N, r: PARAMS.r, p: PARAMS.p, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}
async function verifyPassword(password, stored) {
  const [scheme, n, r, p, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, "base64");
  const key = await scrypt(password, Buffer.from(saltB64, "base64"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}
const randomPassword = () => randomBytes(12).toString("base64url");
export {
  hashPassword,
  randomPassword,
  verifyPassword
};
