#!/usr/bin/env node
/**
 * npm run create-plugin -- <id> [--dir <folder>]
 *
 * Without --dir: the backend goes to plugins/<id> and the remote to remotes/<id> of this repo.
 * With --dir:    one self-contained folder <folder>/<id> (backend at its root, remote in remote/),
 *                ready to ship through PLUGINS_DIR=<folder>. It depends on @atrium/plugin-kit (linked from this
 *                checkout, or from ATRIUM_HOST): its own `npm install && npm test` runs its tests there.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { coreRange, namesOf, validateId } from './names.mjs';
import { backendFiles, remoteFiles } from './templates.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The host checkout an outside plugin's kit dependency points at (ATRIUM_HOST to name another; this one by default). */
const atriumHost = path.resolve(process.env.ATRIUM_HOST || repoRoot);

function parseArgs(argv) {
  const args = { id: undefined, dir: undefined, repo: repoRoot };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--dir') args.dir = argv[++i];
    else if (a === '--repo') args.repo = path.resolve(argv[++i]); // tests: a stand-in repo root
    else if (a === '-h' || a === '--help') args.help = true;
    else if (!a.startsWith('-') && !args.id) args.id = a;
    else throw new Error(`unknown argument ${a}`);
  }
  return args;
}

const toPosix = (p) => p.split(path.sep).join('/');
const rel = (from, to) => toPosix(path.relative(from, to)) || '.';

function writeAll(root, files) {
  for (const [file, content] of Object.entries(files)) {
    const target = path.join(root, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content, { flag: 'wx' });
  }
}

function main() {
  let args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`create-plugin: ${err.message}`);
    return 2;
  }
  if (args.help) {
    console.log('usage: npm run create-plugin -- <id> [--dir <folder>]   (ATRIUM_HOST=<checkout> names another host for --dir)');
    return 0;
  }
  const problem = validateId(args.id);
  if (problem) {
    console.error(`create-plugin: ${problem}`);
    return 2;
  }
  const n = namesOf(args.id);
  const external = Boolean(args.dir);
  const backendDir = external ? path.resolve(args.dir, n.id) : path.join(args.repo, 'plugins', n.id);
  const remoteDir = external ? path.join(backendDir, 'remote') : path.join(args.repo, 'remotes', n.id);
  for (const dir of [backendDir, remoteDir]) {
    if (existsSync(dir)) {
      console.error(`create-plugin: ${dir} already exists; nothing was written`);
      return 1;
    }
  }
  const coreVersion = JSON.parse(readFileSync(path.join(repoRoot, 'core', 'package.json'), 'utf8')).version;
  const layout = {
    external,
    schemaPath: rel(backendDir, path.join(external ? repoRoot : args.repo, 'plugin.schema.json')),
    coreRange: coreRange(coreVersion),
    remoteDist: `${rel(backendDir, remoteDir)}/dist`,
    helperImport: rel(path.join(backendDir, 'test'), path.join(args.repo, 'core', 'test', 'helper.js')),
    repoFromBackend: external ? repoRoot : rel(backendDir, args.repo),
    // The remote imports the backend's shared types (src/types.ts) as types only.
    typesFromRemote: `${rel(path.join(remoteDir, 'src'), path.join(backendDir, 'src'))}/types`,
    // The console's build helpers (shared libraries, precompression) for the remote's vite config.
    // Outside, through the kit (the one place naming the host); inside, the console's build helpers by path.
    hostVite: external ? '@atrium/plugin-kit/vite' : `${rel(remoteDir, path.join(args.repo, 'host-web', 'vite'))}/remote`,
    kitPath: toPosix(path.join(atriumHost, 'tooling', 'plugin-kit')),
    testGlob: external ? `${toPosix(path.join(backendDir, 'test'))}/*.test.ts` : `${rel(args.repo, path.join(backendDir, 'test'))}/*.test.ts`,
  };
  writeAll(backendDir, backendFiles(n, layout));
  writeAll(remoteDir, remoteFiles(n, layout));

  const show = (p) => (path.isAbsolute(p) && p.startsWith(repoRoot) ? path.relative(process.cwd(), p) || '.' : p);
  console.log(`Created plugin "${n.id}" (plan flag ${n.planFlag}):
  backend  ${show(backendDir)}  (plugin.json, src/index.ts with /api/${n.id}/hello, /items, /settings (a secret apiKey) and the public /webhook/:token, src/types.ts, src/migrations.ts, test/${n.id}.test.ts)
  remote   ${show(remoteDir)}  (vite.config.ts, src/plugin.tsx, src/${n.pascal}Page.tsx built from sdk.ui blocks, pt/en/es strings)

Next steps:
${external ? `  1. Install and test:     (cd ${show(backendDir)} && npm install && npm test)   (the kit: ${layout.kitPath})
  2. Build the remote:     (cd ${show(backendDir)} && npm run build-remote)      → ${show(remoteDir)}/dist/remoteEntry.js
` : `  1. Build the remote:     (cd ${show(remoteDir)} && npx vite build)      → ${show(remoteDir)}/dist/remoteEntry.js
  2. Run its tests:        npx tap ${layout.testGlob}        (from ${repoRoot})
`}  3. Give a plan the flag: plans.features = { "${n.planFlag}": true }  (Plans screen, or PUT /api/plans/:id as super)
  4. Start the server:     ${external ? `PLUGINS_DIR=${path.resolve(args.dir)} npm start` : 'npm start'}
     The menu entry "${n.title}" appears for companies whose plan has ${n.planFlag}.
  See docs/plugins.md for the manifest, the backend SDK and the host SDK.`);
  return 0;
}

process.exitCode = main();
