import t from 'tap';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from '../../../core/test/helper.js';
import { readManifest } from '../../../core/src/plugins/manifest.js';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const cli = path.join(repo, 'tooling', 'create-plugin', 'index.mjs');

async function createPlugin(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, ...args], { cwd: repo });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

function tempDir(t: { teardown(fn: () => void): void }, prefix: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('a plugin scaffolded into a PLUGINS_DIR outside the repo builds, loads and is served', async (t) => {
  const pluginsDir = tempDir(t, 'atrium-ext-plugins-');
  const created = await createPlugin('sla-timer', '--dir', pluginsDir);
  t.equal(created.code, 0, created.stderr);
  t.match(created.stdout, /Next steps/);
  t.match(created.stdout, /useSlaTimer/);
  const home = path.join(pluginsDir, 'sla-timer');
  for (const file of ['plugin.json', 'package.json', 'src/index.ts', 'src/types.ts', 'src/migrations.ts', 'test/sla-timer.test.ts', 'remote/vite.config.ts', 'remote/src/plugin.tsx', 'remote/src/SlaTimerPage.tsx', 'remote/src/SlaTimerItemDialog.tsx', 'remote/src/i18n.ts', 'remote/package.json']) {
    t.ok(existsSync(path.join(home, file)), file);
  }
  // The remote builds its screen from the host's blocks and takes the item's shape from the backend, as a type only.
  const page = readFileSync(path.join(home, 'remote', 'src', 'SlaTimerPage.tsx'), 'utf8');
  t.match(page, /import type \{ SlaTimerItem \} from '\.\.\/\.\.\/src\/types';/);
  t.match(page, /sdk\.ui/);
  t.notMatch(page, /^import (?!type )[^\n]*'@atrium\/host-web\/sdk'/m, 'nothing but types from the host');
  const remotePkg = JSON.parse(readFileSync(path.join(home, 'remote', 'package.json'), 'utf8'));
  t.notOk(remotePkg.dependencies, 'the remote package.json has scripts only');
  const strings = readFileSync(path.join(home, 'remote', 'src', 'i18n.ts'), 'utf8');
  for (const lang of ['pt', 'en', 'es']) t.match(strings, new RegExp(`"${lang}"`), `page string in ${lang}`);

  // Its own install links the kit from this checkout (nothing downloaded); the kit builds the remote with the host's toolchain.
  const pkg = JSON.parse(readFileSync(path.join(home, 'package.json'), 'utf8'));
  t.same(pkg.devDependencies, { '@atrium/plugin-kit': `file:${path.join(repo, 'tooling', 'plugin-kit')}` }, 'the host is named once: the kit dependency');
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund'], { cwd: home });
  await run('npm', ['run', 'build-remote'], { cwd: home });
  t.ok(existsSync(path.join(home, 'remote', 'dist', 'remoteEntry.js')), 'remoteEntry.js built');

  const { app, request, createTenant } = await build(t, { extraPluginDirs: [pluginsDir] });
  const withFlag = await createTenant('Timer Co', { useSlaTimer: true });
  const without = await createTenant('No Timer Co', { useSlaTimer: false });

  const listed = await request('GET', '/api/plugins', { token: withFlag.admin.token });
  const plugin = listed.body.plugins.find((p: { id: string }) => p.id === 'sla-timer');
  t.ok(plugin, 'listed for the company whose plan has useSlaTimer');
  t.equal(plugin.remote.entry, '/plugins/sla-timer/remoteEntry.js');
  t.equal(plugin.remote.name, 'atrium_sla_timer');
  const hidden = await request('GET', '/api/plugins', { token: without.admin.token });
  t.notOk(hidden.body.plugins.some((p: { id: string }) => p.id === 'sla-timer'), 'not listed without the flag');

  const item = await request('POST', '/api/sla-timer/items', { token: withFlag.admin.token, body: { name: 'First' } });
  t.equal(item.status, 200, 'the plugin\'s migration made its table');
  const hello = await request('GET', '/api/sla-timer/hello', { token: withFlag.admin.token, query: { name: 'Ana' } });
  t.equal(hello.status, 200);
  t.same(hello.body, { message: 'hello Ana', companyId: withFlag.companyId });
  const denied = await request('GET', '/api/sla-timer/hello', { token: without.admin.token });
  t.equal(denied.status, 403);
  t.equal(denied.body.error, 'ERR_PLAN_FEATURE_DISABLED');

  // The scaffold shows a secret field and a declared public route (its own tests, run below, cover them in depth).
  const settings = await request('PUT', '/api/sla-timer/settings', { token: withFlag.admin.token, body: { apiKey: 'sk-test-0123456789abcd' } });
  t.equal(settings.body.apiKey, 'sk-…abcd', 'the secret field is answered masked');
  const hook = await request('POST', `/api/sla-timer/webhook/${settings.body.webhookToken}`, { body: { event: 'ping' } });
  t.equal(hook.status, 200, 'the declared webhook answers without a session');
  t.equal((await request('POST', '/api/sla-timer/webhook/nope', { body: { event: 'ping' } })).body.error, 'ERR_INVALID_WEBHOOK_TOKEN');
  t.same(readManifest(home).backend?.publicRoutes, [{ method: 'POST', url: '/webhook/:token' }], 'the webhook is the only public route');

  const entry = await app.inject({ method: 'GET', url: '/plugins/sla-timer/remoteEntry.js' });
  t.equal(entry.statusCode, 200);
  t.match(entry.headers['content-type'], /javascript/);
  t.match(entry.body, /atrium_sla_timer/);
  // Its generated tests run through its own `npm test`: tooling/plugin-kit/test/outside-plugin.test.ts.
});

t.test('the default layout puts the backend in plugins/<id> and the remote in remotes/<id>', async (t) => {
  const fakeRepo = tempDir(t, 'atrium-fake-repo-');
  const created = await createPlugin('lead-score', '--repo', fakeRepo);
  t.equal(created.code, 0, created.stderr);
  const backend = path.join(fakeRepo, 'plugins', 'lead-score');
  const manifest = readManifest(backend);
  t.equal(manifest.planFlag, 'useLeadScore');
  t.equal(manifest.remote?.dist, '../../remotes/lead-score/dist');
  t.equal(JSON.parse(readFileSync(path.join(backend, 'plugin.json'), 'utf8')).$schema, '../../plugin.schema.json');
  t.ok(existsSync(path.join(fakeRepo, 'remotes', 'lead-score', 'src', 'plugin.tsx')));
  t.match(readFileSync(path.join(fakeRepo, 'remotes', 'lead-score', 'src', 'LeadScorePage.tsx'), 'utf8'), /import type \{ LeadScoreItem \} from '\.\.\/\.\.\/\.\.\/plugins\/lead-score\/src\/types';/);
  t.match(readFileSync(path.join(backend, 'test', 'lead-score.test.ts'), 'utf8'), /from '\.\.\/\.\.\/\.\.\/core\/test\/helper\.js'/);
  t.notOk(existsSync(path.join(backend, 'node_modules')), 'inside the repo nothing is linked');
  t.notOk(existsSync(path.join(backend, 'test', 'security.test.ts')), 'inside the repo the core\'s own security suites cover it');
});

t.test('an id that is not kebab-case is refused, and an existing plugin is never overwritten', async (t) => {
  const dir = tempDir(t, 'atrium-ext-plugins-');
  for (const bad of ['Bad_Id', '9lives', 'double--dash', 'x'.repeat(41)]) {
    const res = await createPlugin(bad, '--dir', dir);
    t.equal(res.code, 2, bad);
    t.match(res.stderr, /kebab-case|longer than 40/);
  }
  t.equal((await createPlugin('--dir', dir)).code, 2, 'no id');
  t.equal((await createPlugin('notes', '--dir', dir)).code, 0);
  const before = readFileSync(path.join(dir, 'notes', 'src', 'index.ts'), 'utf8');
  const again = await createPlugin('notes', '--dir', dir);
  t.equal(again.code, 1);
  t.match(again.stderr, /already exists; nothing was written/);
  t.equal(readFileSync(path.join(dir, 'notes', 'src', 'index.ts'), 'utf8'), before);
});
