async function up(knex) {
  await knex.schema.alterTable("queues", (t) => {
    t.integer("slaFirstResponseMinutes").unsigned().nullable();
    t.integer("slaResolutionMinutes").unsigned().nullable();
  });
  await knex.schema.alterTable("tickets", (t) => {
    t.string("firstResponseDueAt", 24).nullable();
    t.string("resolutionDueAt", 24).nullable();
    t.string("firstRespondedAt", 24).nullable();
    t.boolean("firstResponseBreached").notNullable().defaultTo(false);
    t.boolean("resolutionBreached").notNullable().defaultTo(false);
    t.index(["companyId", "status", "firstResponseDueAt"], "tickets_company_first_response_due");
    t.index(["companyId", "status", "resolutionDueAt"], "tickets_company_resolution_due");
  });
}
async function down(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.dropIndex(["companyId", "status", "firstResponseDueAt"], "tickets_company_first_response_due");
    t.dropIndex(["companyId", "status", "resolutionDueAt"], "tickets_company_resolution_due");
    for (const column of ["firstResponseDueAt", "resolutionDueAt", "firstRespondedAt", "firstResponseBreached", "resolutionBreached"]) t.dropColumn(column);
  });
  await knex.schema.alterTable("queues", (t) => {
    t.dropColumn("slaFirstResponseMinutes");
    t.dropColumn("slaResolutionMinutes");
  });
}
export {
  down,
  up
};
