import type { Knex } from 'knex';

/**
 * MariaDB searches a company's newest messages by walking them newest first (db/search.ts): this
 * index lets that walk start at the company's newest message and stop after a bounded number of
 * rows, whatever the other tenants hold. SQLite searches through FTS5 and needs no such index.
 */
export async function up(knex: Knex) {
  if ((knex.client.config.client as string) !== 'mysql2') return;
  await knex.schema.alterTable('messages', (t) => { t.index(['companyId', 'id'], 'messages_company_id_idx'); });
}

export async function down(knex: Knex) {
  if ((knex.client.config.client as string) !== 'mysql2') return;
  await knex.schema.alterTable('messages', (t) => { t.dropIndex(['companyId', 'id'], 'messages_company_id_idx'); });
}
