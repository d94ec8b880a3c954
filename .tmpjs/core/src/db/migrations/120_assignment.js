async function up(knex) {
  await knex.schema.alterTable("queues", (t) => {
    t.string("assignment", 16).notNullable().defaultTo("manual");
    t.integer("assignmentCap").unsigned().nullable();
  });
  await knex.schema.alterTable("users", (t) => {
    t.boolean("away").notNullable().defaultTo(false);
    t.integer("assignmentCap").unsigned().nullable();
    t.bigInteger("lastAssignedTurn").notNullable().defaultTo(0);
  });
  await knex.schema.createTable("assignmentTurns", (t) => {
    t.integer("companyId").unsigned().notNullable().primary().references("id").inTable("companies").onDelete("CASCADE");
    t.bigInteger("turn").notNullable().defaultTo(0);
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("assignmentTurns");
  await knex.schema.alterTable("users", (t) => {
    t.dropColumn("away");
    t.dropColumn("assignmentCap");
    t.dropColumn("lastAssignedTurn");
  });
  await knex.schema.alterTable("queues", (t) => {
    t.dropColumn("assignment");
    t.dropColumn("assignmentCap");
  });
}
export {
  down,
  up
};
