import t from "tap";
import { apiRoutes, buildWithFixturePlugins, fillUrl, sample } from "./routes.js";
import { Company } from "../../src/db/models/index.js";
t.test("a token whose user was deleted, whose session ended or whose company expired opens no route", async (t2) => {
  const { app, request, token, createTenant, createUser } = await buildWithFixturePlugins(t2);
  const routes = apiRoutes(app).filter((route) => !route.isPublic);
  t2.ok(routes.length > 50, `${routes.length} private routes`);
  const deleted = await createUser(1, { profile: "admin" });
  t2.equal((await request("GET", "/api/auth/me", { token: deleted.token })).status, 200);
  t2.equal((await request("DELETE", `/api/users/${deleted.id}`, { token })).status, 200);
  const loggedOut = await createUser(1, { profile: "admin" });
  t2.equal((await request("DELETE", "/api/auth/logout", { token: loggedOut.token })).status, 200);
  const late = await createTenant("Late Co");
  await Company.query().findById(late.companyId).patch({ dueDate: "2001-02-03" });
  const cases = [
    { name: "a deleted user", token: deleted.token, status: 401, error: "ERR_SESSION_EXPIRED" },
    { name: "a user who logged out", token: loggedOut.token, status: 403, error: "ERR_SESSION_EXPIRED" },
    { name: "a user of an expired company", token: late.admin.token, status: 401, error: "ERR_SUBSCRIPTION_EXPIRED" }
  ];
  for (const { name, token: stale, status, error } of cases) {
    const open = [];
    for (const route of routes) {
      const body = ["POST", "PUT", "PATCH"].includes(route.method) && !route.schema.consumes ? sample(route.schema.body, { id: 1, text: "text" }) : void 0;
      const res = await app.inject({
        method: route.method,
        url: fillUrl(route.url, () => "1"),
        headers: { authorization: `Bearer ${stale}` },
        payload: body
      });
      const code = res.headers["content-type"]?.toString().includes("json") ? res.json().error : res.headers["content-type"];
      if (res.statusCode !== status || code !== error) open.push(`${route.method} ${route.url} \u2192 ${res.statusCode} ${code}`);
    }
    t2.same(open, [], `${name}: every private route answers ${status} ${error}`);
  }
});
