async function up(knex) {
  await knex.schema.createTable("jobs", (t) => {
    t.bigIncrements("id");
    t.string("name", 100).notNullable();
    t.string("liveKey", 191).nullable();
    t.text("data").notNullable();
    t.string("status", 10).notNullable().defaultTo("pending");
    t.bigInteger("runAt").notNullable();
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("retries").notNullable().defaultTo(0);
    t.integer("backoffMs").notNullable().defaultTo(1e3);
    t.string("owner", 40).nullable();
    t.bigInteger("leaseUntil").nullable();
    t.text("lastError").nullable();
    t.bigInteger("createdAt").notNullable();
    t.unique(["name", "liveKey"], { indexName: "jobs_name_live_key_unique" });
    t.index(["status", "runAt"], "jobs_status_run_at_idx");
    t.index(["status", "leaseUntil"], "jobs_status_lease_idx");
  });
}
async function down(knex) {
  await knex.schema.dropTableIfExists("jobs");
}
export {
  down,
  up
};
