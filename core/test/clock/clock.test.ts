import t from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config/index.js';
import { createClock } from '../../src/clock/index.js';
import { build } from '../helper.js';

t.test('ATRIUM_TIME_SCALE: off by default, a positive factor when set, and a wrong value stops the start', async (t) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-clock-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { DATA_DIR: dataDir };
  t.equal(loadConfig(env).timeScale, 1);
  t.equal(loadConfig({ ...env, ATRIUM_TIME_SCALE: '0.001' }).timeScale, 0.001);
  for (const wrong of ['0', '-1', 'fast', 'Infinity']) {
    t.throws(() => loadConfig({ ...env, ATRIUM_TIME_SCALE: wrong }), /ATRIUM_TIME_SCALE must be a positive number/, `"${wrong}" refused`);
  }
});

t.test('the clock scales spec durations: a day at 0.001 is 86.4 seconds; real time leaves them alone', async (t) => {
  const fast = createClock(0.001);
  t.equal(fast.scale(24 * 3600_000), 86_400);
  t.equal(fast.scale(-5), 0, 'never negative');
  const before = Date.now();
  const at = fast.after(60_000).getTime();
  t.ok(at >= before + 60 && at <= Date.now() + 60, 'after(1 minute) is 60 ms away');
  t.equal(createClock().scale(60_000), 60_000);
  t.ok(Math.abs(createClock().now().getTime() - Date.now()) < 1000, 'now() is the wall clock');
});

t.test('plugins get the operator\'s clock through the sdk', async (t) => {
  const { app } = await build(t, { config: { timeScale: 0.01 } });
  t.equal(app.atrium.clock.factor, 0.01);
  t.equal(app.atrium.clock.scale(1000), 10);
});
