async function up(knex) {
  await knex.schema.createTable("messageEdits", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.bigInteger("messageId").unsigned().notNullable().references("id").inTable("messages").onDelete("CASCADE");
    t.text("previousBody").nullable();
    t.boolean("fromMe").notNullable();
    t.integer("userId").unsigned().nullable().references("id").inTable("users").onDelete("SET NULL");
    t.string("createdAt", 24).notNullable();
    t.index(["messageId", "id"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("messageEdits");
}
export {
  down,
  up
};
