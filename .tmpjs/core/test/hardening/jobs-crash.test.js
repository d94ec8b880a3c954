import t from "tap";
import path from "node:path";
import { processData, root, startServer, waitForExit, waitUntil } from "./server-process.js";
const EARLY = Array.from({ length: 5 }, (_, i) => ({ key: `early-${i}`, delayMs: 200 + i * 50, sleepMs: 0 }));
const CUT = { key: "cut-off", delayMs: 200, sleepMs: 4e3 };
const LATE = Array.from({ length: 5 }, (_, i) => ({ key: `late-${i}`, delayMs: 12e3 + i * 300, sleepMs: 0 }));
const ALL = [...EARLY, CUT, ...LATE];
t.test("delayed jobs survive a SIGKILL: after the restart every job has run to the end exactly once, the one cut off included", async (t2) => {
  const data = processData("jobs_crash", { email: "jobs-crash@atrium.test", password: "Crash-pass-123" }, {
    PLUGINS_DIR: path.join(root, "core/test/fixtures/crash-plugins")
  });
  t2.teardown(data.remove);
  const { env } = data;
  const first = await startServer({ ...env, JOBPROBE_PLAN: JSON.stringify(ALL) });
  t2.teardown(() => {
    first.child.kill("SIGKILL");
  });
  const db = data.db();
  const finished = async () => await db("jobprobeRuns").select("jobKey", "runs");
  const starts = async (key) => Number((await db("jobprobeStarts").where({ jobKey: key }).count({ n: "*" }).first())?.n);
  await waitUntil(async () => (await finished()).length >= EARLY.length && await starts(CUT.key) === 1, 3e4, "the early jobs and the start of the long one");
  first.child.kill("SIGKILL");
  await waitForExit(first.child);
  const beforeRestart = await finished();
  t2.same(beforeRestart.map((r) => r.jobKey).sort(), EARLY.map((j) => j.key).sort(), "killed after the early jobs, before the late ones and the long one finished");
  const second = await startServer(env);
  t2.teardown(() => {
    second.child.kill("SIGKILL");
  });
  await waitUntil(async () => (await finished()).length === ALL.length, 6e4, "every job to finish");
  await new Promise((r) => setTimeout(r, 1500));
  second.child.kill("SIGTERM");
  await waitForExit(second.child);
  const runs = await finished();
  t2.same(runs.map((r) => r.jobKey).sort(), ALL.map((j) => j.key).sort(), "every job ran");
  t2.ok(runs.every((r) => Number(r.runs) === 1), `each finished exactly once (${runs.filter((r) => Number(r.runs) !== 1).map((r) => `${r.jobKey}: ${r.runs}`).join(", ") || "all 1"})`);
  t2.equal(await starts(CUT.key), 2, "the long job started in each life: cut off by the kill, run again after the restart");
  for (const { key } of [...EARLY, ...LATE]) t2.equal(await starts(key), 1, `${key} started once`);
});
