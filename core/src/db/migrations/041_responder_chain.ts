import type { Knex } from 'knex';

/**
 * The responder chain's state on the ticket (messaging/responders):
 * - `botOwner`: the responder holding the conversation (the next message goes straight to it), or
 *   '@handoff' after a bot handed the ticket to people; NULL when no bot holds it.
 * - `botCursor`: the id of the last inbound message the chain has dealt with (answered or passed),
 *   so each message is answered at most once, in order.
 * - `botLockUntil` / `botLockToken`: the turn lock (epoch ms) that keeps one responder run per ticket
 *   at a time across jobs and processes; renewed while its run goes on, it lapses soon after its holder died.
 * Existing tickets start with their cursor at their newest message: history is never answered.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tickets', (t) => {
    t.string('botOwner', 64).nullable();
    t.bigInteger('botCursor').notNullable().defaultTo(0);
    t.bigInteger('botLockUntil').nullable();
    t.string('botLockToken', 40).nullable();
  });
  await knex.raw('UPDATE tickets SET botCursor = COALESCE((SELECT MAX(m.id) FROM messages m WHERE m.ticketId = tickets.id), 0)');
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropColumn('botOwner');
    t.dropColumn('botCursor');
    t.dropColumn('botLockUntil');
    t.dropColumn('botLockToken');
  });
}
