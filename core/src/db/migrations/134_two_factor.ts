import type { Knex } from 'knex';

/**
 * Two-factor sign-in (issue 34): the user's TOTP secret (sealed with the server's secrets key), when it was
 * confirmed (null while an enrolment waits for its first code), the last time step accepted (a code is never
 * accepted twice) and the recovery codes' hashes (JSON; each is removed when used).
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.text('totpSecret').nullable();
    t.string('totpEnabledAt', 24).nullable();
    t.bigInteger('totpLastStep').nullable();
    t.text('totpRecovery').nullable();
  });
}

export async function down(knex: Knex) {
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('totpSecret');
    t.dropColumn('totpEnabledAt');
    t.dropColumn('totpLastStep');
    t.dropColumn('totpRecovery');
  });
}
