import type { Knex } from 'knex';

/**
 * Link tables carry their company (issue 20): ticketTags, userQueues and whatsappQueues get a `companyId`,
 * filled from the row they hang off (the ticket, the user, the connection), then required, tied to the
 * company (deleted with it) and indexed with the column the reads look up by. Every insert stamps it and
 * every read filters by it, like any other tenant table.
 */
const LINKS = [
  { table: 'ticketTags', parent: 'tickets', via: 'ticketId', lookup: 'tagId' },
  { table: 'userQueues', parent: 'users', via: 'userId', lookup: 'userId' },
  { table: 'whatsappQueues', parent: 'whatsapps', via: 'whatsappId', lookup: 'whatsappId' },
] as const;

const indexName = (table: string) => `${table}_company_index`;

export async function up(knex: Knex) {
  for (const { table, parent, via, lookup } of LINKS) {
    await knex.schema.alterTable(table, (t) => { t.integer('companyId').unsigned().nullable(); });
    await knex(table).update({ companyId: knex(parent).select(`${parent}.companyId`).where(`${parent}.id`, knex.ref(`${table}.${via}`)) });
    // A link whose parent is gone (none should be: the foreign keys cascade) has no company to take.
    await knex(table).whereNull('companyId').delete();
    await knex.schema.alterTable(table, (t) => {
      t.integer('companyId').unsigned().notNullable().alter();
      t.foreign('companyId').references('id').inTable('companies').onDelete('CASCADE');
      t.index(['companyId', lookup], indexName(table));
    });
  }
}

export async function down(knex: Knex) {
  for (const { table } of LINKS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(['companyId']);
      t.dropIndex([], indexName(table));
      t.dropColumn('companyId');
    });
  }
}
