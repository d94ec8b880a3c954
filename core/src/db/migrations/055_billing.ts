import type { Knex } from 'knex';

/**
 * Billing: a generated invoice carries its cycle (the company due date it bills), unique per company, so
 * two generators (two processes, a retried job) can never make a second invoice for the same period.
 * Manual invoices leave it NULL (NULLs never collide). The charge made at checkout is kept on the invoice
 * (gateway, its id, copy-paste code in `payload`, validity) so a second checkout reuses it, and the
 * payment itself (when, how much, by what) is written by the one guarded open → paid transition.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('invoices', (t) => {
    t.string('cycleDueDate', 10).nullable();
    t.string('gateway', 20).nullable();
    t.string('chargeId', 100).nullable();
    t.decimal('chargeValue', 12, 2).nullable();
    t.string('chargeExpiresAt', 24).nullable();
    t.string('paidAt', 24).nullable();
    t.decimal('paidValue', 12, 2).nullable();
    t.string('paidVia', 20).nullable();
    t.unique(['companyId', 'cycleDueDate'], { indexName: 'invoices_company_cycle_unique' });
    t.index(['gateway', 'chargeId'], 'invoices_gateway_charge');
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('invoices', (t) => {
    t.dropUnique(['companyId', 'cycleDueDate'], 'invoices_company_cycle_unique');
    t.dropIndex(['gateway', 'chargeId'], 'invoices_gateway_charge');
    for (const c of ['cycleDueDate', 'gateway', 'chargeId', 'chargeValue', 'chargeExpiresAt', 'paidAt', 'paidValue', 'paidVia']) t.dropColumn(c);
  });
}
