import type { Knex } from 'knex';
import { isMysql } from './connection.js';

/**
 * The words of a search, ready for the text index: letters and digits only (the index's own
 * operators never reach it), at most 8 words, each matched as a word prefix.
 */
export function searchWords(text: string): string[] {
  return text.normalize('NFKC').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 0).slice(0, 8);
}

/**
 * How many of the newest matching messages a search looks at. A word found in a fifth of a million
 * messages would otherwise make every search read them all; staff look for recent conversations.
 */
export const SEARCH_DEPTH = 5000;

/**
 * A subquery of the ids of a company's tickets having one of the newest SEARCH_DEPTH messages whose
 * body contains every word of `text` (as word prefixes), answered by the text index (migration 025).
 * Undefined when `text` has no word.
 */
export function ticketIdsWithMessageMatching(knex: Knex, companyId: number, text: string): Knex.QueryBuilder | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  if (isMysql(knex)) {
    const expression = words.map((w) => `+${w}*`).join(' ');
    // MariaDB refuses LIMIT inside IN (…): the bounded list goes through a derived table.
    const newest = knex('messages').select('messages.ticketId').where('messages.companyId', companyId)
      .whereRaw('MATCH(messages.body) AGAINST (? IN BOOLEAN MODE)', [expression])
      .orderBy('messages.id', 'desc').limit(SEARCH_DEPTH);
    return knex.from(newest.as('recentMatches')).select('recentMatches.ticketId');
  }
  const expression = words.map((w) => `"${w}"*`).join(' ');
  // Driven from the text index: the matches are looked up in messages by primary key. (Filtering
  // messages first and probing the matches per row scans every message of the company.)
  // FTS5 walks its matches newest rowid first and stops at the limit.
  return knex.from('messages_fts').join('messages', 'messages.id', 'messages_fts.rowid')
    .whereRaw('messages_fts MATCH ?', [expression]).where('messages.companyId', companyId)
    .orderBy('messages_fts.rowid', 'desc').limit(SEARCH_DEPTH)
    .select('messages.ticketId');
}
