import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import type { Tenancy } from '../tenancy/index.js';
import type { Reconciler } from './reconciler.js';
import type { CompanyJobData, JobQueue, PluginJobQueue } from './types.js';

/**
 * Plugin jobs follow the company's plan (issue 26 finding 11): a job of a company whose plan lost the plugin's
 * flag (a downgrade while a campaign runs) does not run. It is parked in `parkedJobs` (migration 080) and
 * enqueued again when the flag is back; every change of a plan or of a company's plan goes through
 * `tenancy.invalidate`, whose listener resumes what may run again (and the start resumes what waited while
 * the server was down). Events a job would have emitted stop with it.
 */
export interface JobParking {
  /** The plugin's view of the queue: jobs must carry companyId; a job of a company without `planFlag` parks. */
  forPlugin(pluginId: string, planFlag: string): PluginJobQueue;
  /** Enqueues again the parked jobs (of one company, or all) whose flag the company's plan has now. */
  resume(companyId?: number): Promise<number>;
}

const validCompany = (data: unknown): data is CompanyJobData =>
  Boolean(data) && typeof (data as CompanyJobData).companyId === 'number' && Number.isInteger((data as CompanyJobData).companyId) && (data as CompanyJobData).companyId > 0;

/** Where a parked job's id hides inside its data, so it is enqueued again under the same id. */
const JOB_ID = '__parkedJobId';

export function createJobParking(jobs: JobQueue, tenancy: Tenancy, knex: Knex, log: FastifyBaseLogger, reconciler: Reconciler): JobParking {
  const parked = () => knex('parkedJobs');
  let resuming: Promise<number> | undefined;

  async function park(name: string, planFlag: string, data: CompanyJobData & { [JOB_ID]?: string }) {
    const { [JOB_ID]: jobId, ...rest } = data;
    const row = { companyId: data.companyId, planFlag, name, jobKey: jobId ?? randomUUID(), hasJobId: Boolean(jobId), data: JSON.stringify(rest), createdAt: Date.now() };
    // A job cut off after parking runs again: the unique (name, jobKey) keeps one parked row for a named job.
    await parked().insert(row).onConflict(['name', 'jobKey']).ignore();
    log.info({ job: name, companyId: data.companyId, planFlag }, 'plugin job parked: the company\'s plan lacks the plugin\'s flag');
  }

  async function resumeNow(companyId?: number): Promise<number> {
    const rows = await parked().modify((q) => { if (companyId !== undefined) q.where('companyId', companyId); }).orderBy('id');
    let resumed = 0;
    const flags = new Map<string, boolean>();
    for (const row of rows) {
      const key = `${row.companyId}:${row.planFlag}`;
      if (!flags.has(key)) flags.set(key, await tenancy.hasFlag(row.companyId, row.planFlag, { fresh: true }));
      if (!flags.get(key)) continue;
      // Enqueued before the row goes: a crash in between runs the job twice (jobs run at least once), never zero times.
      const data = JSON.parse(row.data);
      await jobs.enqueue(row.name, row.hasJobId ? { ...data, [JOB_ID]: row.jobKey } : data, row.hasJobId ? { jobId: row.jobKey } : {});
      await parked().where('id', row.id).delete();
      resumed += 1;
    }
    if (resumed) log.info({ resumed, companyId }, 'parked plugin jobs resumed');
    return resumed;
  }

  const parking: JobParking = {
    forPlugin(pluginId, planFlag) {
      const refuse = (name: string) => new Error(`plugin "${pluginId}": job "${name}" needs data.companyId (a plugin's jobs work for one company)`);
      return {
        get kind() { return jobs.kind; },
        define(name, handler, options) {
          jobs.define<CompanyJobData & { [JOB_ID]?: string }>(name, async (data) => {
            if (!validCompany(data)) throw refuse(name);
            // The cached plan first; before parking, the plan as stored (another process may have just given the flag back).
            if (!(await tenancy.hasFlag(data.companyId, planFlag)) && !(await tenancy.hasFlag(data.companyId, planFlag, { fresh: true }))) {
              await park(name, planFlag, data);
              return undefined;
            }
            const { [JOB_ID]: _jobId, ...plain } = data;
            return handler(plain as Parameters<typeof handler>[0]);
          }, options);
        },
        async enqueue(name, data, options) {
          if (!validCompany(data)) throw refuse(name);
          // The job id rides along in the data, so a parked job comes back under the same id.
          await jobs.enqueue(name, options?.jobId ? { ...data, [JOB_ID]: options.jobId } : data, options);
        },
        reconcile(name, task) {
          // Once per company (the plugin reads its rows through sdk.db, always with a company); a company whose plan
          // lacks the flag gets its jobs too: they park when they run, as any of its jobs.
          reconciler.register(`${pluginId}: ${name}`, async () => {
            let enqueued = 0;
            let failure: unknown;
            for (const { id } of await knex('companies').select('id').orderBy('id') as Array<{ id: number }>) {
              try { enqueued += await task(Number(id)); } catch (err) { failure ??= err; }
            }
            if (failure) throw failure;
            return enqueued;
          });
        },
        cancel: (name, jobId) => jobs.cancel(name, jobId),
        idle: (withinMs) => jobs.idle(withinMs),
        health: () => jobs.health(),
        onReconnect: (listener) => jobs.onReconnect(listener),
        close: () => jobs.close(),
      };
    },
    resume(companyId) {
      // One sweep at a time in a process; a change during a sweep runs another after it.
      const run = (resuming ?? Promise.resolve(0)).catch(() => 0).then(() => resumeNow(companyId));
      resuming = run;
      return run;
    },
  };
  tenancy.onChange((companyId) => {
    parking.resume(companyId).catch((err: unknown) => log.error({ err }, 'resuming parked plugin jobs failed'));
  });
  return parking;
}
