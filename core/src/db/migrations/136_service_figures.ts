import type { Knex } from 'knex';

/**
 * The service desk's period figures kept per day (issue 30, docs/decisions.md "Period figures from a daily rollup"):
 * `serviceFigures` holds, per company, UTC day of creation, queue and agent, what the period read used to compute
 * from every ticket — counts, first-response and resolution duration buckets, SLA settled/breached, ratings and
 * tickets per hour of the day. `serviceFigureDays` marks the days whose rows are built (`ready`) and by which
 * build (`token`).
 *
 * The database forgets a day whenever one of its tickets comes, goes or changes in a way the figures read: the
 * triggers below delete the day's mark in the writer's own transaction, whatever the writer (models, raw knex,
 * the SLA job, fixtures). The next period read rebuilds the days it finds unmarked (the backfill of existing
 * tickets is the same path: no day is marked after this migration). On MariaDB a contact's deletion cascades to
 * its tickets without firing their triggers, hence the contact's own trigger. A user's or a queue's deletion
 * (SET NULL) leaves the day as it was: the read shows existing queues and agents only, and totals do not depend
 * on them.
 */
const FIGURE_BUCKETS = 23; // BUCKETS.length + 1 in domains/dashboard/service-figures.ts (the period read inserts every one)

/** The columns whose change alters a ticket's part of the figures. */
const READ_COLUMNS = ['companyId', 'createdAt', 'status', 'queueId', 'userId', 'closedAt', 'firstRespondedAt', 'firstResponseDueAt',
  'resolutionDueAt', 'firstResponseBreached', 'resolutionBreached', 'rating'];
const TRIGGERS = ['serviceFigures_ai', 'serviceFigures_au', 'serviceFigures_ad'];
const forget = (row: 'OLD' | 'NEW') => `DELETE FROM serviceFigureDays WHERE companyId = ${row}.companyId AND day = SUBSTR(${row}.createdAt, 1, 10);`;

export async function up(knex: Knex) {
  const isMysql = (knex.client.config.client as string) === 'mysql2';
  await knex.schema.createTable('serviceFigureDays', (t) => {
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.string('token', 36).notNullable();
    t.boolean('ready').notNullable().defaultTo(false);
    t.primary(['companyId', 'day']);
  });
  await knex.schema.createTable('serviceFigures', (t) => {
    t.bigIncrements('id');
    t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
    t.string('day', 10).notNullable();
    t.integer('queueId').unsigned().nullable();
    t.integer('userId').unsigned().nullable();
    for (const c of ['n', 'frSettled', 'frBreached', 'resSettled', 'resBreached', 'rated', 'ratingSum', 'r1', 'r2', 'r3']) t.integer(c).notNullable().defaultTo(0);
    for (let i = 0; i < FIGURE_BUCKETS; i++) {
      t.integer(`fr${i}`).notNullable().defaultTo(0);
      t.integer(`res${i}`).notNullable().defaultTo(0);
    }
    for (let h = 0; h < 24; h++) t.integer(`h${h}`).notNullable().defaultTo(0);
    t.index(['companyId', 'day'], 'serviceFigures_company_day');
  });

  const changed = READ_COLUMNS.map((c) => `OLD.${c} <=> NEW.${c}`).join(' AND ');
  if (!isMysql) {
    await knex.raw(`CREATE TRIGGER serviceFigures_au AFTER UPDATE OF ${READ_COLUMNS.join(', ')} ON tickets
      WHEN NOT (${changed.replace(/<=>/g, 'IS')}) BEGIN ${forget('OLD')} ${forget('NEW')} END`);
    await knex.raw(`CREATE TRIGGER serviceFigures_ai AFTER INSERT ON tickets BEGIN ${forget('NEW')} END`);
    await knex.raw(`CREATE TRIGGER serviceFigures_ad AFTER DELETE ON tickets BEGIN ${forget('OLD')} END`);
    return;
  }
  await knex.raw(`CREATE TRIGGER serviceFigures_au AFTER UPDATE ON tickets FOR EACH ROW BEGIN
    IF NOT (${changed}) THEN ${forget('OLD')} ${forget('NEW')} END IF; END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_ai AFTER INSERT ON tickets FOR EACH ROW BEGIN ${forget('NEW')} END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_ad AFTER DELETE ON tickets FOR EACH ROW BEGIN ${forget('OLD')} END`);
  await knex.raw(`CREATE TRIGGER serviceFigures_contact_bd BEFORE DELETE ON contacts FOR EACH ROW BEGIN
    DELETE d FROM serviceFigureDays d JOIN (SELECT DISTINCT SUBSTR(createdAt, 1, 10) AS day FROM tickets WHERE contactId = OLD.id) x
      ON d.companyId = OLD.companyId AND d.day = x.day; END`);
}

export async function down(knex: Knex) {
  const isMysql = (knex.client.config.client as string) === 'mysql2';
  for (const name of [...TRIGGERS, ...(isMysql ? ['serviceFigures_contact_bd'] : [])]) await knex.raw(`DROP TRIGGER IF EXISTS ${name}`);
  await knex.schema.dropTableIfExists('serviceFigures');
  await knex.schema.dropTableIfExists('serviceFigureDays');
}
