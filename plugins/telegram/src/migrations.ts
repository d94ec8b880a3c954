import type { Knex } from 'knex';

/** Run with the core's at start, recorded as telegram/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '156_telegram_bots',
    async up(knex: Knex) {
      // One bot per connection: its token and the webhook's secret token sealed (sdk.secrets), the webhook's public id.
      await knex.schema.createTable('telegramBots', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().unique().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.text('botToken').notNullable();
        t.text('secretToken').notNullable();
        t.string('publicId', 40).notNullable().unique();
        t.string('botId', 32).nullable();
        t.string('botUsername', 64).nullable();
        t.index(['companyId']);
      });
      // Updates taken (Telegram delivers again until it gets a 2xx): a redelivery is answered and not run twice.
      await knex.schema.createTable('telegramUpdates', (t) => {
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.bigInteger('updateId').notNullable();
        t.string('receivedAt', 24).notNullable();
        t.primary(['whatsappId', 'updateId']);
        t.index(['companyId', 'receivedAt']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('telegramUpdates');
      await knex.schema.dropTableIfExists('telegramBots');
    },
  },
];
