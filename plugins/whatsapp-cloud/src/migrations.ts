import type { Knex } from '@atrium/core/sdk';

/**
 * The plugin's table, `whatsappCloud`, was made by the core's migration 115 when the Cloud API was part of the core;
 * that history is kept (it runs on every install), and the plugin owns the table from then on (plugin.json
 * backend.tables; core/test/plugins/plugin-db.test.ts lists it as adopted). New columns or tables: migrations here.
 */
export const migrations = [
  {
    // The Cloud API became a plan-gated plugin (issue 44): a plan some company already uses Cloud API connections on
    // gets the plugin's flag, so those installs keep working; any other plan is left as it is (a super user turns it on).
    name: '002_plan_flag_for_cloud_connections',
    async up(knex: Knex) {
      const companies = knex('whatsapps').where({ provider: 'cloud' }).select('companyId');
      const plans = await knex('plans').whereIn('id', knex('companies').whereIn('id', companies).select('planId')).select('id', 'features');
      for (const plan of plans as Array<{ id: number; features: string | Record<string, boolean> | null }>) {
        let features: Record<string, boolean> = {};
        try { features = typeof plan.features === 'string' ? JSON.parse(plan.features) ?? {} : plan.features ?? {}; } catch { features = {}; }
        await knex('plans').where({ id: plan.id }).update({ features: JSON.stringify({ ...features, useWhatsappCloud: true }) });
      }
    },
    async down() {},
  },
];
