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
import * as privacyEvents from './migrations/105_privacy_events.js';
import * as responderFailures from './migrations/132_responder_failures.js';
import * as contactTags from './migrations/133_contact_tags.js';
import * as whatsappCloud from './migrations/115_whatsapp_cloud.js';
import * as twoFactor from './migrations/134_two_factor.js';
import * as assignment from './migrations/120_assignment.js';
import * as sla from './migrations/121_sla.js';
import * as ticketListActivity from './migrations/125_ticket_list_activity.js';
import * as connectionStatusReason from './migrations/116_connection_status_reason.js';
import * as parkedJobs from './migrations/080_parked_jobs.js';
import * as refreshTokenFamilies from './migrations/070_refresh_token_families.js';
import * as messageEdits from './migrations/110_message_edits.js';
import * as messageReactions from './migrations/111_message_reactions.js';
import * as messageForwarded from './migrations/112_message_forwarded.js';
import * as sandboxOutboxActions from './migrations/113_sandbox_outbox_actions.js';
import * as auditLogs from './migrations/135_audit_logs.js';
import * as serviceFigures from './migrations/136_service_figures.js';
import * as sessionDetails from './migrations/140_session_details.js';
import * as messageBotPassed from './migrations/141_message_bot_passed.js';
import * as impersonationSessions from './migrations/150_impersonation_sessions.js';
import * as connectionStatusParams from './migrations/151_connection_status_params.js';
import * as contactIdentities from './migrations/155_contact_identities.js';

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
  { name: 'core/105_privacy_events', ...privacyEvents },
  { name: 'core/080_parked_jobs', ...parkedJobs },
  { name: 'core/070_refresh_token_families', ...refreshTokenFamilies },
  { name: 'core/132_responder_failures', ...responderFailures },
  { name: 'core/133_contact_tags', ...contactTags },
  { name: 'core/110_message_edits', ...messageEdits },
  { name: 'core/111_message_reactions', ...messageReactions },
  { name: 'core/112_message_forwarded', ...messageForwarded },
  { name: 'core/113_sandbox_outbox_actions', ...sandboxOutboxActions },
  { name: 'core/115_whatsapp_cloud', ...whatsappCloud },
  { name: 'core/134_two_factor', ...twoFactor },
  { name: 'core/120_assignment', ...assignment },
  { name: 'core/121_sla', ...sla },
  { name: 'core/125_ticket_list_activity', ...ticketListActivity },
  { name: 'core/135_audit_logs', ...auditLogs },
  { name: 'core/136_service_figures', ...serviceFigures },
  { name: 'core/116_connection_status_reason', ...connectionStatusReason },
  { name: 'core/140_session_details', ...sessionDetails },
  { name: 'core/141_message_bot_passed', ...messageBotPassed },
  { name: 'core/150_impersonation_sessions', ...impersonationSessions },
  { name: 'core/151_connection_status_params', ...connectionStatusParams },
  { name: 'core/155_contact_identities', ...contactIdentities },
];

export async function runMigrations(knex: Knex, migrations: Migration[]) {
  await knex.migrate.latest({ migrationSource: new ListMigrationSource(migrations), tableName: 'knex_migrations' });
}
