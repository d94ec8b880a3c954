async function up(knex) {
  await knex.schema.createTable("sandboxOutbox", (t) => {
    t.increments("id");
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.integer("whatsappId").unsigned().notNullable().references("id").inTable("whatsapps").onDelete("CASCADE");
    t.string("providerId", 64).notNullable().unique();
    t.string("to", 64).notNullable();
    t.text("body").nullable();
    t.string("mediaUrl", 1e3).nullable();
    t.integer("ack").notNullable().defaultTo(1);
    t.string("deletedAt", 24).nullable();
    t.string("createdAt", 24).notNullable();
    t.string("updatedAt", 24).notNullable();
    t.index(["companyId", "whatsappId", "id"]);
    t.index(["whatsappId", "ack"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("sandboxOutbox");
}
export {
  down,
  up
};
