import type { Knex } from 'knex';

/**
 * An impersonation is a session of the viewed admin (issue 41): a refresh token family that names the super user
 * behind it and the super user's own session, and ends at its own time limit. It is listed among the admin's
 * sessions (marked) and dies with the super user's session, their deletion or demotion (auth/caller.ts).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('refreshTokenFamilies', (t) => {
    t.integer('impersonatorId').unsigned().nullable();
    t.integer('impersonatorSessionId').unsigned().nullable();
    t.string('expiresAt', 24).nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('refreshTokenFamilies', (t) => {
    t.dropColumn('impersonatorId');
    t.dropColumn('impersonatorSessionId');
    t.dropColumn('expiresAt');
  });
}
