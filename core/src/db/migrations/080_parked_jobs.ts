import type { Knex } from 'knex';

/**
 * Plugin jobs parked because the company's plan lost the plugin's flag (jobs/plugin-jobs.ts): the job's name and
 * data as enqueued, the flag it waits for, and its job id (or a random key, for the unique index that keeps a job
 * run twice from being parked twice). A row is enqueued again, then deleted, when the flag is back.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('parkedJobs', (t) => {
    t.bigIncrements('id');
    t.integer('companyId').unsigned().notNullable();
    t.string('planFlag', 100).notNullable();
    t.string('name', 100).notNullable();
    t.string('jobKey', 191).notNullable();
    t.boolean('hasJobId').notNullable().defaultTo(false);
    t.text('data').notNullable();
    t.bigInteger('createdAt').notNullable();
    t.unique(['name', 'jobKey'], { indexName: 'parked_jobs_name_key_unique' });
    t.index(['companyId'], 'parked_jobs_company_idx');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('parkedJobs');
}
