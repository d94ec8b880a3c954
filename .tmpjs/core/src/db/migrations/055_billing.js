async function up(knex) {
  await knex.schema.alterTable("invoices", (t) => {
    t.string("cycleDueDate", 10).nullable();
    t.string("gateway", 20).nullable();
    t.string("chargeId", 100).nullable();
    t.decimal("chargeValue", 12, 2).nullable();
    t.string("chargeExpiresAt", 24).nullable();
    t.string("paidAt", 24).nullable();
    t.decimal("paidValue", 12, 2).nullable();
    t.string("paidVia", 20).nullable();
    t.unique(["companyId", "cycleDueDate"], { indexName: "invoices_company_cycle_unique" });
    t.index(["gateway", "chargeId"], "invoices_gateway_charge");
  });
}
async function down(knex) {
  await knex.schema.alterTable("invoices", (t) => {
    t.dropUnique(["companyId", "cycleDueDate"], "invoices_company_cycle_unique");
    t.dropIndex(["gateway", "chargeId"], "invoices_gateway_charge");
    for (const c of ["cycleDueDate", "gateway", "chargeId", "chargeValue", "chargeExpiresAt", "paidAt", "paidValue", "paidVia"]) t.dropColumn(c);
  });
}
export {
  down,
  up
};
