import t from 'tap';
import { apiRoutes, buildWithFixturePlugins, declaredPluginPublicRoutes, fillUrl } from './routes.js';

/**
 * Generated from the route table (test plugins loaded): every /api route that is not public refuses a caller
 * without a session, and the public ones are the core's own plus exactly what plugin manifests declare.
 */
t.test('every route that is not public answers 401 without a session; public routes are the declared ones', async (t) => {
  const { app } = await buildWithFixturePlugins(t);
  const routes = apiRoutes(app);
  const declared = declaredPluginPublicRoutes(app);
  t.ok(declared.includes('POST /api/relay/hooks/:token'), 'the relay fixture declares its webhook');
  t.ok(routes.some((r) => r.pluginId === 'relay'), 'plugin routes name their plugin');

  const open: string[] = [];
  const undeclaredPluginPublic: string[] = [];
  const publicRoutes: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (route.isPublic) {
      publicRoutes.push(name);
      if (route.pluginId && !declared.includes(name)) undeclaredPluginPublic.push(name);
      continue;
    }
    const res = await app.inject({ method: route.method as 'GET', url: fillUrl(route.url, () => '1') });
    if (res.statusCode !== 401) open.push(`${name} → ${res.statusCode}`);
  }
  t.comment(`public routes: ${publicRoutes.join(', ')}`);
  t.ok(routes.length - publicRoutes.length > 50, `${routes.length - publicRoutes.length} private routes checked`);
  t.same(open, [], 'no private route answers without a session');
  t.same(undeclaredPluginPublic, [], 'every public plugin route is declared in its manifest');
  for (const name of declared) t.ok(publicRoutes.includes(name), `${name} (declared) is public`);
});
