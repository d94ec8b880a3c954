import type { Knex } from '@atrium/core/sdk';

/**
 * The plugin's table. `whatsappCloud` was made by the core's migration 115, when the Cloud API was part of the core
 * (that history is kept): on an install that ran it, this finds the table and leaves it as it is; on any other it
 * makes the same table.
 */
export const migrations = [
  {
    name: '001_whatsapp_cloud',
    async up(knex: Knex) {
      if (await knex.schema.hasTable('whatsappCloud')) return;
      await knex.schema.createTable('whatsappCloud', (t) => {
        t.increments('id');
        t.integer('companyId').unsigned().notNullable().references('id').inTable('companies').onDelete('CASCADE');
        t.integer('whatsappId').unsigned().notNullable().unique().references('id').inTable('whatsapps').onDelete('CASCADE');
        t.string('phoneNumberId', 64).notNullable();
        t.string('wabaId', 64).notNullable();
        t.text('accessToken').notNullable();
        t.text('appSecret').notNullable();
        t.string('verifyToken', 200).notNullable();
        t.string('graphVersion', 16).notNullable();
        t.string('baseUrl', 2000).notNullable();
        t.string('createdAt', 24).notNullable();
        t.string('updatedAt', 24).notNullable();
        t.index(['companyId', 'whatsappId']);
      });
    },
    // The table stays: the core's migration 115 owns its removal in a rollback of the core.
    async down() {},
  },
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
