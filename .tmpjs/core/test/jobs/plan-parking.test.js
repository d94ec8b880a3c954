import t from "tap";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { recordEvents } from "../pipeline/fixtures.js";
import { waitFor } from "../pipeline/http.js";
const PLAN_PLUGINS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plan-plugins");
const globals = globalThis;
t.test("a downgrade parks the plugin's jobs of that company (no run, no event); the flag's return resumes them, each once", async (t2) => {
  const { app, request, token, createTenant } = await build(t2, { extraPluginDirs: [PLAN_PLUGINS] });
  const down = await createTenant("Downgraded Co", { usePlanJobs: true });
  const paying = await createTenant("Paying Co", { usePlanJobs: true });
  const events = recordEvents(app);
  const runs = async (companyId) => (await app.knex("planjobRuns").where({ companyId }).orderBy("id").pluck("step")).map(Number);
  const parked = async (companyId) => app.knex("parkedJobs").where({ companyId });
  let release = () => {
  };
  const held = new Promise((resolve) => {
    release = resolve;
  });
  let reached = () => {
  };
  const atStep3 = new Promise((resolve) => {
    reached = resolve;
  });
  globals.planjobsGate = async (companyId, step) => {
    if (companyId === down.companyId && step === 3) {
      reached();
      await held;
    }
  };
  t2.teardown(() => {
    release();
    delete globals.planjobsGate;
  });
  for (const tenant of [down, paying]) {
    t2.equal((await request("POST", "/api/planjobs/start", { token: tenant.admin.token, body: { steps: 8, gapMs: 0 } })).status, 200);
  }
  await atStep3;
  t2.equal((await request("PUT", `/api/plans/${down.planId}`, { token, body: { features: { usePlanJobs: false } } })).status, 200, "the super user takes the flag away");
  const eventsAtDowngrade = events.filter((e) => e.companyId === down.companyId && e.event === "planjobs").length;
  release();
  await waitFor(async () => (await parked(down.companyId)).length === 1, 15e3, "the next step parked");
  await app.jobs.idle(6e4);
  t2.same(await runs(down.companyId), [1, 2, 3], "the step running at the downgrade finished; no later step ran");
  t2.match(await parked(down.companyId), [{ name: "planjobs.step", planFlag: "usePlanJobs", hasJobId: true }]);
  t2.equal(events.filter((e) => e.companyId === down.companyId && e.event === "planjobs").length, eventsAtDowngrade + 1, "no event after the running step's own");
  t2.same(await runs(paying.companyId), [1, 2, 3, 4, 5, 6, 7, 8], "another company's jobs, whose plan has the flag, all ran");
  t2.equal((await request("POST", "/api/planjobs/start", { token: down.admin.token, body: { steps: 1, gapMs: 0 } })).status, 403, "and its routes are refused, as before");
  t2.equal((await request("PUT", `/api/plans/${down.planId}`, { token, body: { features: { usePlanJobs: true } } })).status, 200, "the flag is back");
  await waitFor(async () => (await runs(down.companyId)).length === 8, 15e3, "the chain to finish");
  await app.jobs.idle();
  t2.same(await runs(down.companyId), [1, 2, 3, 4, 5, 6, 7, 8], "resumed where it stopped, each step once");
  t2.same(await parked(down.companyId), [], "nothing left parked");
});
t.test("a plugin job must name its company; a job parked while the server was down resumes at start", async (t2) => {
  const { app, createTenant } = await build(t2, { extraPluginDirs: [PLAN_PLUGINS] });
  const jobs = app.jobParking.forPlugin("planjobs", "usePlanJobs");
  await t2.rejects(jobs.enqueue("planjobs.step", { step: 1 }), /needs data.companyId/, "enqueue without a company is refused");
  const tenant = await createTenant("Back Co", { usePlanJobs: true });
  await app.knex("parkedJobs").insert({ companyId: tenant.companyId, planFlag: "usePlanJobs", name: "planjobs.step", jobKey: "k", hasJobId: false, data: JSON.stringify({ companyId: tenant.companyId, step: 8, steps: 8, gapMs: 0 }), createdAt: Date.now() });
  t2.equal(await app.jobParking.resume(), 1, "the start's sweep enqueues it");
  await app.jobs.idle();
  t2.same((await app.knex("planjobRuns").where({ companyId: tenant.companyId }).pluck("step")).map(Number), [8]);
  t2.same(await app.knex("parkedJobs"), []);
});
