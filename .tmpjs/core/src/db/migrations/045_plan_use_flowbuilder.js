async function up(knex) {
  await knex.schema.alterTable("plans", (t) => {
    t.boolean("useFlowbuilder").notNullable().defaultTo(true);
  });
  await knex("plans").update({ useFlowbuilder: knex.ref("useIntegrations") });
}
async function down(knex) {
  await knex.schema.alterTable("plans", (t) => {
    t.dropColumn("useFlowbuilder");
  });
}
export {
  down,
  up
};
