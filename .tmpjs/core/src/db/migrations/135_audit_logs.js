async function up(knex) {
  await knex.schema.createTable("auditLogs", (t) => {
    t.bigIncrements("id");
    t.string("createdAt", 24).notNullable();
    t.integer("companyId").unsigned().notNullable();
    t.integer("userId").unsigned().nullable();
    t.integer("impersonatorId").unsigned().nullable();
    t.string("action", 40).notNullable();
    t.string("entity", 60).notNullable();
    t.string("entityId", 64).nullable();
    t.text("changes").nullable();
    t.string("route", 200).nullable();
    t.string("ip", 64).nullable();
    t.index(["companyId", "id"], "auditLogs_company_id");
    t.index(["companyId", "userId", "id"], "auditLogs_company_user");
    t.index(["companyId", "entity", "id"], "auditLogs_company_entity");
    t.index(["companyId", "action", "id"], "auditLogs_company_action");
    t.index(["createdAt"], "auditLogs_createdAt");
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("auditLogs");
}
export {
  down,
  up
};
