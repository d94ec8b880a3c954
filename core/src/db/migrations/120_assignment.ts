import type { Knex } from 'knex';

/**
 * Automatic assignment (issue 30). A queue chooses how its waiting tickets find an agent: `manual` (someone clicks
 * Accept, the default), `round-robin` or `least-busy`, with a cap of simultaneous tickets per agent (the queue's,
 * or the user's own when set). Agents set themselves `away` beside the socket presence (`online`).
 * `lastAssignedTurn` orders the round: the agent given a ticket longest ago goes next. `assignmentTurns` holds one
 * row per company whose UPDATE opens every assignment transaction: the lock that makes two assignments of a company
 * (in one process or two) run one after the other, so a cap is never passed and the round stays fair.
 */
export async function up(knex: Knex) {
  await knex.schema.alterTable('queues', (t) => {
    t.string('assignment', 16).notNullable().defaultTo('manual');
    t.integer('assignmentCap').unsigned().nullable();
  });
  await knex.schema.alterTable('users', (t) => {
    t.boolean('away').notNullable().defaultTo(false);
    t.integer('assignmentCap').unsigned().nullable();
    t.bigInteger('lastAssignedTurn').notNullable().defaultTo(0);
  });
  await knex.schema.createTable('assignmentTurns', (t) => {
    t.integer('companyId').unsigned().notNullable().primary().references('id').inTable('companies').onDelete('CASCADE');
    t.bigInteger('turn').notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex) {
  await knex.schema.dropTableIfExists('assignmentTurns');
  await knex.schema.alterTable('users', (t) => {
    t.dropColumn('away');
    t.dropColumn('assignmentCap');
    t.dropColumn('lastAssignedTurn');
  });
  await knex.schema.alterTable('queues', (t) => {
    t.dropColumn('assignment');
    t.dropColumn('assignmentCap');
  });
}
