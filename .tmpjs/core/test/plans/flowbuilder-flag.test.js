import t from "tap";
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "../helper.js";
import { BUILTIN_PLAN_FLAGS } from "../../src/db/models/index.js";
function flowbuilderLikePlugin(t2) {
  const root = mkdtempSync(path.join(os.tmpdir(), "atrium-flowflag-"));
  mkdirSync(path.join(root, "flows"));
  writeFileSync(path.join(root, "flows", "plugin.json"), JSON.stringify({
    id: "flows",
    version: "1.0.0",
    title: "flows.title",
    core: ">=0.1.0 <1.0.0",
    planFlag: "useFlowbuilder"
  }));
  t2.teardown(() => rmSync(root, { recursive: true, force: true }));
  return root;
}
t.test("useFlowbuilder is a built-in plan flag like the spec's seven, named as the spec names them", async (t2) => {
  t2.same([...BUILTIN_PLAN_FLAGS].sort(), [
    "useCampaigns",
    "useExternalApi",
    "useFlowbuilder",
    "useIntegrations",
    "useInternalChat",
    "useKanban",
    "useOpenAi",
    "useSchedules"
  ]);
  const { request, token } = await build(t2);
  const seeded = await request("GET", "/api/plans/list");
  t2.equal(seeded.body[0].useFlowbuilder, true, "the seeded plan has every feature, the flow builder too");
  t2.notOk("useFlowbuilder" in seeded.body[0].features, "a column, not a plugin feature");
  const created = await request("POST", "/api/plans", { token, body: { name: "Basic", users: 1, connections: 1, queues: 1, value: 10 } });
  t2.equal(created.body.useFlowbuilder, true, "defaults to on, like every flag of the plan form");
  const off = await request("PUT", `/api/plans/${created.body.id}`, { token, body: { useFlowbuilder: false } });
  t2.equal(off.status, 200);
  t2.equal((await request("GET", `/api/plans/${created.body.id}`, { token })).body.useFlowbuilder, false, "stored");
});
t.test("GET /api/plugins lists a useFlowbuilder plugin only for plans with the flag; the company sees its plan's flag", async (t2) => {
  const { request, token, createTenant } = await build(t2, { extraPluginDirs: [flowbuilderLikePlugin(t2)] });
  const withFlows = await createTenant("Flows On");
  const without = await createTenant("Flows Off", { useFlowbuilder: false });
  const listed = async (tok) => (await request("GET", "/api/plugins", { token: tok })).body.plugins.map((p) => p.id);
  t2.ok((await listed(withFlows.admin.token)).includes("flows"), "listed with the flag (createTenant defaults it on)");
  t2.notOk((await listed(without.admin.token)).includes("flows"), "absent without it");
  const plan = await request("GET", `/api/companies/listPlan/${without.companyId}`, { token: without.admin.token });
  t2.equal(plan.status, 200);
  t2.equal((plan.body.plan ?? plan.body).useFlowbuilder, false, "the console reads the flag with the plan");
  const turnedOn = await request("PUT", `/api/plans/${without.planId}`, { token, body: { useFlowbuilder: true } });
  t2.equal(turnedOn.status, 200);
  t2.ok((await listed(without.admin.token)).includes("flows"), "listed at once after the super user turns it on");
});
