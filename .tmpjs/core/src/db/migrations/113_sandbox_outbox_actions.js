async function up(knex) {
  await knex.schema.alterTable("sandboxOutbox", (t) => {
    t.string("kind", 16).notNullable().defaultTo("message");
    t.string("targetProviderId", 191).nullable();
    t.string("quotedProviderId", 191).nullable();
    t.boolean("forwarded").notNullable().defaultTo(false);
    t.string("editedAt", 24).nullable();
  });
}
async function down(knex) {
  await knex.schema.alterTable("sandboxOutbox", (t) => {
    t.dropColumn("editedAt");
    t.dropColumn("forwarded");
    t.dropColumn("quotedProviderId");
    t.dropColumn("targetProviderId");
    t.dropColumn("kind");
  });
}
export {
  down,
  up
};
