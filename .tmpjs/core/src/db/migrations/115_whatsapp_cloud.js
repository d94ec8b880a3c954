async function up(knex) {
  await knex.schema.createTable("whatsappCloud", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.integer("whatsappId").unsigned().notNullable().unique().references("id").inTable("whatsapps").onDelete("CASCADE");
    t.string("phoneNumberId", 64).notNullable();
    t.string("wabaId", 64).notNullable();
    t.text("accessToken").notNullable();
    t.text("appSecret").notNullable();
    t.string("verifyToken", 200).notNullable();
    t.string("graphVersion", 16).notNullable();
    t.string("baseUrl", 2e3).notNullable();
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.index(["companyId", "whatsappId"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("whatsappCloud");
}
export {
  down,
  up
};
