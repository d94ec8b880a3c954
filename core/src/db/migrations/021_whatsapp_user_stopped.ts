import type { Knex } from 'knex';

/**
 * Whether the session was stopped on purpose (Disconnect, or the phone logged the device out):
 * such connections stay down on boot; every other one is started by the session manager.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.boolean('userStopped').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropColumn('userStopped');
  });
}
