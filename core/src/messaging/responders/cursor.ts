import type { Knex } from 'knex';

/**
 * The UPDATE expression that moves tickets' responder cursors past messages no responder acts on ("passed" by
 * the chain, for messages stored one by one): per ticket, to its newest passed message, unless a message from the
 * contact between the cursor and that one (a call log aside) is neither among the passed ones nor marked passed by
 * ingestion (botPassed): that message still waits for its turn, which then looks at the passed ones too, in order.
 * Other tickets keep their cursor.
 */
export function cursorPastPassed(knex: Knex | Knex.Transaction, passedByTicket: ReadonlyMap<number, readonly number[]>): Knex.Raw {
  const whens: string[] = [];
  const bindings: Knex.Value[] = [];
  for (const [ticketId, passed] of passedByTicket) {
    if (!passed.length) continue;
    const newest = Math.max(...passed);
    whens.push(`WHEN ?? = ? AND ?? < ? AND NOT EXISTS (SELECT 1 FROM ?? WHERE ?? = ? AND ?? = 0 AND ?? = 0 AND ?? > ?? AND ?? < ?`
      + ` AND ?? NOT IN (${passed.map(() => '?').join(', ')}) AND (?? IS NULL OR ?? <> 'call_log')) THEN ?`);
    bindings.push('tickets.id', ticketId, 'tickets.botCursor', newest, 'messages', 'messages.ticketId', ticketId, 'messages.fromMe',
      'messages.botPassed', 'messages.id', 'tickets.botCursor', 'messages.id', newest, 'messages.id', ...passed,
      'messages.mediaType', 'messages.mediaType', newest);
  }
  if (!whens.length) return knex.raw('??', ['tickets.botCursor']);
  return knex.raw(`CASE ${whens.join(' ')} ELSE ?? END`, [...bindings, 'tickets.botCursor']);
}
