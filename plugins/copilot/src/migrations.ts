import type { Knex } from 'knex';

/** Run with the core's at start, recorded as copilot/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '161_copilot_tables',
    async up(knex: Knex) {
      await knex.schema.createTable('copilotSettings', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().unique();
        t.string('baseUrl', 2000).nullable(); // null: the operator's OPENAI_BASE_URL
        t.string('model', 100).notNullable();
        t.text('apiKey').nullable(); // sdk.secrets.encrypt: never stored in clear
        t.integer('monthlyTokenBudget').notNullable().defaultTo(0); // 0: no budget
        t.integer('perAgentPerMinute').notNullable().defaultTo(10);
        t.float('pricePerMillionTokens').notNullable().defaultTo(0);
        t.integer('windowMessages').notNullable().defaultTo(20);
        t.integer('timeoutMs').notNullable().defaultTo(30000);
        t.boolean('summaryOnTransfer').notNullable().defaultTo(false);
        t.boolean('includeNotes').notNullable().defaultTo(false);
        t.boolean('maskNumbers').notNullable().defaultTo(true);
        t.string('updatedAt', 24).notNullable();
      });
      await knex.schema.createTable('copilotArticles', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('title', 200).notNullable();
        t.text('body').notNullable();
        t.string('tags', 500).notNullable().defaultTo('');
        t.string('language', 10).notNullable().defaultTo('');
        t.string('status', 10).notNullable().defaultTo('draft');
        t.string('source', 20).notNullable().defaultTo('manual');
        t.string('sourceRef', 100).nullable();
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        t.index(['companyId', 'status', 'id']);
        t.unique(['companyId', 'sourceRef']);
      });
      // The search's inverted index (search.ts termsOf): an article's folded words and their weight.
      await knex.schema.createTable('copilotTerms', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('articleId').unsigned().notNullable().references('id').inTable('copilotArticles').onDelete('CASCADE');
        t.string('term', 60).notNullable();
        t.integer('weight').notNullable();
        t.index(['companyId', 'term', 'articleId']);
        t.index(['articleId']);
      });
      await knex.schema.createTable('copilotUsage', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('userId').unsigned().notNullable(); // 0: automatic (a summary on transfer)
        t.string('month', 7).notNullable();
        t.integer('calls').notNullable().defaultTo(0);
        t.integer('promptTokens').notNullable().defaultTo(0);
        t.integer('completionTokens').notNullable().defaultTo(0);
        t.integer('estimatedCalls').notNullable().defaultTo(0);
        t.unique(['companyId', 'month', 'userId']);
      });
      await knex.schema.createTable('copilotRate', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('userId').unsigned().notNullable();
        t.string('minute', 16).notNullable();
        t.integer('count').notNullable().defaultTo(0);
        t.unique(['companyId', 'userId', 'minute']);
      });
      await knex.schema.createTable('copilotTranslations', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('ticketId').unsigned().notNullable();
        t.bigInteger('messageId').unsigned().notNullable();
        t.string('language', 10).notNullable();
        t.text('text').notNullable();
        t.string('createdAt', 24).notNullable();
        t.unique(['companyId', 'messageId', 'language']);
        t.index(['companyId', 'ticketId']);
      });
    },
    async down(knex: Knex) {
      for (const table of ['copilotTranslations', 'copilotRate', 'copilotUsage', 'copilotTerms', 'copilotArticles', 'copilotSettings']) await knex.schema.dropTableIfExists(table);
    },
  },
];
