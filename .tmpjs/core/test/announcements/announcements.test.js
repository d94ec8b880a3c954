import t from "tap";
import { build } from "../helper.js";
import { multipart } from "../contacts/multipart.js";
t.test("the super user writes announcements; defaults are priority 3 and active", async (t2) => {
  const { app, request, token } = await build(t2);
  const events = [];
  const original = app.bus.broadcast;
  app.bus.broadcast = (event, payload) => {
    if (event === "company-announcement") events.push(payload);
    return original(event, payload);
  };
  const res = await request("POST", "/api/announcements", { token, body: { title: "Maintenance", text: "Sunday 2am" } });
  t2.equal(res.status, 200);
  t2.equal(res.body.priority, 3);
  t2.equal(res.body.status, true);
  const upd = await request("PUT", `/api/announcements/${res.body.id}`, { token, body: { priority: 1 } });
  t2.equal(upd.body.priority, 1);
  t2.equal((await request("DELETE", `/api/announcements/${res.body.id}`, { token })).status, 200);
  t2.same(events.map((e) => e.action), ["create", "update", "delete"]);
  t2.equal((await request("POST", "/api/announcements", { token, body: { title: "x", text: "y", priority: 4 } })).status, 400);
  t2.equal((await request("POST", "/api/announcements", { token, body: { text: "no title" } })).status, 400);
});
t.test("every signed-in user reads the active announcements by priority; only the super user writes", async (t2) => {
  const { request, token, createTenant, createUser } = await build(t2);
  await request("POST", "/api/announcements", { token, body: { title: "Low", text: "low", priority: 3 } });
  await request("POST", "/api/announcements", { token, body: { title: "High", text: "high", priority: 1 } });
  const hidden = (await request("POST", "/api/announcements", { token, body: { title: "Draft", text: "draft", status: false } })).body;
  const other = await createTenant("Other Co");
  const reader = other.admin.token;
  t2.same((await request("GET", "/api/announcements/list", { token: reader })).body.map((a) => a.title), ["High", "Low"]);
  const page = await request("GET", "/api/announcements", { token: reader });
  t2.same(page.body.records.map((a) => a.title), ["High", "Low"], "no inactive ones for readers");
  t2.equal(page.body.hasMore, false);
  t2.equal((await request("GET", "/api/announcements", { token })).body.records.length, 3, "the super user sees all");
  t2.equal((await request("GET", "/api/announcements", { token, query: { searchParam: "dra" } })).body.records[0].title, "Draft");
  t2.equal((await request("GET", `/api/announcements/${hidden.id}`, { token: reader })).status, 404);
  const user = await createUser(1, { profile: "admin" });
  for (const [method, url, body] of [
    ["POST", "/api/announcements", { title: "Nope", text: "nope" }],
    ["PUT", `/api/announcements/${hidden.id}`, { title: "Nope" }],
    ["DELETE", `/api/announcements/${hidden.id}`, void 0]
  ]) {
    const res = await request(method, url, { token: user.token, body });
    t2.equal(res.status, 403, `${method} ${url} by a non-super admin`);
  }
});
t.test("an announcement takes a png/jpg image", async (t2) => {
  const { app, request, token } = await build(t2);
  const a = (await request("POST", "/api/announcements", { token, body: { title: "Pic", text: "with image" } })).body;
  const send = (filename, mimetype) => {
    const { payload, headers } = multipart({}, [{ field: "file", filename, content: Buffer.from([255, 216, 255]), mimetype }]);
    return app.inject({ method: "POST", url: `/api/announcements/${a.id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const ok = await send("banner.jpg", "image/jpeg");
  t2.equal(ok.statusCode, 200, ok.body);
  t2.equal(ok.json().mediaName, "banner.jpg");
  t2.match(ok.json().mediaUrl, /\/media\//);
  t2.equal((await send("banner.gif", "image/gif")).statusCode, 400);
  t2.equal((await request("DELETE", `/api/announcements/${a.id}/media-upload`, { token })).body.mediaName, null);
});
