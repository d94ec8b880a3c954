import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { authenticationWalk, foreignCompanyWalk, idsOwnedBy, robustnessWalk, tablesWithCompanyId } from '../../../core/test/security/walks.js';
import { sample } from '../../../core/test/security/routes.js';
import { buildWithPlugin, pluginRoutes, t, tablesLeftEmpty } from '../src/index.js';

/**
 * The kit's security suites can fail: over a plugin that reads a row by id across companies and crashes on a junk
 * parameter, the same walks securitySuites() runs report both mistakes (and nothing about its sound routes).
 */
const plugin = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/leaky');

t.test('the walks report a cross-company read and a 5xx in a plugin\'s routes', async (t) => {
  const env = await buildWithPlugin(t, { plugin });
  const routes = pluginRoutes(env);
  const rowsOf = async () => ({ leakyNotes: await env.app.knex('leakyNotes').where({ companyId: 1 }) });
  t.same(tablesLeftEmpty(await rowsOf()), ['leakyNotes'], 'before any write (the walks below write) the isolation suite would check an empty table: reported');
  t.same(tablesLeftEmpty(await rowsOf(), { leakyNotes: 'filled by a job the test does not run' }), [], 'unless declared empty with a reason');
  t.same(routes.map((r) => `${r.method} ${r.url}`).sort(), ['GET /api/leaky/boom/:n', 'GET /api/leaky/notes/:id', 'POST /api/leaky/notes'], 'only the plugin\'s routes');

  t.same((await authenticationWalk(env.app, routes)).open, [], 'every route asks for a session');

  const robustness = await robustnessWalk(env, routes);
  t.ok(robustness.failures.some((f) => f.startsWith('GET /api/leaky/boom/:n') && f.includes('→ 500')), 'the crash on a junk parameter is reported');
  t.notOk(robustness.failures.some((f) => f.includes('/api/leaky/notes')), 'the sound routes are not');

  await env.request('POST', '/api/leaky/notes', { token: env.token, body: sample(routes.find((r) => r.method === 'POST')!.schema.body, { id: 1, text: 'MARKER-1' }) });
  t.same(tablesLeftEmpty(await rowsOf()), [], 'a row written: nothing left empty');
  const tables = await tablesWithCompanyId(env.app.knex);
  const mine = [...await idsOwnedBy(env.app.knex, 1, ['leakyNotes'])];
  const other = await env.tenant('Other');
  const isolation = await foreignCompanyWalk({
    app: env.app, routes, token: other.admin.token, marker: 'MARKER-1',
    probeIds: async () => { const owned = await idsOwnedBy(env.app.knex, other.companyId, tables); return mine.filter((id) => !owned.has(id)); },
  });
  t.ok(isolation.leaks.some((l) => l.startsWith('GET /api/leaky/notes/')), 'the other company\'s row read by id is reported as a leak');
  t.ok(isolation.foreignSuccess.some((l) => l.startsWith('GET /api/leaky/notes/')), 'and as a foreign read that succeeded');
});
