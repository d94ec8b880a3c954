import type { Knex } from 'knex';

/**
 * The sandbox phone shows message actions (issue 28): a row is a message or a reaction (`kind`), a reply names
 * the message it quotes, a forward says so, an edited message keeps its new body with the time of the edit.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('sandboxOutbox', (t) => {
    t.string('kind', 16).notNullable().defaultTo('message');
    t.string('targetProviderId', 191).nullable();
    t.string('quotedProviderId', 191).nullable();
    t.boolean('forwarded').notNullable().defaultTo(false);
    t.string('editedAt', 24).nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('sandboxOutbox', (t) => {
    t.dropColumn('editedAt');
    t.dropColumn('forwarded');
    t.dropColumn('quotedProviderId');
    t.dropColumn('targetProviderId');
    t.dropColumn('kind');
  });
}
