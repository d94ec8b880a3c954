#!/usr/bin/env node
/**
 * `npm start`'s build step: runs the builds whose inputs changed since their last build (tooling/build/fresh.mjs),
 * one after the other, and skips the rest, so a restart with nothing changed takes seconds, not a minute.
 * `--all` (`npm run build`) runs every build. Both leave each build's stamp once it succeeded.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkBuilds, stamp } from './fresh.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const all = process.argv.includes('--all');
const builds = checkBuilds(root);
const skipped = builds.filter((b) => !all && !b.stale);
if (skipped.length) console.log(`up to date, not rebuilt: ${skipped.map((b) => b.workspace).join(', ')}`);
for (const build of builds.filter((b) => all || b.stale)) {
  console.log(`building ${build.workspace}${all ? '' : ' (its inputs changed since its last build)'}`);
  const run = spawnSync('npm', ['run', 'build', '--workspace', build.workspace], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  stamp(root, build);
}
