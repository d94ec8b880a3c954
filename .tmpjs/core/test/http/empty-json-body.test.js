import t from "tap";
import { build } from "../helper.js";
import { apiRoutes, fillUrl } from "../security/routes.js";
const EMPTY_BODY = /body cannot be empty/i;
const WRITES = ["POST", "PUT", "PATCH", "DELETE"];
t.test("a route that takes no body accepts an empty JSON body", async (t2) => {
  const { app, request, createUser } = await build(t2);
  const routes = apiRoutes(app).filter((r) => WRITES.includes(r.method) && !r.schema.body && !r.schema.consumes);
  t2.ok(routes.some((r) => r.method === "DELETE") && routes.some((r) => r.method === "POST"), `${routes.length} body-less write routes`);
  const refused = [];
  for (const route of routes) {
    const { token } = await createUser(1, { profile: "admin" });
    const url = fillUrl(route.url, () => "999999");
    const res = await request(route.method, url, { token, body: "", headers: { "content-type": "application/json", "content-length": "0" } });
    if (res.status === 400 && EMPTY_BODY.test(String(res.body?.message))) refused.push(`${route.method} ${route.url}`);
  }
  t2.same(refused, [], "no body-less route refuses an empty JSON body");
});
t.test("a route that takes a body still refuses an empty one as a validation error", async (t2) => {
  const { request, token } = await build(t2);
  const res = await request("POST", "/api/tags", { token, body: "", headers: { "content-type": "application/json", "content-length": "0" } });
  t2.match(res, { status: 400, body: { error: "ERR_VALIDATION" } });
});
t.test("a DELETE with the header and no body deletes", async (t2) => {
  const { request, token } = await build(t2);
  const tag = await request("POST", "/api/tags", { token, body: { name: "Empty body", color: "#123456" } });
  const res = await request("DELETE", `/api/tags/${tag.body.id}`, { token, body: "", headers: { "content-type": "application/json", "content-length": "0" } });
  t2.equal(res.status, 200, JSON.stringify(res.body));
  t2.equal((await request("GET", `/api/tags/${tag.body.id}`, { token })).status, 404, "the tag is gone");
});
