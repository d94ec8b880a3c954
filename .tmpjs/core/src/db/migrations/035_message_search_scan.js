async function up(knex) {
  if (knex.client.config.client !== "mysql2") return;
  await knex.schema.alterTable("messages", (t) => {
    t.index(["companyId", "id"], "messages_company_id_idx");
  });
}
async function down(knex) {
  if (knex.client.config.client !== "mysql2") return;
  await knex.schema.alterTable("messages", (t) => {
    t.dropIndex(["companyId", "id"], "messages_company_id_idx");
  });
}
export {
  down,
  up
};
