import type { Knex } from 'knex';
import { LIKE_ESCAPE, likeAnywhere } from '../db/like.js';

/** Shorter names would match unrelated entries; the contact's own entries are found by its ids anyway. */
const MIN_TERM = 4;
/** Ids per statement: each adds a few LIKE terms. */
const CHUNK = 50;

export interface ErasedContact { companyId: number; contactId: number; ticketIds: number[]; values: Array<string | null | undefined> }

/** The ways an id field appears in an entry's changes (`{"contactId":{"before":5,"after":6}}`). */
const idPatterns = (field: string, id: number) => [
  `"${field}":{"before":${id}}`, `"${field}":{"before":${id},`, `"${field}":{"after":${id}}`, `,"after":${id}}`,
].map((p) => (p.startsWith(',') ? `%"${field}":{"before":%${p}%` : likeAnywhere(p)));

/**
 * An erased contact (LGPD / GDPR) keeps no value of its own in the audit log: the entries of its contact row and
 * its tickets, the entries whose changes name it or its tickets by id, and any entry holding its number, LID,
 * e-mail or name keep who did what to which row and when, but lose their before/after values. The erasure outranks
 * the log's append-only rule; the privacy record says that it happened. Answers how many entries were blanked.
 */
export async function eraseFromAuditLog(knex: Knex, erased: ErasedContact): Promise<number> {
  const { companyId, contactId, ticketIds } = erased;
  // As the log stores them: inside JSON text (quotes and backslashes escaped).
  const terms = [...new Set(erased.values.filter((v): v is string => !!v && v.trim().length >= MIN_TERM).map((v) => JSON.stringify(v).slice(1, -1)))];
  const blank = (where: (w: Knex.QueryBuilder) => void) => knex('auditLogs').where({ companyId }).whereNotNull('changes').where(where).update({ changes: null });

  let n = await blank((w) => {
    w.where((q) => q.where('entity', 'contacts').where('entityId', String(contactId)));
    for (const pattern of idPatterns('contactId', contactId)) w.orWhereRaw('changes LIKE ? ESCAPE ?', [pattern, LIKE_ESCAPE]);
    for (const term of terms) w.orWhereRaw('changes LIKE ? ESCAPE ?', [likeAnywhere(term), LIKE_ESCAPE]);
  });
  for (let i = 0; i < ticketIds.length; i += CHUNK) {
    const chunk = ticketIds.slice(i, i + CHUNK);
    n += await blank((w) => {
      w.where((q) => q.where('entity', 'tickets').whereIn('entityId', chunk.map(String)));
      for (const id of chunk) for (const pattern of idPatterns('ticketId', id)) w.orWhereRaw('changes LIKE ? ESCAPE ?', [pattern, LIKE_ESCAPE]);
    });
  }
  return n;
}
