import t from "tap";
import { build } from "../helper.js";
import { apiRoutes } from "../security/routes.js";
t.test("every list route answers the same with and without a trailing slash", async (t2) => {
  const { app, token } = await build(t2);
  const lists = apiRoutes(app).filter((r) => r.method === "GET" && r.params.length === 0 && !r.url.endsWith("/"));
  t2.ok(lists.length > 20, `${lists.length} list routes`);
  const differ = [];
  for (const route of lists) {
    const call = (url) => app.inject({ method: "GET", url, headers: { authorization: `Bearer ${token}` } });
    const [plain, slashed] = [await call(route.url), await call(`${route.url}/`)];
    if (plain.statusCode !== slashed.statusCode) differ.push(`${route.url} ${plain.statusCode} vs ${route.url}/ ${slashed.statusCode} ${slashed.body.slice(0, 120)}`);
  }
  t2.same(differ, [], "same status with and without the slash");
});
t.test("the spec's own list calls answer their lists, and /:id routes keep validating their id", async (t2) => {
  const { request, token } = await build(t2);
  for (const [url, key] of [["/api/users/", "users"], ["/api/contacts/", "contacts"], ["/api/files/", "files"]]) {
    const res = await request("GET", url, { token });
    t2.equal(res.status, 200, `${url} answers 200`);
    t2.ok(Array.isArray(res.body[key]), `${url} answers { ${key} }`);
  }
  const whatsapps = await request("GET", "/api/whatsapp/", { token });
  t2.equal(whatsapps.status, 200);
  t2.ok(Array.isArray(whatsapps.body), "GET /whatsapp/ answers the list of connections");
  const one = await request("GET", "/api/users/1/", { token });
  t2.equal(one.status, 200, "an id route with a trailing slash finds the row");
  t2.equal(one.body.id, 1);
  const bad = await request("GET", "/api/users/abc", { token });
  t2.equal(bad.status, 400, "a non-integer id is still refused");
});
