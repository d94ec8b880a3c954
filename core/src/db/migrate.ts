import type { Knex } from 'knex';
import * as coreSchema from './migrations/001_core_schema.js';
import * as sandboxOutbox from './migrations/020_sandbox_outbox.js';
import * as whatsappUserStopped from './migrations/021_whatsapp_user_stopped.js';
import * as messageSearch from './migrations/025_message_search.js';
import * as serviceToolsIndexes from './migrations/030_service_tools_indexes.js';
import * as messageSearchScan from './migrations/035_message_search_scan.js';
import * as jobs from './migrations/040_jobs.js';
import * as responderChain from './migrations/041_responder_chain.js';
import * as scheduleJobs from './migrations/042_schedule_jobs.js';
import * as planUseFlowbuilder from './migrations/045_plan_use_flowbuilder.js';
import * as billing from './migrations/055_billing.js';
import * as ticketCounts from './migrations/060_ticket_counts.js';
import * as linkTableCompany from './migrations/061_link_table_company.js';
import * as contactNameSearch from './migrations/062_contact_name_search.js';
import * as contactNumberSearch from './migrations/063_contact_number_search.js';

export interface Migration {
  name: string;
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

/**
 * Knex migrations from an explicit list instead of a folder scan: the core's own and those
 * plugins contribute, run together in one ordered history. Plugin migrations are named
 * `<pluginId>/<file>` so two plugins can never clash.
 */
export class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  async getMigrations() { return this.migrations; }
  getMigrationName(m: Migration) { return m.name; }
  async getMigration(m: Migration) { return { up: m.up, down: m.down ?? (async () => {}) }; }
}

/** The core's migrations, in order. Add a new one at the end; never edit one that has shipped. */
export const coreMigrations: Migration[] = [
  { name: 'core/001_core_schema', ...coreSchema },
  { name: 'core/020_sandbox_outbox', ...sandboxOutbox },
  { name: 'core/021_whatsapp_user_stopped', ...whatsappUserStopped },
  { name: 'core/025_message_search', ...messageSearch },
  { name: 'core/030_service_tools_indexes', ...serviceToolsIndexes },
  { name: 'core/035_message_search_scan', ...messageSearchScan },
  { name: 'core/040_jobs', ...jobs },
  { name: 'core/041_responder_chain', ...responderChain },
  { name: 'core/042_schedule_jobs', ...scheduleJobs },
  { name: 'core/045_plan_use_flowbuilder', ...planUseFlowbuilder },
  { name: 'core/055_billing', ...billing },
  { name: 'core/060_ticket_counts', ...ticketCounts },
  { name: 'core/061_link_table_company', ...linkTableCompany },
  { name: 'core/062_contact_name_search', ...contactNameSearch },
  { name: 'core/063_contact_number_search', ...contactNumberSearch },
];

export async function runMigrations(knex: Knex, migrations: Migration[]) {
  await knex.migrate.latest({ migrationSource: new ListMigrationSource(migrations), tableName: 'knex_migrations' });
}
