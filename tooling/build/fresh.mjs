/**
 * What `npm start` builds: each build (the server, the console, each remote) runs only when its inputs changed since
 * its last build. The inputs' content is hashed (file paths and bytes, so a checkout that only touches mtimes rebuilds
 * nothing and an edit reverted within a second is still seen); the hash is kept in the build's output folder, so a
 * deleted or half-written output (the stamp is written last) rebuilds too. `npm run build` still builds everything.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders never read as inputs: installed packages, build outputs, tests, caches. */
const SKIPPED = new Set(['node_modules', 'dist', 'test', '.git', '.cache', 'coverage']);
export const STAMP = '.inputs-hash';

/** Every file at or under `input` (a file or a folder of `root`), skipping SKIPPED folders, relative to `root`, sorted. */
function filesOf(root, input) {
  const found = [];
  const walk = (rel) => {
    const abs = path.join(root, rel);
    if (!existsSync(abs)) return;
    if (statSync(abs).isFile()) { found.push(rel); return; }
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      if (entry.isDirectory() && SKIPPED.has(entry.name)) continue;
      if (entry.isDirectory() || entry.isFile()) walk(path.join(rel, entry.name));
    }
  };
  walk(input);
  return found.sort();
}

/** A hash of the named files' and folders' paths and bytes (and of `extra`, e.g. an environment setting). */
export function hashInputs(root, inputs, extra = '') {
  const hash = createHash('sha256').update(extra);
  for (const input of inputs) {
    for (const rel of filesOf(root, input)) hash.update(`\0${rel.split(path.sep).join('/')}\0`).update(readFileSync(path.join(root, rel)));
  }
  return hash.digest('hex');
}

/** The workspace folders of the root package.json ('core', 'remotes/*' …) that have a build script, in its order. */
function buildableWorkspaces(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const folders = workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = pattern.slice(0, -2);
    if (!existsSync(path.join(root, parent))) return [];
    return readdirSync(path.join(root, parent), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => `${parent}/${e.name}`).sort();
  });
  return folders.filter((dir) => {
    const manifest = path.join(root, dir, 'package.json');
    return existsSync(manifest) && Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.build);
  });
}

/**
 * The builds `npm start` needs (every workspace with a build script), each with its inputs and the folder its stamp
 * lives in (`<workspace>/dist`). Inputs are generous (a needless rebuild is cheap next to a stale bundle): the
 * workspace's folder, the lockfile and root configs; the server also bundles every plugin's backend (and
 * PLUGINS_DIR's); a remote also takes the host's vite helpers and SDK, and its plugin's shared types.
 */
export function buildsOf(root, env = process.env) {
  const common = ['package.json', 'package-lock.json', 'tsconfig.json'];
  const external = env.PLUGINS_DIR ? path.resolve(env.PLUGINS_DIR) : '';
  return buildableWorkspaces(root).map((workspace) => {
    const build = { workspace, out: `${workspace}/dist`, inputs: [...common, workspace], extra: '' };
    if (workspace === 'core') {
      build.inputs.push('plugins');
      if (external) build.extra = `PLUGINS_DIR=${external}\0${hashInputs(external, ['.'])}`;
    }
    if (workspace.startsWith('remotes/')) {
      const plugin = `plugins/${path.basename(workspace)}`;
      build.inputs.push('host-web/vite', 'host-web/src/sdk', ...(existsSync(path.join(root, plugin)) ? [plugin] : []));
    }
    return build;
  });
}

/** Every build with its inputs' hash now and whether it is stale (its stamp missing or different). */
export function checkBuilds(root, env = process.env) {
  return buildsOf(root, env).map((build) => {
    const hash = hashInputs(root, build.inputs, build.extra);
    const stamp = path.join(root, build.out, STAMP);
    return { ...build, hash, stale: !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== hash };
  });
}

/** The builds whose stamp is missing or differs from their inputs' hash now. */
export const staleBuilds = (root, env = process.env) => checkBuilds(root, env).filter((build) => build.stale);

/** After a successful build: its stamp, written last. */
export function stamp(root, build) {
  writeFileSync(path.join(root, build.out, STAMP), `${build.hash}\n`);
}
