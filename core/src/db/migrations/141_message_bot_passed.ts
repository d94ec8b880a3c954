import type { Knex } from 'knex';

/**
 * Issue 35: ingestion decides in memory that no responder could act on a message and says so on the message
 * itself (set in the INSERT that stores it), instead of a second UPDATE moving the ticket's responder cursor past
 * it. A turn that meets such a message asks again (messaging/responders/chain.ts); the cursor jumps over the rest.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('messages', (t) => {
    t.boolean('botPassed').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('botPassed');
  });
}
