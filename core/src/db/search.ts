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
 * A subquery of the ids of a company's tickets having a message whose body contains every word of
 * `text` (as word prefixes), answered by the text index (migration 025). Undefined when `text` has no word.
 */
export function ticketIdsWithMessageMatching(knex: Knex, companyId: number, text: string): Knex.QueryBuilder | undefined {
  const words = searchWords(text);
  if (words.length === 0) return undefined;
  if (isMysql(knex)) {
    const expression = words.map((w) => `+${w}*`).join(' ');
    return knex('messages').distinct('messages.ticketId').where('messages.companyId', companyId)
      .whereRaw('MATCH(messages.body) AGAINST (? IN BOOLEAN MODE)', [expression]);
  }
  const expression = words.map((w) => `"${w}"*`).join(' ');
  return knex('messages').distinct('messages.ticketId').where('messages.companyId', companyId)
    .whereRaw('messages.id IN (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ?)', [expression]);
}
