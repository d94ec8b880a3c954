import t from "tap";
import { apiRoutes, buildWithFixturePlugins } from "./routes.js";
import { assertWalks, robustnessWalk } from "./walks.js";
t.test("no /api route answers malformed input with a 5xx or crashes", async (t2) => {
  const env = await buildWithFixturePlugins(t2);
  const routes = apiRoutes(env.app);
  t2.ok(routes.some((r) => r.method === "GET" && r.url === "/api/users/:id"), "route table lists the core routes");
  t2.ok(routes.length > 30, `${routes.length} routes under test`);
  t2.ok(routes.some((r) => r.url === "/api/relay/hooks/:token" && r.isPublic), "a plugin's declared public route is in the walk, marked public");
  const robustness = await robustnessWalk(env, routes);
  t2.ok(robustness.sent > routes.length * 3, `${robustness.sent} malformed requests sent`);
  assertWalks(t2, { robustness });
  t2.equal((await env.request("GET", "/api/health")).status, 200, "the server still answers");
});
