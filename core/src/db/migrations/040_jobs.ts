import type { Knex } from 'knex';

/**
 * Durable jobs for the embedded default (no REDIS_URL): one row per pending, running or failed job.
 * Times are epoch milliseconds (plain integers compare the same on every database). `liveKey` is the
 * caller's job id while the job is pending or running and NULL once it failed, so the unique key
 * (name, liveKey) makes enqueueing idempotent exactly while the job is alive; a finished job's row is
 * deleted. A running row carries the process that claimed it (`owner`) and a lease (`leaseUntil`)
 * renewed while it runs: a row whose lease ran out belongs to a process that died and is run again.
 */
export async function up(knex: Knex) {
  await knex.schema.createTable('jobs', (t) => {
    t.bigIncrements('id');
    t.string('name', 100).notNullable();
    t.string('liveKey', 191).nullable();
    t.text('data').notNullable();
    t.string('status', 10).notNullable().defaultTo('pending');
    t.bigInteger('runAt').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.integer('retries').notNullable().defaultTo(0);
    t.integer('backoffMs').notNullable().defaultTo(1000);
    t.string('owner', 40).nullable();
    t.bigInteger('leaseUntil').nullable();
    t.text('lastError').nullable();
    t.bigInteger('createdAt').notNullable();
    t.unique(['name', 'liveKey'], { indexName: 'jobs_name_live_key_unique' });
    t.index(['status', 'runAt'], 'jobs_status_run_at_idx');
    t.index(['status', 'leaseUntil'], 'jobs_status_lease_idx');
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('jobs');
}
