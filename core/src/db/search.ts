import type { Knex } from 'knex';
import { isMysql, readIds, type ArrayRows } from './connection.js';
import { LIKE_ESCAPE, likeAnywhere } from './like.js';

/**
 * The words of a search, ready for the text index: letters and digits only (the index's own
 * operators never reach it), at most 8 words, each matched as a word prefix.
 */
export function searchWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0).slice(0, 8);
}

/**
 * How many of the newest matching messages the message index is asked for at once. Fewer than this
 * means the words are rare and these are all their matches (`MessageMatches.complete`); a commoner word
 * is searched ticket by ticket instead (domains/tickets/search.ts), never cut at this depth.
 */
export const SEARCH_DEPTH = 5000;

/**
 * How deep a search goes and how the MariaDB one walks a company's newest messages before it turns
 * to the FULLTEXT index (see mysqlTicketIds). Tests shrink them to reach the fallback with a few messages.
 */
export interface ScanLimits {
  /** Matching messages wanted (SEARCH_DEPTH). */
  depth: number;
  /** Messages read by the first walk; what it finds tells how common the words are. */
  firstWindow: number;
  /** At most this many messages are walked; a rarer search is answered by the FULLTEXT index. */
  budget: number;
}

/** On the bench (docs/performance.md) 10 000 messages take ~10 ms to walk, 100 000 ~80 ms (warm). */
export const SCAN_LIMITS: ScanLimits = { depth: SEARCH_DEPTH, firstWindow: 10_000, budget: 100_000 };

/**
 * The tickets of the company's newest matching messages (at most the depth; duplicates kept, newest match
 * first) and whether they are all of them: `complete` is false when the depth was reached, or when MariaDB
 * could not look further (a search of FULLTEXT stopwords only, past the walk's budget).
 */
export interface MessageMatches { ticketIds: number[]; complete: boolean }

/**
 * The messages whose body contains every word of `text` (as word prefixes), newest first, to the depth:
 * on SQLite the text index's walk, on MariaDB a walk of the newest messages and then FULLTEXT (mysqlTicketIds).
 * No word, or no indexed word starting so: nothing matches, and that is all of it.
 */
export async function messageMatches(knex: Knex, companyId: number, text: string, limits: ScanLimits = SCAN_LIMITS): Promise<MessageMatches> {
  const words = searchWords(text);
  if (words.length === 0) return { ticketIds: [], complete: true };
  if (isMysql(knex)) return mysqlTicketIds(knex, companyId, words, limits);
  const ticketIds = await sqliteMatchWalk(knex, companyId, words, limits.depth);
  return { ticketIds, complete: ticketIds.length < limits.depth };
}

/**
 * Which of `ticketIds` (the company's) hold a message whose body has every word of `text` as a word
 * prefix, the test the walks make. For a page's few candidates reading their messages is cheap; on
 * SQLite the bodies are tested here (probing the FTS5 index row by row cost 25 times as much on the bench:
 * 10.8 vs 0.4 ms for 42 tickets), on MariaDB by REGEXP beside the rows.
 */
export async function ticketsWithMatchingMessage(knex: Knex, companyId: number, ticketIds: number[], text: string): Promise<Set<number>> {
  const words = searchWords(text);
  if (words.length === 0 || ticketIds.length === 0) return new Set();
  const q = knex('messages').where('messages.companyId', companyId);
  if (isMysql(knex)) {
    q.whereIn('messages.ticketId', ticketIds);
    for (const pattern of words.map(wordPrefixPattern)) q.whereRaw('?? REGEXP ?', ['messages.body', pattern]);
    return new Set(await readIds(q.distinct('messages.ticketId')));
  }
  q.where(idIn(knex, 'messages.ticketId', ticketIds)).whereNotNull('messages.body');
  const { rows } = await q.select('messages.ticketId', 'messages.body').options({ arrayRows: true }) as unknown as ArrayRows;
  const patterns = words.map(wordPrefixRegExp);
  const found = new Set<number>();
  for (const [ticketId, body] of rows) if (patterns.every((p) => p.test(String(body)))) found.add(Number(ticketId));
  return found;
}

/**
 * A where clause keeping the rows whose `column` is one of `ids` (thousands of them). On SQLite they go as
 * one JSON parameter, not as thousands of bound ones (a statement of its own, prepared anew, for every
 * different number of them).
 */
export function idIn(knex: Knex, column: string, ids: number[]) {
  return (q: Knex.QueryBuilder) => {
    if (isMysql(knex)) q.whereIn(column, ids.length ? ids : [0]);
    else q.whereRaw('?? IN (SELECT value FROM json_each(?))', [column, JSON.stringify(ids)]);
  };
}

/**
 * FTS5 walks its matches newest rowid first and stops at the limit (migration 025). Driven from
 * the text index: the matches are looked up in messages by primary key. (Filtering messages first
 * and probing the matches per row scans every message of the company.)
 */
async function sqliteMatchWalk(knex: Knex, companyId: number, words: string[], depth: number): Promise<number[]> {
  const parts: string[] = [];
  for (const word of words) {
    const part = await sqliteWordExpression(knex, word);
    if (part === null) return []; // no indexed word starts so: nothing matches every word
    parts.push(part);
  }
  const expression = parts.join(' AND ');
  return readIds(knex.from('messages_fts').join('messages', 'messages.id', 'messages_fts.rowid')
    .whereRaw('messages_fts MATCH ?', [expression]).where('messages.companyId', companyId)
    .orderBy('messages_fts.rowid', 'desc').limit(depth)
    .select('messages.ticketId'));
}

/** At most this many indexed words are looked up for a prefix; a shorter, commoner prefix stays a prefix query. */
const PREFIX_TERMS = 16;

/**
 * A word of a search as an FTS5 expression. FTS5 answers a prefix query (`"garantia"*`) by merging the
 * whole lists of every indexed word with that prefix before the order and the limit apply (300 000
 * entries for the bench word, 30–100 ms), but walks a plain word's list lazily, newest first, and stops
 * at the limit. So the indexed words starting with the word are looked up in the index's vocabulary
 * (each a single seek) and asked for as `("garantia" OR "garantias")`: the same matches, read lazily.
 * Only for words the tokenizer folds as we do (Latin letters and digits: lower case, accents removed);
 * others, and prefixes of more than PREFIX_TERMS words, stay prefix queries. `null`: no word has it.
 */
async function sqliteWordExpression(knex: Knex, word: string): Promise<string | null> {
  const folded = fold(word);
  if (!/^[a-z0-9]+$/.test(folded) || !/^[a-z0-9\u00c0-\u024f]+$/.test(word)) return `"${word}"*`;
  await knex.raw("CREATE VIRTUAL TABLE IF NOT EXISTS temp.messages_fts_terms USING fts5vocab(main, 'messages_fts', 'instance')");
  const terms: string[] = [];
  let from = folded;
  for (;;) {
    // `term >= ?` is a seek in the vocabulary; `term > ?` would read every instance of the word before.
    const row = await knex.raw('SELECT term FROM temp.messages_fts_terms WHERE term >= ? LIMIT 1', [from]) as Array<{ term: string }>;
    const term = row[0]?.term;
    if (term === undefined || !term.startsWith(folded)) break;
    if (terms.length === PREFIX_TERMS || !/^[\p{L}\p{N}]+$/u.test(term)) return `"${folded}"*`;
    terms.push(term);
    from = `${term}\u0001`;
  }
  return terms.length ? `(${terms.map((t) => `"${t}"`).join(' OR ')})` : null;
}

/**
 * InnoDB FULLTEXT hands back every matching message of every company before the company, the order
 * and the limit apply: 2–4 s for a word in 300 000 messages. A common word is found far sooner by
 * walking the company's newest messages (index of migration 035) and testing each body, which stops
 * at the depth. So: walk a first window; if the words are common enough to fill the depth within the
 * budget, walk on; otherwise (or when the budget is spent) the older matches come from FULLTEXT,
 * which is cheap exactly when the words are rare.
 */
async function mysqlTicketIds(knex: Knex, companyId: number, words: string[], limits: ScanLimits): Promise<MessageMatches> {
  const found: number[] = [];
  const answer = (complete: boolean) => ({ ticketIds: found, complete: complete && found.length < limits.depth });
  let below: number | undefined; // the walk has covered the company's messages with id >= below
  let scanned = 0;
  let size = limits.firstWindow;
  for (;;) {
    const window = await windowBelow(knex, companyId, below, size);
    if (!window) return answer(true);
    found.push(...await scanWindow(knex, companyId, words, window, limits.depth - found.length));
    if (found.length >= limits.depth || window.messages < size) return answer(true); // deep enough, or the oldest reached
    below = window.oldest;
    scanned += size;
    size = nextWindow(limits, scanned, found.length);
    if (size === 0) break;
  }
  const older = await indexedMatches(knex, companyId, words, below, limits.depth - found.length);
  if (older === undefined) return answer(false); // stopwords only: FULLTEXT cannot say what is older
  found.push(...older);
  return answer(true);
}

/**
 * How many more messages to walk: as many as the share of matches so far says the depth needs (and a
 * quarter more), or 0 when that would exceed the budget — rare words go to the FULLTEXT index.
 */
function nextWindow(limits: ScanLimits, scanned: number, matches: number): number {
  if (matches === 0) return 0;
  const expected = ((limits.depth - matches) * scanned) / matches;
  if (scanned + expected > limits.budget) return 0;
  return Math.min(Math.max(Math.ceil(expected * 1.25), limits.firstWindow), limits.budget - scanned);
}

/** A run of a company's consecutive messages (by id): the ids it spans and how many are the company's. */
interface Window { newest: number; oldest: number; messages: number }

/** The company's `size` newest messages below `below`, read from the index alone; undefined when none remain. */
async function windowBelow(knex: Knex, companyId: number, below: number | undefined, size: number): Promise<Window | undefined> {
  const ids = knex('messages').where('companyId', companyId).orderBy('id', 'desc').limit(size).select('id');
  if (below !== undefined) ids.where('id', '<', below);
  const row = await knex.from(ids.as('w')).first(knex.raw('MAX(id) AS newest, MIN(id) AS oldest, COUNT(*) AS messages'));
  return row?.newest == null ? undefined : { newest: Number(row.newest), oldest: Number(row.oldest), messages: Number(row.messages) };
}

/**
 * The tickets of the window's messages matching every word, newest first, at most `limit`. Messages
 * read in id order cost about 40 % of those found through the company index (12 vs 30 ms for 17 000
 * on the bench), so the primary key is walked when the company holds at least a third of the ids the
 * window spans (other tenants' rows in between are read and skipped). The index is forced either way:
 * MariaDB otherwise picks the company index by companyId alone, ignores the id range and walks every
 * message of the company when the words are rare.
 */
async function scanWindow(knex: Knex, companyId: number, words: string[], window: Window, limit: number): Promise<number[]> {
  const dense = window.newest - window.oldest + 1 <= 3 * window.messages;
  const q = knex.from(knex.raw('?? FORCE INDEX (??)', ['messages', dense ? 'PRIMARY' : 'messages_company_id_idx']))
    .where('companyId', companyId).whereBetween('id', [window.oldest, window.newest]);
  return newestMatching(q, words, limit);
}

/**
 * InnoDB's default FULLTEXT stopwords (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD) and minimum
 * word length (innodb_ft_min_token_size): such words are not in the index themselves, so `+de*` or
 * `+1*` find only longer words ("dezembro", "123") and none of the messages saying "de" or "1".
 */
const FULLTEXT_STOPWORDS = new Set(('a about an are as at be by com de en for from how i in is it la of on or that the this to '
  + 'was what when where who will with und www').split(' '));
const FULLTEXT_MIN_WORD = 3;

/**
 * The FULLTEXT expression proposing candidates: the words the index holds (the patterns check the
 * others); failing those, the short words as prefixes of longer ones. Only stopwords: none.
 */
function fulltextExpression(words: string[]): string | undefined {
  const searchable = words.filter((w) => !FULLTEXT_STOPWORDS.has(w));
  const indexed = searchable.filter((w) => w.length >= FULLTEXT_MIN_WORD);
  const chosen = indexed.length ? indexed : searchable;
  return chosen.length ? chosen.map((w) => `+${w}*`).join(' ') : undefined;
}

/**
 * The company's newest matching messages below `below` through the FULLTEXT index. The index only
 * proposes candidates; the same word-prefix patterns as the walk decide, so both parts of a search
 * agree. Only stopwords: undefined, the index cannot tell (the caller searches ticket by ticket).
 */
async function indexedMatches(knex: Knex, companyId: number, words: string[], below: number | undefined, limit: number): Promise<number[] | undefined> {
  const expression = fulltextExpression(words);
  if (expression === undefined) return undefined;
  const q = knex('messages').where('companyId', companyId)
    .whereRaw('MATCH(body) AGAINST (? IN BOOLEAN MODE)', [expression]);
  if (below !== undefined) q.where('id', '<', below);
  return newestMatching(q, words, limit);
}

/** The tickets of the newest `limit` messages of `q` whose body matches every word's pattern. */
async function newestMatching(q: Knex.QueryBuilder, words: string[], limit: number): Promise<number[]> {
  for (const pattern of words.map(wordPrefixPattern)) q.whereRaw('?? REGEXP ?', ['body', pattern]);
  const rows: Array<{ ticketId: number }> = await q.orderBy('id', 'desc').limit(limit).select('ticketId');
  return rows.map((r) => Number(r.ticketId));
}

/** `wordPrefixPattern` as a JavaScript expression (the same letters; PCRE's inline `(?i)` as a flag). */
export function wordPrefixRegExp(word: string): RegExp {
  return new RegExp(wordPrefixPattern(word).replace(/^\(\?i\)/, ''), 'iu');
}

/** A base letter → the letters that fold to it (é, ê, è … → e), from the Latin blocks. */
const ACCENTED = (() => {
  const variants = new Map<string, string>();
  const ranges: Array<[number, number]> = [[0xc0, 0x24f], [0x1e00, 0x1eff]];
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code++) {
      const letter = String.fromCodePoint(code).toLowerCase();
      const base = fold(letter);
      if (base.length === 1 && base !== letter && !variants.get(base)?.includes(letter)) variants.set(base, (variants.get(base) ?? '') + letter);
    }
  }
  return variants;
})();

function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '');
}

/**
 * A MariaDB (PCRE) pattern matching `word` at the start of a word, any case and any accent, as the
 * FULLTEXT index and the FTS5 tokenizer match it. Words hold letters and digits only (searchWords),
 * so nothing in them is a pattern operator, nor a LIKE wildcard.
 */
export function wordPrefixPattern(word: string): string {
  const letters = [...fold(word)].map((c) => (ACCENTED.has(c) ? `[${c}${ACCENTED.get(c)}]` : c));
  return `(?i)(?<![\\p{L}\\p{N}])${letters.join('')}`;
}

/** A trigram holds three characters: a shorter term cannot be looked up in the trigram index. */
const TRIGRAM_LENGTH = 3;

/** `term` as an FTS5 phrase: its own characters, FTS5's operators included, are matched as text. */
const phrase = (term: string) => `"${term.replace(/"/g, '""')}"`;

/**
 * A where clause keeping the contacts (table `table`) whose name contains `term`, case and accents
 * folded: on SQLite through the trigram index of migration 062 (a search no longer reads every contact
 * of the company), on MariaDB by LIKE, which its unicode_ci collation folds alike. A term shorter than
 * a trigram is matched by LIKE on SQLite too (case folded, accents not).
 */
export function contactNameContains(knex: Knex, term: string, table = 'contacts') {
  return (q: Knex.QueryBuilder) => {
    if (isMysql(knex)) q.whereRaw('?? LIKE ? ESCAPE ?', [`${table}.name`, likeAnywhere(term), LIKE_ESCAPE]);
    else if ([...term].length < TRIGRAM_LENGTH) q.whereRaw('LOWER(??) LIKE ? ESCAPE ?', [`${table}.name`, likeAnywhere(term.toLowerCase()), LIKE_ESCAPE]);
    else q.whereRaw('?? IN (SELECT rowid FROM contacts_name_search WHERE contacts_name_search MATCH ?)', [`${table}.id`, phrase(term)]);
  };
}

/**
 * A where clause keeping the contacts (table `table`) whose number contains `part` (the caller strips the
 * punctuation): on SQLite through the trigram index of migration 063, on MariaDB (and for fewer than three
 * characters) by LIKE.
 */
export function contactNumberContains(knex: Knex, part: string, table = 'contacts') {
  return (q: Knex.QueryBuilder) => {
    if (isMysql(knex) || [...part].length < TRIGRAM_LENGTH) q.whereRaw('?? LIKE ? ESCAPE ?', [`${table}.number`, likeAnywhere(part), LIKE_ESCAPE]);
    else q.whereRaw('?? IN (SELECT rowid FROM contacts_number_search WHERE contacts_number_search MATCH ?)', [`${table}.id`, phrase(part)]);
  };
}
