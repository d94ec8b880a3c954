import t from "tap";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import knexFactory from "knex";
import { createKnex, dropMysqlDatabase } from "../../src/db/connection.js";
import { testDb } from "../helper.js";
import { api, connectedSandbox, startServer, waitForExit } from "./server-process.js";
const ADMIN = { email: "crash@atrium.test", password: "Crash-pass-123" };
const CONTACTS = 20;
const PER_CONTACT = 15;
const events = Array.from({ length: CONTACTS * PER_CONTACT }, (_, i) => ({
  number: String(553199e7 + i % CONTACTS),
  name: `Crash ${i % CONTACTS}`,
  body: `message ${i}`,
  providerId: `CRASH-${i}`
}));
async function feed(url, token, connectionId, list, options = {}) {
  let next = 0;
  let done = 0;
  await Promise.all(Array.from({ length: 8 }, async () => {
    while (next < list.length) {
      const event = list[next++];
      for (let attempt = 0; ; attempt++) {
        const status = await api(url, token, "POST", `/api/sandbox/${connectionId}/inbound`, event).then((r) => r.status, () => 0);
        if (status === 200 || !options.untilAcknowledged) break;
        if (attempt > 600) throw new Error(`event ${event.providerId} never acknowledged (last status ${status})`);
        await new Promise((r) => setTimeout(r, 100));
      }
      options.onEach?.(++done);
    }
  }));
}
t.test("a server killed with SIGKILL mid-stream loses nothing and, after the provider replays its events, stores each message exactly once", async (t2) => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-crash-"));
  const databaseUrl = testDb === "mysql" ? `${(process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "")}/atrium_crash_${process.pid}` : `sqlite:${path.join(dataDir, "crash.sqlite")}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    REDIS_URL: process.env.TEST_REDIS_URL ?? "",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: "fatal",
    LOGIN_RATE_MAX: "1000",
    SANDBOX_AUTOSCAN_MS: "50",
    SANDBOX_ACK_STEP_MS: "50",
    SESSION_LEASE_MS: "2000",
    JOB_LEASE_MS: "2000",
    CONSOLE_DIR: path.join(dataDir, "none"),
    PLUGINS_DIR: ""
  };
  t2.teardown(async () => {
    if (testDb === "mysql") await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  });
  const first = await startServer(env);
  let token = (await api(first.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  let connectionId = await connectedSandbox(first.url, token);
  let killedAfter = 0;
  await feed(first.url, token, connectionId, events, {
    onEach: (n) => {
      if (n === Math.floor(events.length / 3) && first.child.exitCode === null) {
        killedAfter = n;
        first.child.kill("SIGKILL");
      }
    }
  });
  await waitForExit(first.child);
  t2.ok(killedAfter > 0, `killed after ${killedAfter} acknowledged events`);
  const second = await startServer(env);
  t2.teardown(() => {
    second.child.kill("SIGKILL");
  });
  token = (await api(second.url, void 0, "POST", "/api/auth/login", ADMIN)).body.token;
  connectionId = await connectedSandbox(second.url, token);
  await feed(second.url, token, connectionId, events, { untilAcknowledged: true });
  await feed(second.url, token, connectionId, events.slice(0, 50), { untilAcknowledged: true });
  const knex = testDb === "mysql" ? createKnex({ kind: "mysql", url: databaseUrl }) : knexFactory({ client: "better-sqlite3", connection: { filename: path.join(dataDir, "crash.sqlite") }, useNullAsDefault: true });
  t2.teardown(() => knex.destroy());
  const ours = () => knex("tickets").whereIn("contactId", knex("contacts").where("number", "like", "553199%").select("id")).select("id");
  const greetings = async () => await knex("messages").whereIn("ticketId", ours()).where("fromMe", true).select("ticketId");
  for (let i = 0; i < 300 && (await greetings()).length < CONTACTS; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1e3));
  second.child.kill("SIGTERM");
  await waitForExit(second.child);
  const perTicket = /* @__PURE__ */ new Map();
  for (const { ticketId } of await greetings()) perTicket.set(ticketId, (perTicket.get(ticketId) ?? 0) + 1);
  t2.ok([...perTicket.values()].every((n) => n === 1), "no ticket was greeted twice: a message is answered at most once");
  t2.ok(perTicket.size >= CONTACTS - 1, `the greetings resumed after the restart (${perTicket.size} of ${CONTACTS} tickets; at most the one in flight at the kill is lost)`);
  const stored = await knex("messages").where("providerId", "like", "CRASH-%").select("providerId");
  const ids = new Set(stored.map((m) => m.providerId));
  t2.equal(stored.length, events.length, "one row per provider event");
  t2.equal(ids.size, events.length, "every event is there");
  const contacts = await knex("contacts").where("number", "like", "553199%").count({ n: "*" }).first();
  t2.equal(Number(contacts?.n), CONTACTS, "one contact per number");
  const live = await knex("tickets").whereIn("contactId", knex("contacts").where("number", "like", "553199%").select("id")).whereNot("status", "closed").count({ n: "*" }).first();
  t2.equal(Number(live?.n), CONTACTS, "one live ticket per contact");
  const unread = await knex("tickets").whereIn("contactId", knex("contacts").where("number", "like", "553199%").select("id")).sum({ n: "unreadMessages" }).first();
  t2.equal(Number(unread?.n), events.length, "unread counts match the messages stored, not the deliveries");
});
