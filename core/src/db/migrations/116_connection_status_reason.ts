import type { Knex } from 'knex';

/**
 * Why a connection is down, when its provider said so with an error code (the Cloud API's expired token:
 * ERR_CLOUD_TOKEN_INVALID): the connections page shows the catalogue's text for it. Cleared on any other status.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.string('statusReason', 64).nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('whatsapps', (t) => {
    t.dropColumn('statusReason');
  });
}
