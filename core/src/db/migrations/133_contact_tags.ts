import type { Knex } from 'knex';

/**
 * Tags on a contact (issue 27: the family's client syncs tags with `{contactId, tags}`), beside the ticket's
 * own (ticketTags). A link table carrying its company like the others (migration 061); gone with the contact.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('contactTags', (t) => {
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contactId').unsigned().notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.integer('tagId').unsigned().notNullable().references('id').inTable('tags').onDelete('CASCADE');
    t.string('createdAt', 24).nullable();
    t.primary(['contactId', 'tagId']);
    t.index(['companyId', 'tagId']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('contactTags');
}
