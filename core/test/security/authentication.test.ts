import t from 'tap';
import { apiRoutes, buildWithFixturePlugins } from './routes.js';
import { assertWalks, authenticationWalk } from './walks.js';

/**
 * Generated from the route table (test plugins loaded): every /api route that is not public refuses a caller
 * without a session, and the public ones are the core's own plus exactly what plugin manifests declare.
 */
t.test('every route that is not public answers 401 without a session; public routes are the declared ones', async (t) => {
  const { app } = await buildWithFixturePlugins(t);
  const routes = apiRoutes(app);
  const auth = await authenticationWalk(app, routes);
  t.ok(auth.declared.includes('POST /api/relay/hooks/:token'), 'the relay fixture declares its webhook');
  t.ok(routes.some((r) => r.pluginId === 'relay'), 'plugin routes name their plugin');
  t.comment(`public routes: ${auth.publicRoutes.join(', ')}`);
  t.ok(auth.checked > 50, `${auth.checked} private routes checked`);
  assertWalks(t, { auth });
});
