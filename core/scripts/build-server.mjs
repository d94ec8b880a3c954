#!/usr/bin/env node
/**
 * Compiles the server for `npm start`: the core into core/dist/server.js, and each plugin's backend
 * entry and migrations (plugin.json `backend.entry` / `backend.migrations`, TypeScript) into
 * <plugin>/dist/backend/<same path>.js, for the plugins of this repository and of PLUGINS_DIR.
 * The loader (core/src/plugins/loader.ts) imports those files when the core runs compiled; under tsx
 * (npm run dev, tests) it imports the TypeScript. esbuild bundles our code and leaves every package
 * in node_modules to Node.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repo = path.dirname(core);

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
};

/** The core: one entry, with lazily imported parts (the Baileys provider) kept in chunks of their own. */
async function buildCore() {
  const outdir = path.join(core, 'dist');
  rmSync(outdir, { recursive: true, force: true });
  await build({
    ...common,
    entryPoints: { server: path.join(core, 'src', 'server.ts') },
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
}

/** Plugin folders (holding plugin.json) directly under each root, as the core discovers them. */
function pluginDirs() {
  const roots = [path.join(repo, 'plugins'), ...(process.env.PLUGINS_DIR ? [path.resolve(process.env.PLUGINS_DIR)] : [])];
  return roots.filter((root) => existsSync(root)).flatMap((root) => readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, entry.name, 'plugin.json')))
    .map((entry) => path.join(root, entry.name)));
}

/** Where the compiled copy of a plugin's TypeScript file lives (kept in step with core/src/plugins/loader.ts). */
const compiledBackendFile = (dir, rel) => path.join(dir, 'dist', 'backend', rel.replace(/\.[cm]?tsx?$/, '.mjs'));

/**
 * A plugin's only value import from the core, `Type` of '@atrium/core/sdk', is bundled from the core's SDK module
 * (type exports and TypeBox's builder; TypeBox stays a package), not left for Node to find as TypeScript.
 */
const sdkModule = path.join(core, 'src', 'sdk', 'index.ts');
const bundleTheSdk = {
  name: 'atrium-sdk',
  setup(b) {
    b.onResolve({ filter: /^@atrium\/core(\/sdk)?$/ }, () => ({ path: sdkModule }));
  },
};

async function buildPlugin(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'plugin.json'), 'utf8'));
  const files = [manifest.backend?.entry, manifest.backend?.migrations].filter((rel) => rel && /\.[cm]?tsx?$/.test(rel));
  rmSync(path.join(dir, 'dist', 'backend'), { recursive: true, force: true });
  for (const rel of files) {
    await build({ ...common, entryPoints: [path.join(dir, rel)], outfile: compiledBackendFile(dir, rel), plugins: [bundleTheSdk] });
  }
  return files.length;
}

const started = Date.now();
await buildCore();
let compiled = 0;
for (const dir of pluginDirs()) compiled += await buildPlugin(dir);
console.log(`server compiled: core/dist/server.js and ${compiled} plugin backend file(s) in ${Date.now() - started} ms`);
