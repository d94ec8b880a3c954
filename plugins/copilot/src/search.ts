/**
 * Keyword search over the knowledge base, the same on SQLite and MariaDB: the article's title, tags and body are
 * kept lower-cased with accents stripped (`fold`), the query is folded the same way and cut into tokens, and each
 * token scores 3 in the title, 2 in the tags and 1 in the body (a LIKE on the folded columns: no collation,
 * full-text parser or stop-word list of either database changes the ranking). Ties: newest article first.
 */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

const STOP = new Set(['a', 'o', 'e', 'de', 'da', 'do', 'em', 'um', 'uma', 'the', 'and', 'of', 'to', 'is', 'el', 'la', 'y', 'en', 'que', 'para', 'por', 'com', 'con', 'with', 'for', 'in', 'os', 'as', 'no', 'na']);

/** At most 8 distinct tokens of 2+ letters or digits, stop words dropped. */
export function tokens(query: string): string[] {
  const words = fold(query).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2 && !STOP.has(w));
  return [...new Set(words)].slice(0, 8);
}

/** Tokens hold letters and digits only (`tokens`): no LIKE wildcard or escape can be in one. */
const likeOf = (token: string) => `%${token}%`;

/** The score expression and its bindings for the tokens (an empty list scores 0). */
export function scoreSql(words: string[]): { sql: string; bindings: string[] } {
  if (words.length === 0) return { sql: '0', bindings: [] };
  const parts: string[] = [];
  const bindings: string[] = [];
  for (const w of words) {
    const like = likeOf(w);
    parts.push("(CASE WHEN searchTitle LIKE ? THEN 3 ELSE 0 END + CASE WHEN searchTags LIKE ? THEN 2 ELSE 0 END + CASE WHEN searchBody LIKE ? THEN 1 ELSE 0 END)");
    bindings.push(like, like, like);
  }
  return { sql: parts.join(' + '), bindings };
}

/** The folded columns an article row keeps beside its text. */
export const searchColumns = (a: { title: string; body: string; tags: string[] }) => ({
  searchTitle: fold(a.title).slice(0, 200),
  searchTags: fold(a.tags.join(' ')).slice(0, 500),
  searchBody: fold(a.body),
});
