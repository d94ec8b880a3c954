import { createHash, timingSafeEqual } from "node:crypto";
function tokenMatches(sent, configured) {
  if (!configured || typeof sent !== "string" || !sent) return false;
  const digest = (text) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(configured));
}
export {
  tokenMatches
};
