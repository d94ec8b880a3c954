async function up(knex) {
  await knex.schema.createTable("contactTags", (t) => {
    t.integer("companyId").unsigned().notNullable().references("id").inTable("companies").onDelete("CASCADE");
    t.integer("contactId").unsigned().notNullable().references("id").inTable("contacts").onDelete("CASCADE");
    t.integer("tagId").unsigned().notNullable().references("id").inTable("tags").onDelete("CASCADE");
    t.string("createdAt", 24).nullable();
    t.primary(["contactId", "tagId"]);
    t.index(["companyId", "tagId"]);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("contactTags");
}
export {
  down,
  up
};
