import { LIKE_ESCAPE, likeAnywhere } from "../db/like.js";
const MIN_TERM = 4;
const CHUNK = 50;
const idPatterns = (field, id) => [
  `"${field}":{"before":${id}}`,
  `"${field}":{"before":${id},`,
  `"${field}":{"after":${id}}`,
  `,"after":${id}}`
].map((p) => p.startsWith(",") ? `%"${field}":{"before":%${p}%` : likeAnywhere(p));
async function eraseFromAuditLog(knex, erased) {
  const { companyId, contactId, ticketIds } = erased;
  const terms = [...new Set(erased.values.filter((v) => !!v && v.trim().length >= MIN_TERM).map((v) => JSON.stringify(v).slice(1, -1)))];
  const blank = (where) => knex("auditLogs").where({ companyId }).whereNotNull("changes").where(where).update({ changes: null });
  let n = await blank((w) => {
    w.where((q) => q.where("entity", "contacts").where("entityId", String(contactId)));
    for (const pattern of idPatterns("contactId", contactId)) w.orWhereRaw("changes LIKE ? ESCAPE ?", [pattern, LIKE_ESCAPE]);
    for (const term of terms) w.orWhereRaw("changes LIKE ? ESCAPE ?", [likeAnywhere(term), LIKE_ESCAPE]);
  });
  for (let i = 0; i < ticketIds.length; i += CHUNK) {
    const chunk = ticketIds.slice(i, i + CHUNK);
    n += await blank((w) => {
      w.where((q) => q.where("entity", "tickets").whereIn("entityId", chunk.map(String)));
      for (const id of chunk) for (const pattern of idPatterns("ticketId", id)) w.orWhereRaw("changes LIKE ? ESCAPE ?", [pattern, LIKE_ESCAPE]);
    });
  }
  return n;
}
export {
  eraseFromAuditLog
};
