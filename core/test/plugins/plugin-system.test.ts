import t from 'tap';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../helper.js';
import { discoverPlugins, PluginManifestError, readManifest } from '../../src/plugins/manifest.js';
import { buildApp } from '../../src/app.js';

const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/plugins');

/** A copy of the fixture folder whose hello/plugin.json is changed by `edit`. */
function brokenCopy(t: { teardown(fn: () => void): void }, edit: (manifest: Record<string, any>) => void) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-plugins-'));
  cpSync(fixtures, dir, { recursive: true });
  const file = path.join(dir, 'hello', 'plugin.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

t.test('a plugin in a plugins folder is discovered, validated and its migration runs with the core\'s', async (t) => {
  const { app } = await build(t, { extraPluginDirs: [fixtures] });
  t.ok(app.plugins.some((p) => p.manifest.id === 'hello'), 'discovered');
  const ran = await app.knex('knex_migrations').pluck('name');
  t.ok(ran.includes('hello/001_greetings'), 'plugin migration recorded under the plugin id');
  t.ok(ran.includes('core/001_core_schema'));
});

t.test('GET /api/plugins lists the plugin only for companies whose plan has its flag', async (t) => {
  const { request, createTenant } = await build(t, { extraPluginDirs: [fixtures] });
  const withFlag = await createTenant('With Hello', { useHello: true });
  const without = await createTenant('Without Hello', { useHello: false });

  const listed = await request('GET', '/api/plugins', { token: withFlag.admin.token });
  t.equal(listed.status, 200);
  const hello = listed.body.plugins.find((p: { id: string }) => p.id === 'hello');
  t.ok(hello, 'listed for the company with the flag');
  t.equal(hello.remote.entry, '/plugins/hello/remoteEntry.js');
  t.same(hello.remote.menu.map((m: { path: string }) => m.path), ['/hello']);
  t.equal(hello.remote.i18n.es.hello.menu, 'Hola', 'menu translations travel with the listing');
  t.same(hello.remote.slots, ['sideMenu.badge', 'ticketHeader.actions'], 'the slots the remote fills travel with the listing');

  const hidden = await request('GET', '/api/plugins', { token: without.admin.token });
  t.notOk(hidden.body.plugins.some((p: { id: string }) => p.id === 'hello'), 'not listed for the company without it');
});

t.test('routes and menu entries with a role are listed only to users who have it', async (t) => {
  const { request, createTenant, createUser } = await build(t, { extraPluginDirs: [fixtures] });
  const tenant = await createTenant('Roles', { useHello: true });
  const agent = await createUser(tenant.companyId);
  const asAdmin = await request('GET', '/api/plugins', { token: tenant.admin.token });
  const asAgent = await request('GET', '/api/plugins', { token: agent.token });
  const routes = (res: typeof asAdmin) => res.body.plugins.find((p: { id: string }) => p.id === 'hello').remote.routes.map((r: { path: string }) => r.path);
  t.same(routes(asAdmin), ['/hello', '/hello/admin']);
  t.same(routes(asAgent), ['/hello']);
});

t.test('a plugin route answers for a company with the flag and 403 for one without; 401 without a token', async (t) => {
  const { request, createTenant } = await build(t, { extraPluginDirs: [fixtures] });
  const withFlag = await createTenant('Greeter', { useHello: true });
  const without = await createTenant('Silent', { useHello: false });

  const ok = await request('GET', '/api/hello/greeting', { token: withFlag.admin.token });
  t.equal(ok.status, 200);
  t.equal(ok.body.message, `hello company ${withFlag.companyId}`);
  t.equal(ok.body.count, 1);

  const denied = await request('GET', '/api/hello/greeting', { token: without.admin.token });
  t.equal(denied.status, 403);
  t.equal(denied.body.error, 'ERR_PLAN_FEATURE_DISABLED');

  t.equal((await request('GET', '/api/hello/greeting')).status, 401);
});

t.test('the remote\'s built files are served under /plugins/<id>/', async (t) => {
  const { app } = await build(t, { extraPluginDirs: [fixtures] });
  const res = await app.inject({ method: 'GET', url: '/plugins/hello/remoteEntry.js' });
  t.equal(res.statusCode, 200);
  t.match(res.headers['content-type'], /javascript/);
  t.match(res.body, /export const init/);
});

t.test('a broken manifest is rejected with a message naming the plugin and the field', async (t) => {
  const badFlag = brokenCopy(t, (m) => { m.planFlag = 'kanban'; });
  t.throws(() => discoverPlugins([{ dir: badFlag, source: 'external' }]), { name: 'PluginManifestError', message: /Plugin "hello": field "planFlag"/ });

  const unknownField = brokenCopy(t, (m) => { m.colour = 'red'; });
  t.throws(() => readManifest(path.join(unknownField, 'hello')), { message: /Plugin "hello": field "colour"/ });

  const missingId = brokenCopy(t, (m) => { delete m.id; });
  t.throws(() => readManifest(path.join(missingId, 'hello')), { message: /field "id"/ });

  const wrongCore = brokenCopy(t, (m) => { m.core = '>=9.0.0'; });
  t.throws(() => readManifest(path.join(wrongCore, 'hello')), { message: /Plugin "hello": field "core" needs core >=9.0.0/ });

  const unknownSlot = brokenCopy(t, (m) => { m.remote.slots = ['footer.banner']; });
  t.throws(() => readManifest(path.join(unknownSlot, 'hello')), { message: /Plugin "hello": field "remote.slots.0"/ });

  const missingEntry = brokenCopy(t, (m) => { m.backend.entry = 'src/nope.ts'; });
  t.throws(() => readManifest(path.join(missingEntry, 'hello')), { message: /missing file src\/nope.ts/ });
});

t.test('the server refuses to start with a broken plugin, naming it', async (t) => {
  const dir = brokenCopy(t, (m) => { m.version = 'one'; });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const error = await buildApp({ logger: false, extraPluginDirs: [dir], config: { dataDir, database: { kind: 'sqlite', url: 'sqlite:x', filename: path.join(dataDir, 'x.sqlite') } } })
    .then(async (app) => { await app.close(); return undefined; }, (err: unknown) => err);
  t.ok(error instanceof PluginManifestError, 'start-up fails with a PluginManifestError');
  t.match((error as Error).message, /Plugin "hello": field "version"/);
});

t.test('two plugins with the same id are refused', async (t) => {
  const dir = brokenCopy(t, () => {});
  t.throws(() => discoverPlugins([{ dir: fixtures, source: 'repo' }, { dir, source: 'external' }]), { message: /is used by two plugins/ });
});
