import type { Knex } from 'knex';

/**
 * The values a connection's status reason names (issue 41: "{{origin}} could not be reached." showed with its
 * placeholder unfilled): JSON of the error's details, so the console fills the catalogue text's placeholders.
 * Null with no reason, or a reason without details.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('statusReasonParams', 500).nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropColumn('statusReasonParams');
  });
}
