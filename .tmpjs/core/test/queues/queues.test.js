import t from "tap";
import { build } from "../helper.js";
import { captureEvents } from "../contacts/fixtures.js";
t.test("a queue is created with the default opening hours and listed by orderQueue", async (t2) => {
  const { request, token } = await build(t2);
  const b = await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00", orderQueue: 2, greetingMessage: "Hi" } });
  t2.equal(b.status, 200);
  t2.equal(b.body.schedules.length, 7);
  t2.same(b.body.schedules[0], { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" });
  t2.same(b.body.schedules[5].endTime, "12:00");
  t2.same(b.body.schedules[6].startTime, "00:00");
  await request("POST", "/api/queue", { token, body: { name: "Sales", color: "#ff0000", orderQueue: 1 } });
  await request("POST", "/api/queue", { token, body: { name: "Aaa unordered", color: "#0000ff" } });
  const list = await request("GET", "/api/queue", { token });
  t2.same(list.body.map((q) => q.name), ["Sales", "Support", "Aaa unordered"]);
  const one = await request("GET", `/api/queue/${b.body.id}`, { token });
  t2.equal(one.body.greetingMessage, "Hi");
});
t.test("a colour already used by another queue is ERR_QUEUE_COLOR_ALREADY_EXISTS", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const a = (await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00" } })).body;
  const dup = await request("POST", "/api/queue", { token, body: { name: "Sales", color: "#00ff00" } });
  t2.equal(dup.status, 409);
  t2.equal(dup.body.error, "ERR_QUEUE_COLOR_ALREADY_EXISTS");
  const b = (await request("POST", "/api/queue", { token, body: { name: "Sales", color: "#ff0000" } })).body;
  const moved = await request("PUT", `/api/queue/${b.id}`, { token, body: { color: "#00ff00" } });
  t2.equal(moved.body.error, "ERR_QUEUE_COLOR_ALREADY_EXISTS");
  const sameName = await request("POST", "/api/queue", { token, body: { name: "Support", color: "#123456" } });
  t2.equal(sameName.status, 409);
  t2.equal(sameName.body.error, "ERR_QUEUE_NAME_ALREADY_EXISTS");
  const other = await createTenant("Other Co");
  t2.equal((await request("POST", "/api/queue", { token: other.admin.token, body: { name: "Support", color: "#00ff00" } })).status, 200, "colours are unique per company only");
  t2.equal((await request("PUT", `/api/queue/${a.id}`, { token, body: { name: "Support 2", schedules: [] } })).body.name, "Support 2");
});
t.test("the plan limits how many queues a company may have", async (t2) => {
  const { request, createTenant } = await build(t2);
  const tenant = await createTenant("Small Co", {}, { queues: 1 });
  t2.equal((await request("POST", "/api/queue", { token: tenant.admin.token, body: { name: "One", color: "#111" } })).status, 200);
  const second = await request("POST", "/api/queue", { token: tenant.admin.token, body: { name: "Two", color: "#222" } });
  t2.equal(second.status, 403);
  t2.equal(second.body.error, "ERR_PLAN_LIMIT");
});
t.test("only an admin writes queues; every user reads them", async (t2) => {
  const { request, token, createUser } = await build(t2);
  const q = (await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00" } })).body;
  const user = await createUser(1);
  t2.equal((await request("POST", "/api/queue", { token: user.token, body: { name: "Xyz", color: "#abc" } })).status, 403);
  t2.equal((await request("PUT", `/api/queue/${q.id}`, { token: user.token, body: { name: "Xyz" } })).status, 403);
  t2.equal((await request("DELETE", `/api/queue/${q.id}`, { token: user.token })).status, 403);
  t2.equal((await request("GET", "/api/queue", { token: user.token })).body.length, 1);
  t2.equal((await request("DELETE", `/api/queue/${q.id}`, { token })).status, 200);
  t2.equal((await request("GET", `/api/queue/${q.id}`, { token })).status, 404);
});
t.test("malformed queues are 400; another company gets 404 and an empty list", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  for (const body of [{ name: "S", color: "#00ff00" }, { name: "Support", color: "#0" }, { name: "Support", color: "#0000000000" }, { name: "Support", color: "#abc", schedules: [{ weekday: "x", weekdayEn: "x", startTime: "25:00", endTime: "10:00" }] }, { name: "Support", color: "#abc", orderQueue: "first" }]) {
    t2.equal((await request("POST", "/api/queue", { token, body })).status, 400, JSON.stringify(body));
  }
  const q = (await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00" } })).body;
  const ot = (await createTenant("Other Co")).admin.token;
  t2.equal((await request("GET", `/api/queue/${q.id}`, { token: ot })).status, 404);
  t2.equal((await request("PUT", `/api/queue/${q.id}`, { token: ot, body: { name: "Hack" } })).status, 404);
  t2.equal((await request("DELETE", `/api/queue/${q.id}`, { token: ot })).status, 404);
  t2.same((await request("GET", "/api/queue", { token: ot })).body, []);
});
t.test("queue create, update and delete emit company-1-queue", async (t2) => {
  const { app, request, token } = await build(t2);
  const actions = captureEvents(app, 1, "queue");
  const q = (await request("POST", "/api/queue", { token, body: { name: "Support", color: "#00ff00" } })).body;
  await request("PUT", `/api/queue/${q.id}`, { token, body: { name: "Support 2" } });
  await request("DELETE", `/api/queue/${q.id}`, { token });
  t2.same(actions, ["create", "update", "delete"]);
});
