async function up(knex) {
  await knex.schema.alterTable("users", (t) => {
    t.text("totpSecret").nullable();
    t.string("totpEnabledAt", 24).nullable();
    t.bigInteger("totpLastStep").nullable();
    t.text("totpRecovery").nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("totpSecret");
    t.dropColumn("totpEnabledAt");
    t.dropColumn("totpLastStep");
    t.dropColumn("totpRecovery");
  });
}
export {
  down,
  up
};
