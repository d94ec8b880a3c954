import type { Knex } from 'knex';

/**
 * Sessions a user can see and end (issue 34): each session (refresh token family, migration 070) keeps the
 * browser it was opened from, its client address and when it last refreshed, as shown in "Sessions".
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('refreshTokenFamilies', (t) => {
    t.string('userAgent', 300).nullable();
    t.string('ip', 64).nullable();
    t.string('lastUsedAt', 24).nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('refreshTokenFamilies', (t) => {
    t.dropColumn('userAgent');
    t.dropColumn('ip');
    t.dropColumn('lastUsedAt');
  });
}
