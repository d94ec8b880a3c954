async function up(knex) {
  await knex.schema.alterTable("messages", (t) => {
    t.boolean("isForwarded").notNullable().defaultTo(false);
  });
}
async function down(knex) {
  await knex.schema.alterTable("messages", (t) => {
    t.dropColumn("isForwarded");
  });
}
export {
  down,
  up
};
