async function up(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.index(["companyId", "updatedAt"], "tickets_company_updated_idx");
  });
}
async function down(knex) {
  await knex.schema.alterTable("tickets", (t) => {
    t.dropIndex(["companyId", "updatedAt"], "tickets_company_updated_idx");
  });
}
export {
  down,
  up
};
