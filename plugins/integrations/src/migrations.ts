import type { Knex } from 'knex';

/** Run with the core's at start, recorded as integrations/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_queue_integrations',
    async up(knex: Knex) {
      await knex.schema.createTable('queueIntegrations', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('type', 20).notNullable();
        t.string('name', 50).notNullable();
        t.string('projectName', 100);
        t.text('jsonContent'); // sdk.secrets.encrypt
        t.string('language', 10);
        t.string('urlN8N', 1000);
        t.text('webhookSecret'); // sdk.secrets.encrypt
        t.integer('typebotDelayMessage').notNullable().defaultTo(1000);
        t.integer('typebotExpires').notNullable().defaultTo(1);
        t.string('typebotKeywordFinish', 100);
        t.string('typebotKeywordRestart', 100);
        t.text('typebotRestartMessage');
        t.string('typebotSlug', 200);
        t.text('typebotUnknownMessage');
        t.integer('flowId').unsigned();
        t.unique(['companyId', 'name']);
      });
      // One bot session per ticket (Typebot's sessionId), kept in the database so it survives a restart.
      await knex.schema.createTable('integrationSessions', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('ticketId').unsigned().notNullable().unique();
        t.integer('integrationId').unsigned().notNullable().index();
        t.string('sessionId', 200).notNullable();
        t.bigInteger('updatedAt').notNullable(); // ms since epoch, sdk.clock
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('integrationSessions');
      await knex.schema.dropTableIfExists('queueIntegrations');
    },
  },
];
