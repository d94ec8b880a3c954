#!/usr/bin/env node
// Runs the whole suite: the lint beside the console's build (one thread each), then tap on SQLite, the same tap suite on
// MariaDB + Redis, then the browser end-to-end tests. Ends with one line "N passed, N failed" summing every leg.
// The tap legs run one after the other: side by side on two cores they took longer in all (both are CPU-bound once
// together) and the crash tests' waits ran out (docs/performance.md, issue 42).
// The MariaDB leg is skipped (and says so) when no server answers, unless CI=true, where it is required.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
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

/** A leg's wall time for its summary line: what the README's and docs/performance.md's leg times are read from. */
const minutesSince = (started) => `${((performance.now() - started) / 60_000).toFixed(1)} min`;

/** Runs one leg as a child process, its output streamed through; resolves once it ended and its counts are added. */
function runLeg(label, args, env, count) {
  return new Promise((resolve) => {
    const started = performance.now();
    process.stdout.write(`\n=== ${label}\n`);
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; process.stdout.write(chunk); });
    child.on('close', (code) => {
      const { pass, fail: counted } = count(out);
      const fail = code !== 0 && counted === 0 ? 1 : counted; // a crash with no count still fails the run
      totals.passed += pass; totals.failed += fail;
      notes.push(`${label}: ${pass} passed, ${fail} failed (${minutesSince(started)})`);
      resolve();
    });
  });
}

// tap's closing summary: "# { total: N, pass: N, fail: N, ... }"
function tapCounts(out) {
  const summary = [...out.matchAll(/\{ total: (\d+), pass: (\d+)(?:, fail: (\d+))?/g)].pop();
  return { pass: summary ? Number(summary[2]) : 0, fail: summary ? Number(summary[3] ?? 0) : 0 };
}

// node:test's closing lines: "# pass N", "# fail N"
function nodeTestCounts(out) {
  const pass = [...out.matchAll(/^# pass (\d+)$/gm)].pop();
  const fail = [...out.matchAll(/^# fail (\d+)$/gm)].pop();
  return { pass: pass ? Number(pass[1]) : 0, fail: fail ? Number(fail[1]) : 0 };
}

const runTap = (label, env, tapArgs = []) =>
  runLeg(label, [path.join(root, 'node_modules/tap/dist/esm/run.mjs'), '--reporter=terse', ...tapArgs], env, tapCounts);

/**
 * Test files that touch no database (pure functions, static scans of the sources, the build tooling): run on the SQLite
 * leg only, since the MariaDB leg would repeat them unchanged. A file that builds the app does not belong here: the
 * check below fails the run if one of them imports the test helper.
 */
const DATABASE_FREE = [
  'core/test/assignment/business-time.test.ts', 'core/test/audit/labels.test.ts', 'core/test/billing/brcode.test.ts',
  'core/test/billing/terms.test.ts', 'core/test/bots/clients.test.ts', 'core/test/bus/rooms.test.ts',
  'core/test/clock/on-the-clock.test.ts', 'core/test/http/unknown-fields.test.ts', 'core/test/i18n/console-strings.test.ts',
  'core/test/i18n/error-catalogue.test.ts', 'core/test/outbound-http/address-forms.test.ts',
  'core/test/plugins/slot-names.test.ts', 'core/test/plugins/workspaces-locked.test.ts', 'core/test/security/storage.test.ts', 'core/test/sheets/zip-input.test.ts',
  'core/test/tenancy/raw-queries.test.ts', 'core/test/tickets/waiting-held.test.ts',
  'plugins/flowbuilder/test/condition.test.ts', 'tooling/build/test/*.test.ts', 'tooling/docs/test/*.test.ts',
];

/** The listed files that exist, each checked to import no app builder. */
function databaseFreeExcludes() {
  const wrong = [];
  for (const file of DATABASE_FREE.filter((f) => !f.includes('*'))) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue;
    if (/helper\.js|buildApp|buildWith/.test(readFileSync(full, 'utf8'))) wrong.push(file);
  }
  return { wrong, args: ['--exclude=**/@(fixture*(s)|dist)/**', ...DATABASE_FREE.map((f) => `--exclude=${f}`)] };
}
const runNode = (label, script, env = {}) => runLeg(label, ['--import=tsx', script], env, nodeTestCounts);

const want = (leg) => only.length === 0 || only.includes(leg);

/** Runs a command to its end with its output kept; resolves to its exit status and output. */
function runQuiet(args) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.stderr.on('data', (chunk) => { out += chunk; });
    child.on('close', (status) => resolve({ status, out }));
  });
}

async function lint() {
  // ESLint over the whole repository (eslint.config.js); counts as one test, passed or failed.
  const started = performance.now();
  const { status, out } = await runQuiet([path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0']);
  process.stdout.write(`\n=== lint (ESLint)\n${out}`);
  const ok = status === 0;
  totals.passed += ok ? 1 : 0; totals.failed += ok ? 0 : 1;
  notes.push(`lint: ${ok ? '1 passed, 0 failed' : '0 passed, 1 failed'} (${minutesSince(started)})`);
}

const e2e = path.join(root, 'tooling/e2e/run.ts');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const browserLeg = want('e2e') && existsSync(e2e) && existsSync(chromium);

/** What changed since the last build (tooling/build/fresh.mjs), so the browser never tests a stale console. */
async function buildConsole() {
  const started = performance.now();
  const { status, out } = await runQuiet([path.join(root, 'tooling/build/start.mjs')]);
  process.stdout.write(`\n=== building what changed (console, remotes, server) for the browser tests\n${out}`);
  if (status !== 0) { notes.push('console build failed'); totals.failed += 1; return false; }
  notes.push(`console build (${minutesSince(started)})`);
  return true;
}

const [, built] = await Promise.all([want('lint') ? lint() : undefined, browserLeg ? buildConsole() : false]);

/**
 * tap builds its Test class with the plugins .taprc names on its first run after an install, but that run's own test
 * processes still get the loaders of the build it started with: after `npm ci`, a whole leg would load ts-node's
 * loader (which .taprc leaves out for tsx) into every test process. So the build comes first when it is stale.
 */
function buildTapPlugins() {
  const builtTap = path.join(root, 'node_modules/@tapjs/test/test-built/dist/esm/index.js');
  if (existsSync(builtTap) && !readFileSync(builtTap, 'utf8').includes('Plugin_typescript')) return;
  process.stdout.write('\n=== building tap with the plugins .taprc names\n');
  spawnSync(process.execPath, [path.join(root, 'node_modules/tap/dist/esm/run.mjs'), 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

if (want('sqlite') || want('mysql')) buildTapPlugins();

if (want('sqlite')) await runTap('tap suite on SQLite (embedded default)', { TEST_DB: 'sqlite', TEST_REDIS_URL: '' });

if (want('mysql')) {
  const [mysqlUp, redisUp] = await Promise.all([reachable(3306), reachable(6379)]);
  const excludes = databaseFreeExcludes();
  if (excludes.wrong.length > 0) {
    notes.push(`DATABASE_FREE in tooling/test-all.mjs lists files that build the app: ${excludes.wrong.join(', ')}`);
    totals.failed += 1;
  }
  if (mysqlUp && redisUp) {
    // Its own output folder, so the SQLite leg's per-file results stay readable beside it.
    // Two files at a time, as .taprc says: four were tried on a quiet machine (same code, same day) and took 25.2 min
    // against two's 24.4: the leg is CPU-bound at four (docs/performance.md). MYSQL_TAP_JOBS tries another count.
    const jobs = process.env.MYSQL_TAP_JOBS ? [`--jobs=${process.env.MYSQL_TAP_JOBS}`] : [];
    const mysqlArgs = [...excludes.args, '--output-dir=.tap/test-results-mysql', ...jobs];
    await runTap('tap suite on MariaDB + Redis', { TEST_DB: 'mysql', TEST_REDIS_URL: 'redis://127.0.0.1:6379' }, mysqlArgs);
  } else if (ci) {
    notes.push(`MariaDB + Redis leg: REQUIRED under CI but ${!mysqlUp ? 'MariaDB (127.0.0.1:3306)' : 'Redis (127.0.0.1:6379)'} does not answer`);
    totals.failed += 1;
  } else {
    notes.push('MariaDB + Redis leg: SKIPPED (no MariaDB on 127.0.0.1:3306 or no Redis on 6379); CI runs it');
  }
}

if (want('e2e')) {
  if (!existsSync(e2e)) {
    notes.push('browser end-to-end: not present yet');
  } else if (!existsSync(chromium)) {
    if (ci) { notes.push(`browser end-to-end: REQUIRED under CI but ${chromium} is missing`); totals.failed += 1; }
    else notes.push(`browser end-to-end: SKIPPED (${chromium} missing: apt-get install chromium)`);
  } else if (built) {
    await runNode('browser end-to-end (Chromium)', e2e);
  }
}

process.stdout.write(`\n${notes.map((n) => `  ${n}`).join('\n')}\n`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed > 0 ? 1 : 0);
