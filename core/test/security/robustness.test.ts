import t from 'tap';
import { apiRoutes, buildWithFixturePlugins } from './routes.js';
import { assertWalks, robustnessWalk } from './walks.js';

/**
 * Every /api route, whoever wrote it, answers malformed input with a 4xx (or a 2xx when the input happens
 * to be acceptable), never a 5xx and never a crash. The route table comes from the app itself, with the test
 * plugins loaded; public routes (webhooks) get every case a second time without a session, as strangers call them.
 * The walk itself (walks.ts) is the one the plugin kit runs over a plugin's own routes.
 */
t.test('no /api route answers malformed input with a 5xx or crashes', async (t) => {
  const env = await buildWithFixturePlugins(t);
  const routes = apiRoutes(env.app);
  // Guard: the table is really the app's (the core's own routes are in it).
  t.ok(routes.some((r) => r.method === 'GET' && r.url === '/api/users/:id'), 'route table lists the core routes');
  t.ok(routes.length > 30, `${routes.length} routes under test`);
  t.ok(routes.some((r) => r.url === '/api/relay/hooks/:token' && r.isPublic), 'a plugin\'s declared public route is in the walk, marked public');
  const robustness = await robustnessWalk(env, routes);
  t.ok(robustness.sent > routes.length * 3, `${robustness.sent} malformed requests sent`);
  assertWalks(t, { robustness });
  t.equal((await env.request('GET', '/api/health')).status, 200, 'the server still answers');
});
