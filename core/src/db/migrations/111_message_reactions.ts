import type { Knex } from 'knex';

/**
 * Agents' reactions to messages (issue 28): one per agent per message, enforced by the key. The contact's own
 * reaction stays in messages.reaction (one per contact, as WhatsApp has it).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('messageReactions', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.bigInteger('messageId').unsigned().notNullable().references('id').inTable('messages').onDelete('CASCADE');
    t.integer('userId').unsigned().notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.string('emoji', 32).notNullable();
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    t.unique(['messageId', 'userId']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('messageReactions');
}
