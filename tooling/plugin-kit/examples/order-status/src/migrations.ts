import type { Knex } from '@atrium/core/sdk';

export const migrations = [
  {
    name: '001_orders',
    async up(knex: Knex) {
      // The shop's webhook credentials: a public id in the URL, the signing secret sealed with sdk.secrets.
      await knex.schema.createTable('orderStatusShops', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().unique();
        t.string('publicId', 32).notNullable().unique();
        t.text('secret').notNullable();
      });
      await knex.schema.createTable('orderStatusOrders', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable();
        t.string('number', 32).notNullable();
        t.string('status', 16).notNullable();
        t.string('phone', 32).notNullable();
        // Set once, by the conditional UPDATE that claims the "shipped" message: it goes out once.
        t.bigInteger('shippedNoticeAt').nullable();
        t.unique(['companyId', 'number']);
      });
    },
    async down(knex: Knex) {
      await knex.schema.dropTableIfExists('orderStatusOrders');
      await knex.schema.dropTableIfExists('orderStatusShops');
    },
  },
];
