import { randomUUID } from "node:crypto";
const validCompany = (data) => Boolean(data) && typeof data.companyId === "number" && Number.isInteger(data.companyId) && data.companyId > 0;
const JOB_ID = "__parkedJobId";
function createJobParking(jobs, tenancy, knex, log) {
  const parked = () => knex("parkedJobs");
  let resuming;
  async function park(name, planFlag, data) {
    const { [JOB_ID]: jobId, ...rest } = data;
    const row = { companyId: data.companyId, planFlag, name, jobKey: jobId ?? randomUUID(), hasJobId: Boolean(jobId), data: JSON.stringify(rest), createdAt: Date.now() };
    await parked().insert(row).onConflict(["name", "jobKey"]).ignore();
    log.info({ job: name, companyId: data.companyId, planFlag }, "plugin job parked: the company's plan lacks the plugin's flag");
  }
  async function resumeNow(companyId) {
    const rows = await parked().modify((q) => {
      if (companyId !== void 0) q.where("companyId", companyId);
    }).orderBy("id");
    let resumed = 0;
    const flags = /* @__PURE__ */ new Map();
    for (const row of rows) {
      const key = `${row.companyId}:${row.planFlag}`;
      if (!flags.has(key)) flags.set(key, await tenancy.hasFlag(row.companyId, row.planFlag, { fresh: true }));
      if (!flags.get(key)) continue;
      const data = JSON.parse(row.data);
      await jobs.enqueue(row.name, row.hasJobId ? { ...data, [JOB_ID]: row.jobKey } : data, row.hasJobId ? { jobId: row.jobKey } : {});
      await parked().where("id", row.id).delete();
      resumed += 1;
    }
    if (resumed) log.info({ resumed, companyId }, "parked plugin jobs resumed");
    return resumed;
  }
  const parking = {
    forPlugin(pluginId, planFlag) {
      const refuse = (name) => new Error(`plugin "${pluginId}": job "${name}" needs data.companyId (a plugin's jobs work for one company)`);
      return {
        get kind() {
          return jobs.kind;
        },
        define(name, handler, options) {
          jobs.define(name, async (data) => {
            if (!validCompany(data)) throw refuse(name);
            if (!await tenancy.hasFlag(data.companyId, planFlag) && !await tenancy.hasFlag(data.companyId, planFlag, { fresh: true })) {
              await park(name, planFlag, data);
              return void 0;
            }
            const { [JOB_ID]: _jobId, ...plain } = data;
            return handler(plain);
          }, options);
        },
        async enqueue(name, data, options) {
          if (!validCompany(data)) throw refuse(name);
          await jobs.enqueue(name, options?.jobId ? { ...data, [JOB_ID]: options.jobId } : data, options);
        },
        cancel: (name, jobId) => jobs.cancel(name, jobId),
        idle: (withinMs) => jobs.idle(withinMs),
        health: () => jobs.health(),
        onReconnect: (listener) => jobs.onReconnect(listener),
        close: () => jobs.close()
      };
    },
    resume(companyId) {
      const run = (resuming ?? Promise.resolve(0)).catch(() => 0).then(() => resumeNow(companyId));
      resuming = run;
      return run;
    }
  };
  tenancy.onChange((companyId) => {
    parking.resume(companyId).catch((err) => log.error({ err }, "resuming parked plugin jobs failed"));
  });
  return parking;
}
export {
  createJobParking
};
