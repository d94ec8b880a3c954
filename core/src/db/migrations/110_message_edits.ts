import type { Knex } from 'knex';

/**
 * A message's earlier bodies (issue 28): one row per edit, holding the body the edit replaced, when and by whom
 * (an agent's user id; none for the contact or the phone itself). Gone with the message (a contact's erasure
 * deletes its messages, and with them what they used to say).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('messageEdits', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.bigInteger('messageId').unsigned().notNullable().references('id').inTable('messages').onDelete('CASCADE');
    t.text('previousBody').nullable();
    t.boolean('fromMe').notNullable();
    t.integer('userId').unsigned().nullable().references('id').inTable('users').onDelete('SET NULL');
    t.string('createdAt', 24).notNullable();
    // The history of one message, oldest first.
    t.index(['messageId', 'id']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('messageEdits');
}
