async function up(knex) {
  await knex.schema.createTable("messageReactions", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.bigInteger("messageId").unsigned().notNullable().references("id").inTable("messages").onDelete("CASCADE");
    t.integer("userId").unsigned().notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.string("emoji", 32).notNullable();
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.unique(["messageId", "userId"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("messageReactions");
}
export {
  down,
  up
};
