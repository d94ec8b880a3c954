import type { Knex } from 'knex';

/**
 * The audit log (issue 34): one append-only row per staff change, written in the change's own transaction.
 * `companyId` is the company whose data changed (no foreign key: a deleted company's last entries stay until
 * the retention job removes them); `userId` the actor, `impersonatorId` the super user behind an impersonation.
 * `changes` is JSON `{field: {before, after}}` with secrets masked. Indexed for the screen's filters, each
 * ending in `id` for the cursor (newest first), and `createdAt` for the retention sweep.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('auditLogs', (t) => {
    t.bigIncrements('id');
    t.string('createdAt', 24).notNullable();
    t.integer('companyId').unsigned().notNullable();
    t.integer('userId').unsigned().nullable();
    t.integer('impersonatorId').unsigned().nullable();
    t.string('action', 40).notNullable();
    t.string('entity', 60).notNullable();
    t.string('entityId', 64).nullable();
    t.text('changes').nullable();
    t.string('route', 200).nullable();
    t.string('ip', 64).nullable();
    t.index(['companyId', 'id'], 'auditLogs_company_id');
    t.index(['companyId', 'userId', 'id'], 'auditLogs_company_user');
    t.index(['companyId', 'entity', 'id'], 'auditLogs_company_entity');
    t.index(['companyId', 'action', 'id'], 'auditLogs_company_action');
    t.index(['createdAt'], 'auditLogs_createdAt');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('auditLogs');
}
