import type { Knex } from 'knex';

/**
 * SLA targets (issue 30): a queue's first-response and resolution targets in minutes (null: the company's default,
 * the settings slaFirstResponseMinutes / slaResolutionMinutes). A ticket carries its due times from when it first
 * enters a queue with a target, when an agent first answered, and whether each target was breached (set by the
 * durable job that runs at the due time). The indexes serve the dashboard's "at risk / breached" reads (live tickets by due time).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('queues', (t) => {
    t.integer('slaFirstResponseMinutes').unsigned().nullable();
    t.integer('slaResolutionMinutes').unsigned().nullable();
  });
  await knex.schema.alterTable('tickets', (t) => {
    t.string('firstResponseDueAt', 24).nullable();
    t.string('resolutionDueAt', 24).nullable();
    t.string('firstRespondedAt', 24).nullable();
    t.boolean('firstResponseBreached').notNullable().defaultTo(false);
    t.boolean('resolutionBreached').notNullable().defaultTo(false);
    t.index(['companyId', 'status', 'firstResponseDueAt'], 'tickets_company_first_response_due');
    t.index(['companyId', 'status', 'resolutionDueAt'], 'tickets_company_resolution_due');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('tickets', (t) => {
    t.dropIndex(['companyId', 'status', 'firstResponseDueAt'], 'tickets_company_first_response_due');
    t.dropIndex(['companyId', 'status', 'resolutionDueAt'], 'tickets_company_resolution_due');
    for (const column of ['firstResponseDueAt', 'resolutionDueAt', 'firstRespondedAt', 'firstResponseBreached', 'resolutionBreached']) t.dropColumn(column);
  });
  await knex.schema.alterTable('queues', (t) => {
    t.dropColumn('slaFirstResponseMinutes');
    t.dropColumn('slaResolutionMinutes');
  });
}
