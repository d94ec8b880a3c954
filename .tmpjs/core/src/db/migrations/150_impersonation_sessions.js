async function up(knex) {
  await knex.schema.alterTable("refreshTokenFamilies", (t) => {
    t.integer("impersonatorId").unsigned().nullable();
    t.integer("impersonatorSessionId").unsigned().nullable();
    t.string("expiresAt", 24).nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("refreshTokenFamilies", (t) => {
    t.dropColumn("impersonatorId");
    t.dropColumn("impersonatorSessionId");
    t.dropColumn("expiresAt");
  });
}
export {
  down,
  up
};
