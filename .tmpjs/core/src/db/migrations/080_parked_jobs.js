async function up(knex) {
  await knex.schema.createTable("parkedJobs", (t) => {
    t.bigIncrements("id");
    t.integer("companyId").unsigned().notNullable();
    t.string("planFlag", 100).notNullable();
    t.string("name", 100).notNullable();
    t.string("jobKey", 191).notNullable();
    t.boolean("hasJobId").notNullable().defaultTo(false);
    t.text("data").notNullable();
    t.bigInteger("createdAt").notNullable();
    t.unique(["name", "jobKey"], { indexName: "parked_jobs_name_key_unique" });
    t.index(["companyId"], "parked_jobs_company_idx");
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("parkedJobs");
}
export {
  down,
  up
};
