import type { Knex } from 'knex';

/** A message an agent forwarded from another conversation (issue 28): shown as such, sent as such. */
export async function up(knex: Knex) {
  await knex.schema.alterTable('messages', (t) => {
    t.boolean('isForwarded').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('messages', (t) => {
    t.dropColumn('isForwarded');
  });
}
