import t from "tap";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../../src/config/index.js";
import { createClock } from "../../src/clock/index.js";
import { build } from "../helper.js";
t.test("ATRIUM_TIME_SCALE: off by default, a positive factor when set, and a wrong value stops the start", async (t2) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-clock-"));
  t2.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };
  t2.equal(loadConfig(env).timeScale, 1);
  t2.equal(loadConfig({ ...env, ATRIUM_TIME_SCALE: "0.001" }).timeScale, 1e-3);
  for (const wrong of ["0", "-1", "fast", "Infinity"]) {
    t2.throws(() => loadConfig({ ...env, ATRIUM_TIME_SCALE: wrong }), /ATRIUM_TIME_SCALE must be a positive number/, `"${wrong}" refused`);
  }
});
t.test("the clock scales spec durations: a day at 0.001 is 86.4 seconds; real time leaves them alone", async (t2) => {
  const fast = createClock(1e-3);
  t2.equal(fast.scale(24 * 36e5), 86400);
  t2.equal(fast.scale(-5), 0, "never negative");
  const before = Date.now();
  const at = fast.after(6e4).getTime();
  t2.ok(at >= before + 60 && at <= Date.now() + 60, "after(1 minute) is 60 ms away");
  t2.equal(createClock().scale(6e4), 6e4);
  t2.ok(Math.abs(createClock().now().getTime() - Date.now()) < 1e3, "now() is the wall clock");
});
t.test("plugins get the operator's clock through the sdk", async (t2) => {
  const { app } = await build(t2, { config: { timeScale: 0.01 } });
  t2.equal(app.atrium.clock.factor, 0.01);
  t2.equal(app.atrium.clock.scale(1e3), 10);
});
