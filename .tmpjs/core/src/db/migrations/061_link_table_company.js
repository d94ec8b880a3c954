const LINKS = [
  { table: "ticketTags", parent: "tickets", via: "ticketId", lookup: "tagId" },
  { table: "userQueues", parent: "users", via: "userId", lookup: "userId" },
  { table: "whatsappQueues", parent: "whatsapps", via: "whatsappId", lookup: "whatsappId" }
];
const indexName = (table) => `${table}_company_index`;
async function up(knex) {
  for (const { table, parent, via, lookup } of LINKS) {
    await knex.schema.alterTable(table, (t) => {
      t.integer("companyId").unsigned().nullable();
    });
    await knex(table).update({ companyId: knex(parent).select(`${parent}.companyId`).where(`${parent}.id`, knex.ref(`${table}.${via}`)) });
    await knex(table).whereNull("companyId").delete();
    await knex.schema.alterTable(table, (t) => {
      t.integer("companyId").unsigned().notNullable().alter();
      t.foreign("companyId").references("id").inTable("companies").onDelete("CASCADE");
      t.index(["companyId", lookup], indexName(table));
    });
  }
}
async function down(knex) {
  for (const { table } of LINKS) {
    await knex.schema.alterTable(table, (t) => {
      t.dropForeign(["companyId"]);
      t.dropIndex([], indexName(table));
      t.dropColumn("companyId");
    });
  }
}
export {
  down,
  up
};
