import { createHash, createHmac, timingSafeEqual } from "node:crypto";
function hmacMatches(header, rawBody, secret, prefix = "sha256=") {
  if (!secret || typeof header !== "string") return false;
  const value = header.trim();
  if (!value.startsWith(prefix)) return false;
  const hex = value.slice(prefix.length);
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(Buffer.from(hex, "hex"), expected);
}
function sameSecret(presented, stored) {
  if (!stored || typeof presented !== "string" || !presented) return false;
  const digest = (s) => createHash("sha256").update(s).digest();
  return timingSafeEqual(digest(presented), digest(stored));
}
export {
  hmacMatches,
  sameSecret
};
