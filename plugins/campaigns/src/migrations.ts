import type { Knex } from 'knex';

/** Run with the core's at start, recorded as campaigns/<name>. Never edit a shipped one: append. */
export const migrations = [
  {
    name: '001_campaigns',
    async up(knex: Knex) {
      await knex.schema.createTable('contactLists', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('name', 50).notNullable();
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        t.index(['companyId', 'name']);
      });
      await knex.schema.createTable('contactListItems', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('contactListId').unsigned().notNullable().references('id').inTable('contactLists').onDelete('CASCADE');
        t.string('name', 50).notNullable();
        t.string('number', 50).notNullable();
        t.string('email', 255);
        t.boolean('isWhatsappValid');
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        // Duplicates are refused per list on the canonical (digits-only) number.
        t.unique(['contactListId', 'number']);
        t.index(['companyId', 'contactListId', 'name']);
      });
      await knex.schema.createTable('campaignSettings', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('key', 40).notNullable();
        t.text('value').notNullable();
        t.unique(['companyId', 'key']);
      });
      await knex.schema.createTable('campaigns', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('name', 50).notNullable();
        for (const n of [1, 2, 3, 4, 5]) t.text(`message${n}`);
        t.string('status', 20).notNullable().defaultTo('INATIVA');
        t.string('scheduledAt', 24);
        t.string('completedAt', 24);
        t.integer('whatsappId').unsigned();
        t.integer('contactListId').unsigned();
        t.integer('tagId').unsigned();
        t.integer('fileListId').unsigned();
        t.string('mediaPath', 500);
        t.string('mediaName', 255);
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        t.index(['companyId', 'name']);
        t.index(['status', 'whatsappId']);
      });
      // One row per recipient of a run: the unique key makes a second materialisation (restart, a job run
      // twice) a no-op, and the row's status is the claim (pending → sending → delivered | failed).
      await knex.schema.createTable('campaignShipping', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.integer('campaignId').unsigned().notNullable().references('id').inTable('campaigns').onDelete('CASCADE');
        t.string('number', 50).notNullable();
        t.string('name', 255);
        t.string('email', 255);
        t.integer('contactId').unsigned();
        t.string('status', 12).notNullable().defaultTo('pending');
        t.string('error', 255);
        t.string('message', 4000);
        t.bigInteger('claimedAt');
        t.string('deliveredAt', 24);
        t.string('createdAt', 24).notNullable();
        t.unique(['campaignId', 'number']);
        t.index(['campaignId', 'status']);
      });
      // One row per connection: the pacing slot. nextAt (ms) is when the connection may send again; a
      // sender takes the slot with a conditional UPDATE, so two processes never send on one number at once.
      await knex.schema.createTable('campaignSenders', (t) => {
        t.integer('whatsappId').unsigned().primary();
        t.integer('companyId').unsigned().notNullable();
        t.bigInteger('nextAt').notNullable().defaultTo(0);
        t.integer('sentCount').notNullable().defaultTo(0);
      });
    },
    async down(knex: Knex) {
      for (const table of ['campaignSenders', 'campaignShipping', 'campaigns', 'campaignSettings', 'contactListItems', 'contactLists']) {
        await knex.schema.dropTableIfExists(table);
      }
    },
  },
  {
    // The uploaded media's type, kept at upload: the sender needs it and the stored name alone may not tell it.
    name: '002_campaign_media_type',
    async up(knex: Knex) {
      await knex.schema.alterTable('campaigns', (t) => { t.string('mediaType', 100); });
    },
    async down(knex: Knex) {
      await knex.schema.alterTable('campaigns', (t) => { t.dropColumn('mediaType'); });
    },
  },
  {
    // A WhatsApp Cloud API template for the contacts outside the 24-hour window (issue 29): its name, language and
    // parameters (a JSON array of texts that may hold the campaign's placeholders, filled per recipient).
    name: '003_campaign_template',
    async up(knex: Knex) {
      await knex.schema.alterTable('campaigns', (t) => {
        t.string('templateName', 512);
        t.string('templateLanguage', 16);
        t.text('templateParameters');
      });
    },
    async down(knex: Knex) {
      await knex.schema.alterTable('campaigns', (t) => {
        t.dropColumn('templateName');
        t.dropColumn('templateLanguage');
        t.dropColumn('templateParameters');
      });
    },
  },
];
