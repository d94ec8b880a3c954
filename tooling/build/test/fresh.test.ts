import t, { type Test } from 'tap';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// @ts-expect-error: a plain .mjs script of the tooling, without types
import { stamp, staleBuilds, STAMP } from '../fresh.mjs';

type Build = { workspace: string; out: string; hash: string };
const BUILDS = JSON.stringify({ scripts: { build: 'vite build' } });

/** A repository's shape in a temp folder: the server, the console, one remote and its plugin, each built once. */
function repo(t: Test) {
  const root = t.testdir({
    'package.json': JSON.stringify({ name: 'atrium', workspaces: ['core', 'plugins/*', 'host-web', 'remotes/*', 'tooling/*'] }),
    'package-lock.json': '{}', 'tsconfig.json': '{}',
    core: { 'package.json': BUILDS, src: { 'server.ts': 'export {}' }, scripts: { 'build-server.mjs': '' }, test: { 'a.test.ts': '' } },
    plugins: { kanban: { 'package.json': '{}', 'plugin.json': '{}', src: { 'index.ts': 'export default 1' } } },
    tooling: { e2e: { 'run.ts': '' } },
    'host-web': { 'package.json': BUILDS, src: { 'main.tsx': 'render()', sdk: { 'types.ts': 'export {}' } }, vite: { 'shared.ts': '' }, node_modules: { x: { 'index.js': '' } } },
    remotes: { kanban: { 'package.json': BUILDS, src: { 'plugin.tsx': 'export default 1' } } },
  });
  const stale = (env: Record<string, string> = {}) => (staleBuilds(root, env) as Build[]).map((b) => b.workspace).sort();
  const buildAll = (env: Record<string, string> = {}) => {
    for (const build of staleBuilds(root, env) as Build[]) { mkdirSync(path.join(root, build.out), { recursive: true }); stamp(root, build); }
  };
  return { root, stale, buildAll, write: (rel: string, text: string) => writeFileSync(path.join(root, rel), text) };
}

t.test('nothing built yet: every build runs; once built, a restart with nothing changed runs none', async (t) => {
  const r = repo(t);
  t.same(r.stale(), ['core', 'host-web', 'remotes/kanban']);
  r.buildAll();
  t.same(r.stale(), []);
});

t.test('a changed source rebuilds only the builds it is an input of', async (t) => {
  const r = repo(t);
  r.buildAll();
  r.write('remotes/kanban/src/plugin.tsx', 'export default 2');
  t.same(r.stale(), ['remotes/kanban'], 'a remote\'s own source');
  r.buildAll();
  r.write('plugins/kanban/src/index.ts', 'export default 2');
  t.same(r.stale(), ['core', 'remotes/kanban'], 'a plugin\'s backend: the server bundles it, its remote shares its types');
  r.buildAll();
  r.write('host-web/src/main.tsx', 'render(2)');
  t.same(r.stale(), ['host-web'], 'the console\'s source');
  r.buildAll();
  r.write('host-web/vite/shared.ts', 'export const x = 1');
  t.same(r.stale(), ['host-web', 'remotes/kanban'], 'the host\'s vite helpers build the remotes too');
  r.buildAll();
  r.write('package-lock.json', '{"lockfileVersion":3}');
  t.same(r.stale(), ['core', 'host-web', 'remotes/kanban'], 'new packages: everything');
  r.buildAll();
  r.write('host-web/src/new-file.ts', '');
  t.same(r.stale(), ['host-web'], 'a new file');
});

t.test('outputs, installed packages, tests and timestamps are not inputs', async (t) => {
  const r = repo(t);
  r.buildAll();
  r.write('host-web/dist/index.html', '<html>');
  r.write('host-web/node_modules/x/index.js', 'changed');
  r.write('core/test/a.test.ts', 'changed');
  utimesSync(path.join(r.root, 'core/src/server.ts'), new Date(), new Date(Date.now() + 60_000));
  t.same(r.stale(), []);
});

t.test('a build whose output or stamp is gone runs again', async (t) => {
  const r = repo(t);
  r.buildAll();
  rmSync(path.join(r.root, 'host-web/dist'), { recursive: true });
  t.same(r.stale(), ['host-web'], 'output folder deleted');
  r.buildAll();
  r.write(`core/dist/${STAMP}`, 'garbage\n');
  t.same(r.stale(), ['core'], 'a stamp that does not match');
});

t.test('the server rebuilds when PLUGINS_DIR points elsewhere or its plugins change', async (t) => {
  const r = repo(t);
  const external = mkdtempSync(path.join(os.tmpdir(), 'atrium-plugins-'));
  t.teardown(() => rmSync(external, { recursive: true, force: true }));
  mkdirSync(path.join(external, 'extra/src'), { recursive: true });
  writeFileSync(path.join(external, 'extra/plugin.json'), '{}');
  writeFileSync(path.join(external, 'extra/src/index.ts'), 'export default 1');
  r.buildAll();
  t.same(r.stale({ PLUGINS_DIR: external }), ['core']);
  r.buildAll({ PLUGINS_DIR: external });
  t.same(r.stale({ PLUGINS_DIR: external }), []);
  writeFileSync(path.join(external, 'extra/src/index.ts'), 'export default 2');
  t.same(r.stale({ PLUGINS_DIR: external }), ['core']);
});
