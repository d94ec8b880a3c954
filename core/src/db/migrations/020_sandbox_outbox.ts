import type { Knex } from 'knex';

/**
 * The sandbox phone network's outbox: every message a sandbox connection "sends" lands here,
 * with its ack rising 1 → 4 as the simulated phone receives and reads it.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('sandboxOutbox', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsappId').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('providerId', 64).notNullable().unique();
    t.string('to', 64).notNullable();
    t.text('body').nullable();
    t.string('mediaUrl', 1000).nullable();
    t.integer('ack').notNullable().defaultTo(1);
    t.string('deletedAt', 24).nullable();
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    // The outbox list: one connection's messages, newest first; the ack resume on start.
    t.index(['companyId', 'whatsappId', 'id']);
    t.index(['whatsappId', 'ack']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('sandboxOutbox');
}
