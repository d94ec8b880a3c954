import type { Knex } from 'knex';

/**
 * The last failure of each bot a company set up (an AI prompt, an integration), so its screen can say why it
 * stopped answering (issue 32). One row per bot, overwritten: a history lives in the tickets' notes.
 * `source` is the plugin's own kind ("prompt", "integration"), `sourceId` its row; no customer data is kept.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('responderFailures', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('source', 40).notNullable();
    t.integer('sourceId').unsigned().notNullable();
    t.string('kind', 20).notNullable();
    t.string('detail', 255).notNullable();
    // The ticket it failed on; forgotten with the ticket (a contact's erasure leaves no pointer to it).
    t.integer('ticketId').unsigned().nullable().references('id').inTable('tickets').onDelete('SET NULL');
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    t.unique(['companyId', 'source', 'sourceId']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('responderFailures');
}
