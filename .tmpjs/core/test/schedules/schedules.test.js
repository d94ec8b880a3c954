import t from "tap";
import path from "node:path";
import { build, ADMIN_EMAIL, ADMIN_PASSWORD } from "../helper.js";
import { buildApp } from "../../src/app.js";
import { Whatsapp } from "../../src/db/models/index.js";
import { captureEvents, makeContact } from "../contacts/fixtures.js";
import { multipart } from "../contacts/multipart.js";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const inSeconds = (s) => new Date(Date.now() + s * 1e3).toISOString();
async function sandboxConnected() {
  for (let i = 0; i < 100; i++) {
    const w = await Whatsapp.scoped(1).where({ isDefault: true }).first();
    if (w?.status === "CONNECTED") return w;
    await sleep(50);
  }
  throw new Error("the sandbox connection never came up");
}
async function waitFor(probe, ms = 1e4) {
  const until = Date.now() + ms;
  for (; ; ) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error("timed out");
    await sleep(100);
  }
}
const finished = (request, token, id) => waitFor(async () => {
  const r = await request("GET", `/api/schedules/${id}`, { token });
  return r.body.status === "ENVIADA" || r.body.status === "ERRO" ? r.body : void 0;
});
t.test("a schedule set one second ahead is delivered through the sandbox and marked ENVIADA", async (t2) => {
  const { request, token } = await build(t2);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550001" });
  const res = await request("POST", "/api/schedules", { token, body: { body: "Your appointment is tomorrow", contactId: contact.id, sendAt: inSeconds(1) } });
  t2.equal(res.status, 200);
  t2.equal(res.body.status, "PENDENTE");
  t2.equal(res.body.contact.name, contact.name);
  const done = await finished(request, token, res.body.id);
  t2.equal(done.status, "ENVIADA", done.error ?? "");
  t2.ok(done.sentAt);
  t2.ok(done.ticketId, "the message went into the contact's ticket");
  const outbox = await request("GET", `/api/sandbox/${connection.id}/outbox`, { token });
  t2.ok(outbox.body.records.some((r) => r.to.startsWith("5511955550001") && r.body === "Your appointment is tomorrow"));
  const edit = await request("PUT", `/api/schedules/${res.body.id}`, { token, body: { body: "Changed after sending" } });
  t2.equal(edit.status, 409, "a sent schedule cannot be edited");
  t2.equal(edit.body.error, "ERR_SCHEDULE_ALREADY_SENT");
});
t.test("sendAt defaults to one hour from now; moving it earlier re-schedules and the message goes once", async (t2) => {
  const { request, token } = await build(t2);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550002" });
  const res = await request("POST", "/api/schedules", { token, body: { body: "Moved schedule", contactId: contact.id } });
  const offset = Date.parse(res.body.sendAt) - Date.now();
  t2.ok(offset > 359e4 && offset <= 36e5, "one hour ahead");
  const moved = await request("PUT", `/api/schedules/${res.body.id}`, { token, body: { sendAt: inSeconds(1) } });
  t2.equal(moved.status, 200);
  const done = await finished(request, token, res.body.id);
  t2.equal(done.status, "ENVIADA");
  await sleep(500);
  const outbox = await request("GET", `/api/sandbox/${connection.id}/outbox`, { token });
  t2.equal(outbox.body.records.filter((r) => r.body === "Moved schedule").length, 1, "sent exactly once");
});
t.test("a failed delivery is recorded as ERRO with its error, never lost", async (t2) => {
  const { request, token } = await build(t2);
  await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550003" });
  const res = await request("POST", "/api/schedules", { token, body: { body: "Will fail to send", contactId: contact.id, sendAt: inSeconds(1) } });
  await Whatsapp.scoped(1).patch({ isDefault: false });
  const done = await finished(request, token, res.body.id);
  t2.equal(done.status, "ERRO");
  t2.match(done.error, /ERR_NO_DEF_WAPP_FOUND/);
  t2.notOk(done.sentAt);
});
t.test("a schedule still due is delivered by a new app built on the same database after a restart", async (t2) => {
  const first = await build(t2);
  await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550004" });
  const res = await first.request("POST", "/api/schedules", { token: first.token, body: { body: "Survives a restart", contactId: contact.id, sendAt: inSeconds(3) } });
  t2.equal(res.status, 200);
  const { config } = first.app;
  await first.app.close();
  const second = await buildApp({
    logger: false,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? "", PLUGINS_DIR: "" },
    config: { dataDir: config.dataDir, database: config.database, seed: true, consoleDir: path.join(config.dataDir, "no-console"), sandbox: config.sandbox, loginRateLimit: config.loginRateLimit }
  });
  try {
    await second.ready();
    const login = await second.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    const token = login.json().token;
    const row = await waitFor(async () => {
      const r = (await second.inject({ method: "GET", url: `/api/schedules/${res.body.id}`, headers: { authorization: `Bearer ${token}` } })).json();
      return r.status === "ENVIADA" || r.status === "ERRO" ? r : void 0;
    });
    t2.equal(row.status, "ENVIADA", row.error ?? "");
    const w = await Whatsapp.scoped(1).where({ isDefault: true }).first();
    const outbox = (await second.inject({ method: "GET", url: `/api/sandbox/${w.id}/outbox`, headers: { authorization: `Bearer ${token}` } })).json();
    t2.equal(outbox.records.filter((r) => r.body === "Survives a restart").length, 1, "delivered once");
  } finally {
    await second.close();
  }
});
t.test("a send cut off mid-way (its job runs again and finds the row ENVIANDO) is reported as ERRO once stuck, never sent again", async (t2) => {
  const { app, request, token } = await build(t2);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550005" });
  const res = await request("POST", "/api/schedules", { token, body: { body: "Cut off while sending", contactId: contact.id, sendAt: inSeconds(3600) } });
  const sendAt = "2020-01-01 00:00:00.000";
  await app.knex("schedules").where({ id: res.body.id }).update({ status: "ENVIANDO", sendAt, updatedAt: new Date(Date.now() - 11 * 6e4).toISOString().replace("T", " ").replace("Z", "") });
  await app.jobs.enqueue("schedule.send", { companyId: 1, scheduleId: res.body.id, sendAt }, { jobId: "second-run" });
  const row = await waitFor(async () => {
    const r = (await request("GET", `/api/schedules/${res.body.id}`, { token })).body;
    return r.status === "ERRO" ? r : void 0;
  });
  t2.match(row.error, /interrupted while sending/);
  const outbox = await request("GET", `/api/sandbox/${connection.id}/outbox`, { token });
  t2.equal(outbox.body.records.filter((r) => r.body === "Cut off while sending").length, 0, "not sent again");
});
t.test("schedules are listed with count, searched, filtered by contact and validated", async (t2) => {
  const { request, token } = await build(t2);
  const ana = await makeContact(1, { name: "Ana Lima" });
  const bob = await makeContact(1, { name: "Bob Reis" });
  for (let i = 0; i < 21; i++) await request("POST", "/api/schedules", { token, body: { body: `Reminder number ${i}`, contactId: ana.id, sendAt: inSeconds(3600 + i) } });
  await request("POST", "/api/schedules", { token, body: { body: "Birthday wishes", contactId: bob.id, sendAt: inSeconds(7200) } });
  const first = await request("GET", "/api/schedules", { token });
  t2.equal(first.body.schedules.length, 20);
  t2.equal(first.body.count, 22);
  t2.equal(first.body.hasMore, true);
  t2.equal(first.body.schedules[0].body, "Reminder number 0", "soonest first");
  t2.equal((await request("GET", "/api/schedules", { token, query: { contactId: bob.id } })).body.count, 1);
  t2.equal((await request("GET", "/api/schedules", { token, query: { searchParam: "bob" } })).body.schedules[0].body, "Birthday wishes", "search by contact name");
  t2.equal((await request("GET", "/api/schedules", { token, query: { searchParam: "BIRTHDAY" } })).body.count, 1);
  t2.equal((await request("POST", "/api/schedules", { token, body: { body: "Hey", contactId: ana.id } })).status, 400, "body of at least 5");
  t2.equal((await request("POST", "/api/schedules", { token, body: { body: "Hello there" } })).status, 400, "contact required");
  t2.equal((await request("POST", "/api/schedules", { token, body: { body: "Hello there", contactId: ana.id, sendAt: "tomorrow" } })).status, 400);
  t2.equal((await request("POST", "/api/schedules", { token, body: { body: "Hello there", contactId: 999999 } })).body.error, "ERR_NO_CONTACT_FOUND");
});
t.test("a schedule takes a png/jpg image; anything else is refused", async (t2) => {
  const { app, request, token } = await build(t2);
  const contact = await makeContact(1);
  const s = (await request("POST", "/api/schedules", { token, body: { body: "With a picture", contactId: contact.id } })).body;
  const send = (filename, mimetype) => {
    const { payload, headers } = multipart({}, [{ field: "file", filename, content: Buffer.from([137, 80, 78, 71]), mimetype }]);
    return app.inject({ method: "POST", url: `/api/schedules/${s.id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  };
  const ok = await send("photo.png", "image/png");
  t2.equal(ok.statusCode, 200, ok.body);
  t2.equal(ok.json().mediaName, "photo.png");
  const pdf = await send("doc.pdf", "application/pdf");
  t2.equal(pdf.statusCode, 400);
  t2.equal(pdf.json().error, "ERR_INVALID_MEDIA_TYPE");
  const removed = await request("DELETE", `/api/schedules/${s.id}/media-upload`, { token });
  t2.equal(removed.body.mediaPath, null);
});
t.test("schedules need the plan feature; another company gets 404 and sees none", async (t2) => {
  const { request, token, createTenant } = await build(t2);
  const contact = await makeContact(1);
  const s = (await request("POST", "/api/schedules", { token, body: { body: "Company one only", contactId: contact.id } })).body;
  const other = await createTenant("Other Co");
  const ot = other.admin.token;
  t2.equal((await request("GET", `/api/schedules/${s.id}`, { token: ot })).status, 404);
  t2.equal((await request("PUT", `/api/schedules/${s.id}`, { token: ot, body: { body: "Hacked body" } })).status, 404);
  t2.equal((await request("DELETE", `/api/schedules/${s.id}`, { token: ot })).status, 404);
  t2.equal((await request("DELETE", `/api/schedules/${s.id}/media-upload`, { token: ot })).status, 404);
  t2.equal((await request("GET", "/api/schedules", { token: ot })).body.count, 0);
  t2.equal((await request("POST", "/api/schedules", { token: ot, body: { body: "Their contact?", contactId: contact.id } })).status, 404, "nor schedule to another company's contact");
  const noPlan = await createTenant("No Schedules Co", { useSchedules: false });
  const refused = await request("GET", "/api/schedules", { token: noPlan.admin.token });
  t2.equal(refused.status, 403);
  t2.equal(refused.body.error, "ERR_PLAN_FEATURE_DISABLED");
  t2.equal((await request("DELETE", `/api/schedules/${s.id}`, { token })).status, 200);
  t2.equal((await request("GET", `/api/schedules/${s.id}`, { token })).status, 404);
});
t.test("schedule create, update and delete emit company-1-schedule", async (t2) => {
  const { app, request, token } = await build(t2);
  const actions = captureEvents(app, 1, "schedule");
  const contact = await makeContact(1);
  const s = (await request("POST", "/api/schedules", { token, body: { body: "Event check", contactId: contact.id } })).body;
  await request("PUT", `/api/schedules/${s.id}`, { token, body: { body: "Event check 2" } });
  await request("DELETE", `/api/schedules/${s.id}`, { token });
  t2.same(actions, ["create", "update", "delete"]);
});
t.test("a schedule with an image is delivered with its attachment", async (t2) => {
  const { app, request, token } = await build(t2);
  const connection = await sandboxConnected();
  const contact = await makeContact(1, { number: "5511955550005" });
  const s = (await request("POST", "/api/schedules", { token, body: { body: "Here is the photo", contactId: contact.id, sendAt: inSeconds(2) } })).body;
  const { payload, headers } = multipart({}, [{ field: "file", filename: "photo.png", content: Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), mimetype: "image/png" }]);
  t2.equal((await app.inject({ method: "POST", url: `/api/schedules/${s.id}/media-upload`, payload, headers: { ...headers, authorization: `Bearer ${token}` } })).statusCode, 200);
  const done = await finished(request, token, s.id);
  t2.equal(done.status, "ENVIADA", done.error ?? "");
  const outbox = await request("GET", `/api/sandbox/${connection.id}/outbox`, { token });
  const sent = outbox.body.records.find((r) => r.to.startsWith("5511955550005"));
  t2.ok(sent?.mediaUrl, "the image went out");
});
