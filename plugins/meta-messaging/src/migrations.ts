import type { Knex } from '@atrium/core/sdk';

/** Run with the core's at start, recorded as meta-messaging/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_meta_pages',
    async up(knex: Knex) {
      // One Page (and, for the Instagram kind, its professional account) per connection: the page access token, the
      // app secret and the webhook's verify token sealed (sdk.secrets); the webhook's public id names the row.
      await knex.schema.createTable('metaPages', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().unique().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.string('kind', 32).notNullable();
        t.string('pageId', 40).notNullable();
        t.string('instagramId', 40).nullable();
        t.text('pageAccessToken').notNullable();
        t.text('appSecret').notNullable();
        t.text('verifyToken').notNullable();
        t.string('graphVersion', 16).notNullable();
        t.string('publicId', 40).notNullable().unique();
        t.index(['companyId']);
      });
      // When each person last wrote on a connection (ms): the Send API's messaging type is chosen from it at send time.
      await knex.schema.createTable('metaThreads', (t) => {
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.string('address', 64).notNullable();
        t.bigInteger('lastInboundAt').notNullable();
        t.primary(['whatsappId', 'address']);
        t.index(['companyId']);
      });
      // Messages sent and not yet read (ms): Messenger's read and delivery receipts name a time (watermark), not ids.
      await knex.schema.createTable('metaSent', (t) => {
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.string('address', 64).notNullable();
        t.string('mid', 191).notNullable();
        t.bigInteger('sentAt').notNullable();
        t.primary(['whatsappId', 'mid']);
        t.index(['whatsappId', 'address', 'sentAt']);
        t.index(['companyId']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('metaSent');
      await knex.schema.dropTableIfExists('metaThreads');
      await knex.schema.dropTableIfExists('metaPages');
    },
  },
];
