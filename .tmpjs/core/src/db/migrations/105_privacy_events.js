async function up(knex) {
  await knex.schema.createTable("privacyEvents", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.string("kind", 20).notNullable();
    t.integer("contactId").unsigned().nullable();
    t.integer("userId").unsigned().nullable();
    t.text("counts").notNullable();
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.index(["companyId", "createdAt"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("privacyEvents");
}
export {
  down,
  up
};
