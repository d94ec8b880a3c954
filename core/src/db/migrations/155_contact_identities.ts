import type { Knex } from 'knex';

/**
 * A contact's addresses on channels whose address is not a phone number (issue 44): a messaging app's chat id, a
 * page-scoped id. One row per (company, channel kind, address): the inbound lookup of an 'opaque'-addressed
 * channel; the contact's identities, listed in its drawer, moved by a merge. Gone with the contact.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('contactIdentities', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('contactId').unsigned().notNullable().references('id').inTable('contacts').onDelete('CASCADE');
    t.string('kind', 32).notNullable();
    t.string('address', 128).notNullable();
    t.string('createdAt', 24).nullable();
    t.string('updatedAt', 24).nullable();
    // The inbound lookup (company, kind, address) and one person one identity per channel and company.
    t.unique(['companyId', 'kind', 'address']);
    // The drawer's list, the outbound address (contact, kind), a merge's move.
    t.index(['contactId', 'kind']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('contactIdentities');
}
