import type { Knex } from 'knex';

/**
 * The flow builder (and its phrase campaigns) gets its own plan flag, a column like the other built-in
 * flags. New plans default to it on, as the plan form does for every flag; existing plans get it when
 * they already sell integrations (the spec's flow builder was reached through a flowbuilder integration).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('plans', (t) => {
    t.boolean('useFlowbuilder').notNullable().defaultTo(true);
  });
  await knex('plans').update({ useFlowbuilder: knex.ref('useIntegrations') });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('plans', (t) => {
    t.dropColumn('useFlowbuilder');
  });
}
