import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
// An install, a whole nested `npm test` and a type-check in one file: past .taprc's 300 s when the two tap legs
// share the cores with it (CI runs them side by side).
t.setTimeout(900_000);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every file the scaffold wrote (node_modules aside), relative to the folder. */
const filesOf = (dir: string, base = dir): string[] => readdirSync(dir).flatMap((name) => {
  const full = path.join(dir, name);
  if (name === 'node_modules') return [];
  return statSync(full).isDirectory() ? filesOf(full, base) : [path.relative(base, full)];
});

/**
 * Issue 31's acceptance: a plugin scaffolded into a folder outside the repo, then moved elsewhere, passes its own
 * `npm install && npm test` (its generated tests and the security suites over its routes, through @atrium/plugin-kit),
 * and type-checks with its own tsconfig. The install links the kit from this checkout: nothing is downloaded.
 */
t.test('a plugin scaffolded outside the repo, moved, passes its own npm install && npm test', async (t) => {
  const first = mkdtempSync(path.join(os.tmpdir(), 'atrium-agency-'));
  const second = mkdtempSync(path.join(os.tmpdir(), 'atrium-moved-'));
  t.teardown(() => { rmSync(first, { recursive: true, force: true }); rmSync(second, { recursive: true, force: true }); });
  await run(process.execPath, [path.join(repo, 'tooling/create-plugin/index.mjs'), 'order-notes', '--dir', first], { cwd: repo });

  const written = filesOf(path.join(first, 'order-notes'));
  for (const file of ['tsconfig.json', 'eslint.config.js', 'test/security.test.ts', 'test/order-notes.test.ts']) t.ok(written.includes(file), file);
  const naming = written.filter((file) => readFileSync(path.join(first, 'order-notes', file), 'utf8').includes(repo));
  t.same(naming, ['package.json'], 'the host is named in one file only: the kit dependency in package.json');

  renameSync(path.join(first, 'order-notes'), path.join(second, 'order-notes'));
  const home = path.join(second, 'order-notes');
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: home });
  // A failing test rejects here (npm test exits non-zero), with its output in the error.
  const tested = await run('npm', ['test'], { cwd: home, env: process.env, maxBuffer: 64 * 1024 * 1024 });
  t.match(tested.stdout, /# 2 of 2 test files passed/, 'its tests and its security suites pass');
  t.match(tested.stdout, /ok \d+ - security: another company neither sees nor changes/);
  t.notMatch(tested.stdout, /^not ok/m);
  const typed = await run('npm', ['run', 'typecheck'], { cwd: home });
  t.notMatch(typed.stdout, /error TS/, 'it type-checks with its own tsconfig');
});
