/**
 * Keyword search over the knowledge base, the same on SQLite and MariaDB: words are lower-cased with accents
 * stripped (`fold`) and stemmed (`stem`), the query is folded and stemmed the same way, and each token scores 3 in the title,
 * 2 in the tags and 1 in the body (stems, from the article's terms table: no collation, full-text parser or
 * stop-word list of either database changes the ranking). Ties: newest article first.
 */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

const STOP = new Set(['a', 'o', 'e', 'de', 'da', 'do', 'em', 'um', 'uma', 'the', 'and', 'of', 'to', 'is', 'el', 'la', 'y', 'en', 'que', 'para', 'por', 'com', 'con', 'with', 'for', 'in', 'os', 'as', 'no', 'na']);

/**
 * A crude stem for pt/es/en: a word is kept to its first five letters, so inflections meet (troca, trocas, trocar;
 * entrega, entregas, entregar). A search matches stems; rarely two words share one (entrega, entre): a ranking cost.
 */
const stem = (word: string) => word.slice(0, 5);
const words = (text: string) => fold(text).split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2 && !STOP.has(w)).map(stem);

/** At most 8 distinct stems of the query's words of 2+ letters or digits, stop words dropped. */
export function tokens(query: string): string[] {
  return [...new Set(words(query))].slice(0, 8);
}

/**
 * The article's terms with their weight (3 in the title + 2 in the tags + 1 in the body), kept in copilotTerms
 * when the article is written: a search sums the weights of the query's tokens per article (an indexed lookup
 * and a GROUP BY, the same statement and ranking on SQLite and MariaDB).
 */
export function termsOf(a: { title: string; body: string; tags: string[] }, limit = 400): Array<{ term: string; weight: number }> {
  const title = new Set(words(a.title));
  const tags = new Set(words(a.tags.join(' ')));
  const body = new Set(words(a.body));
  const all = [...new Set([...title, ...tags, ...body])];
  return all.slice(0, limit).map((term) => ({ term, weight: (title.has(term) ? 3 : 0) + (tags.has(term) ? 2 : 0) + (body.has(term) ? 1 : 0) }));
}
