async function up(knex) {
  await knex.schema.alterTable("messages", (t) => {
    t.boolean("botPassed").notNullable().defaultTo(false);
  });
}
async function down(knex) {
  await knex.schema.alterTable("messages", (t) => {
    t.dropColumn("botPassed");
  });
}
export {
  down,
  up
};
