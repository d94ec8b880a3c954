#!/usr/bin/env node
// Runs the benchmarks on SQLite and on MariaDB + Redis, prints a table and writes
// tooling/bench/results/<db>.json. Usage: npm run bench [-- sqlite|mysql] [-- --only list,fanout]
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const dbs = args.filter((a) => a === 'sqlite' || a === 'mysql');
const onlyIdx = args.indexOf('--only');
const only = onlyIdx >= 0 ? args[onlyIdx + 1].split(',') : null;
const benches = ['ingest', 'ingest-bot', 'ingest-ratio', 'list', 'dashboard', 'fanout', 'memory', 'login', 'campaign', 'multiprocess'].filter((b) => (!only || only.includes(b)) && existsSync(path.join(here, `${b}.ts`)));
mkdirSync(path.join(here, 'results'), { recursive: true });
// The benches start the server as `npm start` does: compiled (core/dist/server.js), so compile it first.
const compiled = spawnSync('npm', ['run', 'build', '--workspace', '@atrium/core'], { cwd: path.join(here, '../..'), stdio: ['ignore', 'ignore', 'inherit'] });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

for (const db of dbs.length ? dbs : ['sqlite', 'mysql']) {
  const results = {};
  for (const bench of benches) {
    process.stderr.write(`\n# ${bench} on ${db}\n`);
    const run = spawnSync(process.execPath, ['--import=tsx', path.join(here, `${bench}.ts`), db], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 1024 * 1024 });
    const line = run.stdout.trim().split('\n').pop();
    try { results[bench] = JSON.parse(line); } catch { results[bench] = { error: `exit ${run.status}`, output: run.stdout.slice(-500) }; }
    console.log(`\n${bench} (${db}):`);
    const r = results[bench];
    if (Array.isArray(r.results)) console.table(r.results.map(({ name, rps, p50, p99, goal, errors, non2xx, error, rssMiB }) => ({ name, rps, p50, p99, goal, errors, non2xx, rssMiB, error })));
    else console.table([r]);
  }
  // A partial run (--only) keeps the other benches' last figures.
  const file = path.join(here, 'results', `${db}.json`);
  const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).results ?? {} : {};
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), results: { ...previous, ...results } }, null, 2));
  console.log(`written ${path.relative(process.cwd(), file)}`);
}
