#!/usr/bin/env node
// Runs the whole suite: the lint (a quick first leg), tap on SQLite, the same tap suite on MariaDB + Redis, then the browser
// end-to-end tests. Ends with one line "N passed, N failed" summing every leg.
// The MariaDB leg is skipped (and says so) when no server answers, unless CI=true, where it is required.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ci = process.env.CI === 'true';
const only = process.argv.slice(2); // optional: legs to run (lint, sqlite, mysql, e2e)
const totals = { passed: 0, failed: 0 };
const notes = [];

const reachable = (port) => new Promise((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port, timeout: 1500 });
  socket.on('connect', () => { socket.destroy(); resolve(true); });
  socket.on('error', () => resolve(false));
  socket.on('timeout', () => { socket.destroy(); resolve(false); });
});

function runTap(label, env) {
  return new Promise((resolve) => {
    process.stdout.write(`\n=== ${label}\n`);
    const child = spawn(process.execPath, [path.join(root, 'node_modules/tap/dist/esm/run.mjs'), '--reporter=terse'], {
      cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; process.stdout.write(chunk); });
    child.on('close', (code) => {
      // tap's closing summary: "# { total: N, pass: N, fail: N, ... }"
      const summary = [...out.matchAll(/\{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/g)].pop();
      const pass = summary ? Number(summary[2]) : 0;
      let fail = summary ? Number(summary[3] ?? 0) : 0;
      if (code !== 0 && fail === 0) fail = 1; // a crash with no count still fails the run
      totals.passed += pass; totals.failed += fail;
      notes.push(`${label}: ${pass} passed, ${fail} failed`);
      resolve();
    });
  });
}

function runNode(label, script, env = {}) {
  return new Promise((resolve) => {
    process.stdout.write(`\n=== ${label}\n`);
    const child = spawn(process.execPath, ['--import=tsx', script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; process.stdout.write(chunk); });
    child.on('close', (code) => {
      const m = [...out.matchAll(/^# pass (\d+)$/gm)].pop();
      const f = [...out.matchAll(/^# fail (\d+)$/gm)].pop();
      const pass = m ? Number(m[1]) : 0;
      let fail = f ? Number(f[1]) : 0;
      if (code !== 0 && fail === 0) fail = 1;
      totals.passed += pass; totals.failed += fail;
      notes.push(`${label}: ${pass} passed, ${fail} failed`);
      resolve();
    });
  });
}

const want = (leg) => only.length === 0 || only.includes(leg);

if (want('lint')) {
  // ESLint over the whole repository (eslint.config.js); counts as one test, passed or failed.
  process.stdout.write('\n=== lint (ESLint)\n');
  const lint = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0'], { cwd: root, stdio: 'inherit' });
  const ok = lint.status === 0;
  totals.passed += ok ? 1 : 0; totals.failed += ok ? 0 : 1;
  notes.push(`lint: ${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'}`);
}

if (want('sqlite')) await runTap('tap suite on SQLite (embedded default)', { TEST_DB: 'sqlite', TEST_REDIS_URL: '' });

if (want('mysql')) {
  const [mysqlUp, redisUp] = await Promise.all([reachable(3306), reachable(6379)]);
  if (mysqlUp && redisUp) {
    await runTap('tap suite on MariaDB + Redis', { TEST_DB: 'mysql', TEST_REDIS_URL: 'redis://127.0.0.1:6379' });
  } else if (ci) {
    notes.push(`MariaDB + Redis leg: REQUIRED under CI but ${!mysqlUp ? 'MariaDB (127.0.0.1:3306)' : 'Redis (127.0.0.1:6379)'} does not answer`);
    totals.failed += 1;
  } else {
    notes.push('MariaDB + Redis leg: SKIPPED (no MariaDB on 127.0.0.1:3306 or no Redis on 6379); CI runs it');
  }
}

if (want('e2e')) {
  const e2e = path.join(root, 'tooling/e2e/run.ts');
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(e2e)) {
    notes.push('browser end-to-end: not present yet');
  } else if (!existsSync(chromium)) {
    if (ci) { notes.push(`browser end-to-end: REQUIRED under CI but ${chromium} is missing`); totals.failed += 1; }
    else notes.push(`browser end-to-end: SKIPPED (${chromium} missing: apt-get install chromium)`);
  } else {
    // What changed since the last build (tooling/build/fresh.mjs), so the browser never tests a stale console.
    process.stdout.write('\n=== building what changed (console, remotes, server) for the browser tests\n');
    const b = spawnSync(process.execPath, [path.join(root, 'tooling/build/start.mjs')], { cwd: root, stdio: 'inherit' });
    if (b.status !== 0) { notes.push('console build failed'); totals.failed += 1; }
    await runNode('browser end-to-end (Chromium)', e2e);
  }
}

process.stdout.write(`\n${notes.map((n) => `  ${n}`).join('\n')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed > 0 ? 1 : 0);
