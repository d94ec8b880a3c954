#!/usr/bin/env node
/**
 * atrium-plugin <command>, run from a plugin's folder (its package.json scripts call it):
 *   test [files…]   each test/**\/*.test.ts (or the files given) under tsx, one after another, as tap runs them;
 *   typecheck       tsc over the plugin's tsconfig.json;
 *   lint            ESLint over the plugin's folder with its eslint.config.js;
 *   build-remote    vite build in remote/ (the remote's vite.config.ts imports @atrium/plugin-kit/vite). The config
 *                   loads natively (through tsx), so the kit's imports resolve in the host, not beside a bundled copy.
 * The tools are the host's: the kit is linked from the host checkout, so its node_modules are the host's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const kitDir = path.resolve(path.dirname(realpathSync(fileURLToPath(import.meta.url))), '..');
const require = createRequire(path.join(kitDir, 'package.json'));
const cwd = process.cwd();
const [command, ...rest] = process.argv.slice(2);

const bin = (pkg, file) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), file);
// TypeScript through tsx, as the host's own tests and dev server load it (the kit's modules are TypeScript too).
const tsx = pathToFileURL(require.resolve('tsx')).href;
const run = (args, options = {}) => spawnSync(process.execPath, args, { cwd, stdio: 'inherit', ...options }).status ?? 1;

function testFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : testFiles(full);
    return /\.test\.[cm]?ts$/.test(e.name) ? [full] : [];
  }).sort();
}

function test(files) {
  const list = files.length ? files.map((f) => path.resolve(cwd, f)) : testFiles(path.join(cwd, 'test'));
  if (list.length === 0) { console.error('atrium-plugin test: no test/**/*.test.ts here'); return 1; }
  const failed = [];
  for (const file of list) {
    process.stdout.write(`# ${path.relative(cwd, file)}\n`);
    if (run([`--import=${tsx}`, file]) !== 0) failed.push(path.relative(cwd, file));
  }
  process.stdout.write(`# ${list.length - failed.length} of ${list.length} test files passed${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`);
  return failed.length ? 1 : 0;
}

const commands = {
  test: () => test(rest),
  typecheck: () => run([bin('typescript', 'bin/tsc'), '-p', path.join(cwd, 'tsconfig.json'), '--noEmit']),
  lint: () => run([bin('eslint', 'bin/eslint.js'), '.', '--max-warnings', '0']),
  'build-remote': () => run([`--import=${tsx}`, bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'error', '--configLoader', 'native'], { cwd: path.join(cwd, 'remote') }),
};

if (!commands[command]) {
  console.error(`usage: atrium-plugin ${Object.keys(commands).join(' | ')}`);
  process.exitCode = 2;
} else {
  process.exitCode = commands[command]();
}
