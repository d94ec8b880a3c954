async function up(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.boolean("userStopped").notNullable().defaultTo(false);
  });
}
async function down(knex) {
  await knex.schema.alterTable("whatsapps", (t) => {
    t.dropColumn("userStopped");
  });
}
export {
  down,
  up
};
