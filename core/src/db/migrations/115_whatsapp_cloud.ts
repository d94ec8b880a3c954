import type { Knex } from 'knex';

/**
 * The WhatsApp Business Cloud API settings of a `cloud` connection (one row per connection): the Graph ids,
 * the access token and app secret (sealed by the secrets facility: `enc:v1:…`), the webhook's verify token,
 * the Graph version and base URL (Meta's host by default; settable for tests and proxies).
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('whatsappCloud', (t) => {
    t.increments('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.integer('whatsappId').unsigned().notNullable().unique().references('id').inTable('whatsapps').onDelete('CASCADE');
    t.string('phoneNumberId', 64).notNullable();
    t.string('wabaId', 64).notNullable();
    t.text('accessToken').notNullable();
    t.text('appSecret').notNullable();
    t.string('verifyToken', 200).notNullable();
    t.string('graphVersion', 16).notNullable();
    t.string('baseUrl', 2000).notNullable();
    t.string('createdAt', 24).notNullable();
    t.string('updatedAt', 24).notNullable();
    t.index(['companyId', 'whatsappId']);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('whatsappCloud');
}
