import type { Knex } from 'knex';

/**
 * The ticket list in its order (updatedAt, id descending) without a status, queue or user to narrow it: the search
 * walks it so (issue 35: domains/tickets/search.ts), as does GET /tickets?showAll=true. Without this index each
 * step sorted every ticket of the company (211 ms for 100 000 on the bench's SQLite); with it a step reads its rows.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('tickets', (t) => { t.index(['companyId', 'updatedAt'], 'tickets_company_updated_idx'); });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('tickets', (t) => { t.dropIndex(['companyId', 'updatedAt'], 'tickets_company_updated_idx'); });
}
