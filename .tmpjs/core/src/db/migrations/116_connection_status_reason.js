async function up(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.string("statusReason", 64).nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.dropColumn("statusReason");
  });
}
export {
  down,
  up
};
