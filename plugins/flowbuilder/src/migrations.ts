import type { Knex } from 'knex';

/** Run with the core's at start, recorded as flowbuilder/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_flows_campaigns_runs',
    async up(knex: Knex) {
      await knex.schema.createTable('flowBuilders', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('userId').unsigned().nullable();
        t.string('name', 50).notNullable();
        t.boolean('active').notNullable().defaultTo(true);
        // The graph { nodes, connections } as JSON text; null until the first save (spec: "its value may be null").
        t.text('flow', 'longtext').nullable();
        t.string('createdAt', 23).notNullable();
        t.string('updatedAt', 23).notNullable();
        t.unique(['companyId', 'name']);
      });
      await knex.schema.createTable('flowCampaigns', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('userId').unsigned().nullable();
        t.string('name', 100).notNullable();
        t.integer('flowId').unsigned().notNullable();
        // null: the campaign listens on every connection of the company.
        t.integer('whatsappId').unsigned().nullable();
        t.string('phrase', 200).notNullable();
        t.boolean('status').notNullable().defaultTo(true);
        t.string('createdAt', 23).notNullable();
        t.string('updatedAt', 23).notNullable();
        t.index(['companyId', 'status']);
        t.index(['companyId', 'flowId']);
      });
      await knex.schema.createTable('flowRuns', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('ticketId').unsigned().notNullable();
        t.integer('flowId').unsigned().notNullable();
        // The graph the run started with: editing the flow does not move runs in progress.
        t.text('graph', 'longtext').notNullable();
        t.string('nodeId', 64).nullable();
        t.integer('part').notNullable().defaultTo(0);
        t.text('variables').notNullable();
        t.integer('steps').notNullable().defaultTo(0);
        t.integer('retries').notNullable().defaultTo(0);
        // running | waiting (menu/question answer) | interval (durable job) | done
        t.string('status', 16).notNullable();
        // Bumped by every claim: an interval job names the seq it was scheduled for, so it runs at most once.
        t.integer('seq').notNullable().defaultTo(0);
        t.string('createdAt', 23).notNullable();
        t.string('updatedAt', 23).notNullable();
        t.index(['companyId', 'ticketId', 'status']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('flowRuns');
      await knex.schema.dropTableIfExists('flowCampaigns');
      await knex.schema.dropTableIfExists('flowBuilders');
    },
  },
  {
    name: '002_run_bot_state',
    async up(knex: Knex) {
      // A Typebot node's session ({ sessionId, updatedAt }) as JSON: the wait on the bot survives a restart.
      await knex.schema.alterTable('flowRuns', (t) => { t.text('botState').nullable(); });
    },
    async down(knex: Knex) {
      await knex.schema.alterTable('flowRuns', (t) => { t.dropColumn('botState'); });
    },
  },
  {
    name: '003_run_resume_at',
    async up(knex: Knex) {
      // When a paused run resumes (ms since the epoch): the reconciler rebuilds the pause's job from it (issue 48).
      await knex.schema.alterTable('flowRuns', (t) => { t.bigInteger('resumeAt').nullable(); });
    },
    async down(knex: Knex) {
      await knex.schema.alterTable('flowRuns', (t) => { t.dropColumn('resumeAt'); });
    },
  },
];
