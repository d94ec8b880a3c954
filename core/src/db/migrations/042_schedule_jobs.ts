import type { Knex } from 'knex';

/**
 * Before durable jobs, the embedded default kept a pending schedule's timer in process memory and
 * re-created it at every start. Schedules no longer do that: this gives each pending schedule its
 * durable job once (the same job id the delivery uses, so nothing runs twice). On Redis the rows are
 * never read: bee-queue already held those jobs.
 */
export async function up(knex: Knex) {
  const now = Date.now();
  let lastId = 0;
  for (;;) {
    const rows = await knex('schedules').where('status', 'PENDENTE').whereNull('sentAt').where('id', '>', lastId)
      .orderBy('id').limit(500).select('id', 'companyId', 'sendAt') as Array<{ id: number; companyId: number; sendAt: string }>;
    if (!rows.length) break;
    const jobs = rows.map((row) => {
      const sendAt = typeof row.sendAt === 'string' ? row.sendAt : new Date(row.sendAt).toISOString().replace('T', ' ').replace('Z', '');
      const at = Date.parse(`${sendAt.replace(' ', 'T')}${sendAt.endsWith('Z') ? '' : 'Z'}`);
      return {
        name: 'schedule.send', liveKey: `${row.id}-${at}`, data: JSON.stringify({ companyId: row.companyId, scheduleId: row.id, sendAt }),
        status: 'pending', runAt: at, attempts: 0, retries: 0, backoffMs: 1000, createdAt: now,
      };
    });
    await knex('jobs').insert(jobs).onConflict(['name', 'liveKey']).ignore();
    lastId = rows[rows.length - 1].id;
  }
}

export async function down() {}
