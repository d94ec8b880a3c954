async function up(knex) {
  await knex.schema.alterTable("refreshTokenFamilies", (t) => {
    t.string("userAgent", 300).nullable();
    t.string("ip", 64).nullable();
    t.string("lastUsedAt", 24).nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("refreshTokenFamilies", (t) => {
    t.dropColumn("userAgent");
    t.dropColumn("ip");
    t.dropColumn("lastUsedAt");
  });
}
export {
  down,
  up
};
