import type { Knex } from 'knex';

/**
 * What happened to personal data, without the data: an erasure of a contact (who asked, when, how many
 * rows and files went), an export, a retention run. The erased contact's id is kept so an export and a
 * later erasure of the same person can be matched; its name and number are never written here.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('privacyEvents', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('kind', 20).notNullable(); // erasure | export | retention
    t.integer('contactId').unsigned().nullable();
    t.integer('userId').unsigned().nullable();
    // { messages: 12, tickets: 2, files: 3, 'campaigns.contactListItems': 1, … }
    t.text('counts').notNullable();
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    t.index(['companyId', 'createdAt']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('privacyEvents');
}
