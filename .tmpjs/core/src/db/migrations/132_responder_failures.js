async function up(knex) {
  await knex.schema.createTable("responderFailures", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.string("source", 40).notNullable();
    t.integer("sourceId").unsigned().notNullable();
    t.string("kind", 20).notNullable();
    t.string("detail", 255).notNullable();
    t.integer("ticketId").unsigned().nullable().references("id").inTable("tickets").onDelete("SET NULL");
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.unique(["companyId", "source", "sourceId"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("responderFailures");
}
export {
  down,
  up
};
