import type { Knex } from 'knex';

/** Run with the core's at start, recorded as prompts/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_prompts',
    async up(knex: Knex) {
      await knex.schema.createTable('prompts', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('name', 100).notNullable();
        t.text('prompt').notNullable();
        t.string('model', 100).notNullable();
        t.integer('maxTokens').notNullable();
        t.float('temperature').notNullable();
        t.text('apiKey').notNullable(); // sdk.secrets.encrypt: never stored in clear
        t.integer('queueId').unsigned().notNullable();
        t.integer('maxMessages').notNullable();
        t.index(['companyId', 'name']);
        t.index(['companyId', 'queueId']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('prompts');
    },
  },
];
