import t from "tap";
import { apiRoutes, buildWithFixturePlugins } from "./routes.js";
import { assertWalks, authenticationWalk } from "./walks.js";
t.test("every route that is not public answers 401 without a session; public routes are the declared ones", async (t2) => {
  const { app } = await buildWithFixturePlugins(t2);
  const routes = apiRoutes(app);
  const auth = await authenticationWalk(app, routes);
  t2.ok(auth.declared.includes("POST /api/relay/hooks/:token"), "the relay fixture declares its webhook");
  t2.ok(routes.some((r) => r.pluginId === "relay"), "plugin routes name their plugin");
  t2.comment(`public routes: ${auth.publicRoutes.join(", ")}`);
  t2.ok(auth.checked > 50, `${auth.checked} private routes checked`);
  assertWalks(t2, { auth });
});
