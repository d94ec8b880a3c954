async function up(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.string("statusReasonParams", 500).nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.dropColumn("statusReasonParams");
  });
}
export {
  down,
  up
};
