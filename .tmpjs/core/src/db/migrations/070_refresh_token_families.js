async function up(knex) {
  await knex.schema.createTable("refreshTokenFamilies", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.integer("userId").unsigned().notNullable().references("id").inTable("users").onDelete("CASCADE");
    t.integer("generation").notNullable().defaultTo(0);
    t.string("rotatedAt", 24).nullable();
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.index(["companyId", "userId"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("refreshTokenFamilies");
}
export {
  down,
  up
};
