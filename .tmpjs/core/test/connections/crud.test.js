import t from "tap";
import { build } from "../helper.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { createQueue } from "./util.js";
const body = (name, extra = {}) => ({ name, provider: "sandbox", ...extra });
t.test("the seeded company lists its sandbox connection with queues and token", async (t2) => {
  const { request, token } = await build(t2);
  const res = await request("GET", "/api/whatsapp", { token, query: { session: 0 } });
  t2.equal(res.status, 200);
  t2.equal(res.body.length, 1);
  t2.equal(res.body[0].provider, "sandbox");
  t2.equal(res.body[0].isDefault, true);
  t2.same(res.body[0].queues, []);
  t2.type(res.body[0].token, "string", "an admin sees the external API token");
  t2.notOk("userStopped" in res.body[0]);
});
t.test("the first connection of a company becomes the default; the plan limit applies", async (t2) => {
  const { request, createTenant } = await build(t2);
  const tenant = await createTenant("Limited", {}, { connections: 2 });
  const a = await request("POST", "/api/whatsapp", { token: tenant.admin.token, body: body("First") });
  t2.equal(a.status, 200);
  t2.equal(a.body.isDefault, true, "first connection is default although not asked");
  t2.equal(a.body.provider, "sandbox");
  t2.match(a.body.token, /^[\w-]{20,}$/);
  const b = await request("POST", "/api/whatsapp", { token: tenant.admin.token, body: { name: "Second" } });
  t2.equal(b.status, 200);
  t2.equal(b.body.isDefault, false);
  t2.equal(b.body.provider, "beta", "provider defaults to beta");
  t2.not(b.body.token, a.body.token, "tokens are unique");
  t2.equal(b.body.maxUseBotQueues, 3);
  t2.equal(b.body.expiresTicket, 0);
  const c = await request("POST", "/api/whatsapp", { token: tenant.admin.token, body: body("Third") });
  t2.equal(c.status, 403);
  t2.equal(c.body.error, "ERR_PLAN_LIMIT");
});
t.test("names are 2-50 characters and unique per company", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const short = await request("POST", "/api/whatsapp", { token, body: body("A") });
  t2.equal(short.status, 400);
  t2.equal(short.body.error, "ERR_VALIDATION");
  t2.match(short.body.field, /name/);
  const missing = await request("POST", "/api/whatsapp", { token, body: {} });
  t2.equal(missing.status, 400);
  const dup = await request("POST", "/api/whatsapp", { token, body: body("Sandbox") });
  t2.equal(dup.status, 409);
  t2.equal(dup.body.error, "ERR_WAPP_NAME_ALREADY_EXISTS");
  const other = await createTenant("Other");
  t2.equal((await request("POST", "/api/whatsapp", { token: other.admin.token, body: body("Sandbox") })).status, 200, "another company may use the same name");
  const bad = await request("POST", "/api/whatsapp", { token, body: body("Bad provider", { provider: "telegram" }) });
  t2.equal(bad.status, 400);
});
t.test("every field of the connection is stored and returned", async (t2) => {
  const { request, token, companyId, app } = await build(t2);
  const q1 = await createQueue(companyId, "Sales");
  const q2 = await createQueue(companyId, "Support");
  const [promptId] = await app.knex("prompts").insert({ companyId, name: "Bot", prompt: "p", model: "m", maxTokens: 10, temperature: 1, apiKey: "x", queueId: q1.id, maxMessages: 5 });
  const [integrationId] = await app.knex("queueIntegrations").insert({ companyId, type: "webhook", name: "Hook", typebotDelayMessage: 0, typebotExpires: 0 });
  const res = await request("POST", "/api/whatsapp", {
    token,
    body: body("Full", {
      greetingMessage: "Hi, pick one",
      complationMessage: "Bye",
      outOfHoursMessage: "Closed",
      ratingMessage: "Rate us",
      expiresInactiveMessage: "Expired",
      expiresTicket: 30,
      timeUseBotQueues: 5,
      maxUseBotQueues: 4,
      timeToTransfer: 10,
      transferQueueId: q2.id,
      promptId,
      integrationId,
      queueIds: [q1.id, q2.id]
    })
  });
  t2.equal(res.status, 200, JSON.stringify(res.body));
  t2.match(res.body, {
    name: "Full",
    greetingMessage: "Hi, pick one",
    complationMessage: "Bye",
    outOfHoursMessage: "Closed",
    ratingMessage: "Rate us",
    expiresInactiveMessage: "Expired",
    expiresTicket: 30,
    timeUseBotQueues: 5,
    maxUseBotQueues: 4,
    timeToTransfer: 10,
    transferQueueId: q2.id,
    promptId,
    integrationId
  });
  t2.same(res.body.queues.map((q) => q.id), [q1.id, q2.id]);
  const got = await request("GET", `/api/whatsapp/${res.body.id}`, { token });
  t2.equal(got.status, 200);
  t2.same(got.body.queues.map((q) => q.name), ["Sales", "Support"]);
});
t.test("more than one queue without a greeting is refused with ERR_WAPP_GREETING_REQUIRED", async (t2) => {
  const { request, token, companyId } = await build(t2);
  const q1 = await createQueue(companyId, "A queue");
  const q2 = await createQueue(companyId, "B queue");
  const res = await request("POST", "/api/whatsapp", { token, body: body("Two queues", { queueIds: [q1.id, q2.id] }) });
  t2.equal(res.status, 400);
  t2.equal(res.body.error, "ERR_WAPP_GREETING_REQUIRED");
  const one = await request("POST", "/api/whatsapp", { token, body: body("One queue", { queueIds: [q1.id] }) });
  t2.equal(one.status, 200, "one queue needs no greeting");
  const put = await request("PUT", `/api/whatsapp/${one.body.id}`, { token, body: { queueIds: [q1.id, q2.id] } });
  t2.equal(put.status, 400);
  t2.equal(put.body.error, "ERR_WAPP_GREETING_REQUIRED");
  const seeded = (await request("GET", "/api/whatsapp", { token })).body[0];
  const withGreeting = await request("PUT", `/api/whatsapp/${seeded.id}`, { token, body: { queueIds: [q1.id, q2.id] } });
  t2.equal(withGreeting.status, 200, "the stored greeting counts");
  const blank = await request("PUT", `/api/whatsapp/${seeded.id}`, { token, body: { greetingMessage: "  " } });
  t2.equal(blank.body.error, "ERR_WAPP_GREETING_REQUIRED", "a blank greeting is no greeting");
});
t.test("queues of another company are not found", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const other = await createTenant("Other");
  const foreign = await createQueue(other.companyId, "Theirs");
  const res = await request("POST", "/api/whatsapp", { token, body: body("Mine", { queueIds: [foreign.id] }) });
  t2.equal(res.status, 404);
  t2.equal(res.body.error, "ERR_NO_QUEUE_FOUND");
  const transfer = await request("POST", "/api/whatsapp", { token, body: body("Mine", { transferQueueId: foreign.id }) });
  t2.equal(transfer.status, 404);
  t2.equal(await Whatsapp.scoped(1).where("name", "Mine").resultSize(), 0);
});
t.test("setting isDefault moves the default; unsetting the only default is ERR_NO_OTHER_WHATSAPP", async (t2) => {
  const { request, token } = await build(t2);
  const seeded = (await request("GET", "/api/whatsapp", { token })).body[0];
  const unset = await request("PUT", `/api/whatsapp/${seeded.id}`, { token, body: { isDefault: false } });
  t2.equal(unset.status, 400);
  t2.equal(unset.body.error, "ERR_NO_OTHER_WHATSAPP");
  const second = await request("POST", "/api/whatsapp", { token, body: body("Second", { isDefault: true }) });
  t2.equal(second.body.isDefault, true);
  const list = (await request("GET", "/api/whatsapp", { token })).body;
  t2.same(list.filter((w) => w.isDefault).map((w) => w.id), [second.body.id], "exactly one default");
  const back = await request("PUT", `/api/whatsapp/${seeded.id}`, { token, body: { isDefault: true, name: "Renamed" } });
  t2.equal(back.status, 200);
  t2.equal(back.body.name, "Renamed");
  const after = (await request("GET", "/api/whatsapp", { token })).body;
  t2.same(after.filter((w) => w.isDefault).map((w) => w.id), [seeded.id]);
  const dupName = await request("PUT", `/api/whatsapp/${seeded.id}`, { token, body: { name: "Second" } });
  t2.equal(dupName.body.error, "ERR_WAPP_NAME_ALREADY_EXISTS");
});
t.test("deleting the default makes another one the default, stops its session and emits delete", async (t2) => {
  const { app, request, token } = await build(t2);
  const seeded = (await request("GET", "/api/whatsapp", { token })).body[0];
  const second = await request("POST", "/api/whatsapp", { token, body: body("Second") });
  const events = [];
  const emit = app.bus.emit;
  app.bus.emit = (companyId, event, payload, room) => {
    events.push([event, payload]);
    emit.call(app.bus, companyId, event, payload, room);
  };
  t2.teardown(() => {
    app.bus.emit = emit;
  });
  const del = await request("DELETE", `/api/whatsapp/${seeded.id}`, { token });
  t2.equal(del.status, 200);
  t2.equal(app.sessions.running(seeded.id), void 0, "session stopped");
  const list = (await request("GET", "/api/whatsapp", { token })).body;
  t2.equal(list.length, 1);
  t2.equal(list[0].id, second.body.id);
  t2.equal(list[0].isDefault, true);
  t2.ok(events.some(([e, p]) => e === "whatsapp" && p.action === "delete" && p.whatsappId === seeded.id));
  t2.ok(events.some(([e, p]) => e === "whatsapp" && p.action === "update" && p.whatsapp.id === second.body.id && p.whatsapp.isDefault));
  t2.notOk(events.some(([, p]) => p.whatsapp && "token" in p.whatsapp), "events never carry the token");
  t2.equal((await request("GET", `/api/whatsapp/${seeded.id}`, { token })).status, 404);
});
t.test("a user of another company gets 404 on every connection route", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const seeded = (await request("GET", "/api/whatsapp", { token })).body[0];
  const other = await createTenant("Intruder");
  const as = { token: other.admin.token };
  const calls = [
    ["GET", `/api/whatsapp/${seeded.id}`],
    ["PUT", `/api/whatsapp/${seeded.id}`, { name: "Hijacked" }],
    ["DELETE", `/api/whatsapp/${seeded.id}`],
    ["POST", `/api/whatsappsession/${seeded.id}`],
    ["PUT", `/api/whatsappsession/${seeded.id}`],
    ["DELETE", `/api/whatsappsession/${seeded.id}`]
  ];
  for (const [method, url, b] of calls) {
    const res = await request(method, url, { ...as, body: b });
    t2.equal(res.status, 404, `${method} ${url}`);
    t2.equal(res.body.error, "ERR_NO_WAPP_FOUND", `${method} ${url}`);
  }
  const list = await request("GET", "/api/whatsapp", as);
  t2.same(list.body, [], "the list shows only their own connections");
  const still = await request("GET", `/api/whatsapp/${seeded.id}`, { token });
  t2.equal(still.body.name, "Sandbox");
});
t.test("a non-admin may read connections (without the token) but gets 403 on every write", async (t2) => {
  const { request, token, createUser, companyId } = await build(t2);
  const seeded = (await request("GET", "/api/whatsapp", { token })).body[0];
  const user = await createUser(companyId);
  const list = await request("GET", "/api/whatsapp", { token: user.token });
  t2.equal(list.status, 200);
  t2.notOk("token" in list.body[0], "token hidden from non-admins");
  const calls = [
    ["POST", "/api/whatsapp", body("Nope")],
    ["PUT", `/api/whatsapp/${seeded.id}`, { name: "Nope" }],
    ["DELETE", `/api/whatsapp/${seeded.id}`],
    ["POST", `/api/whatsappsession/${seeded.id}`],
    ["PUT", `/api/whatsappsession/${seeded.id}`],
    ["DELETE", `/api/whatsappsession/${seeded.id}`]
  ];
  for (const [method, url, b] of calls) {
    const res = await request(method, url, { token: user.token, body: b });
    t2.equal(res.status, 403, `${method} ${url}`);
    t2.equal(res.body.error, "ERR_NO_PERMISSION");
  }
});
