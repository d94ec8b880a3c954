import t from "tap";
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Model } from "objection";
import { buildApp } from "../../src/app.js";
import { createKnex, dropMysqlDatabase } from "../../src/db/connection.js";
import { repoRoot } from "../../src/config/index.js";
import { ADMIN_EMAIL, ADMIN_PASSWORD, testDb } from "../helper.js";
import { dataTables, tableRows } from "../db-walk.js";
import { inbound } from "../pipeline/fixtures.js";
import { contactDataApp } from "../privacy/fixtures.js";
const PASSPHRASE = "drill-passphrase-0123";
const withoutSecretEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !["SECRETS_KEY", "JWT_SECRET", "JWT_REFRESH_SECRET"].includes(k)));
function cli(args, env) {
  return new Promise((resolve) => {
    execFile(process.execPath, ["--import", "tsx", path.join(repoRoot, "core/src/backup/cli.ts"), ...args], {
      cwd: repoRoot,
      env: { ...withoutSecretEnv(), ...env }
    }, (err, stdout, stderr) => resolve({ code: err ? Number(err.code ?? 1) : 0, out: `${stdout}${stderr}` }));
  });
}
const databaseEnv = (database) => ({ DATABASE_URL: database.kind === "sqlite" ? `sqlite:${database.filename}` : database.url });
function hashes(dir, root = dir, out = /* @__PURE__ */ new Map()) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) hashes(full, root, out);
    else out.set(path.relative(root, full), createHash("sha256").update(readFileSync(full)).digest("hex"));
  }
  return out;
}
t.test("the restore drill: back up while messages arrive, restore into a fresh place, every row and file alike, the product starts", async (t2) => {
  const env = await contactDataApp(t2);
  const { app, request, token } = env;
  await env.seed("5511944440001", "Drillcontact");
  await env.runCampaign();
  const queue = (await request("POST", "/api/queue", { token, body: { name: "Drill queue", color: "#00ff00", greetingMessage: "" } })).body;
  const apiKey = "sk-drill-0123456789-secret";
  const prompt = await request("POST", "/api/prompt", { token, body: { name: "Drill prompt", prompt: "x".repeat(60), apiKey, queueId: queue.id } });
  t2.equal(prompt.status, 200, "a sealed secret (a prompt's API key)");
  await app.jobs.idle();
  const tables = await dataTables(app.knex);
  const snapshot = async (knex2 = app.knex) => new Map(await Promise.all(tables.map(async (table) => [table.name, await tableRows(knex2, table)])));
  const before = await snapshot();
  let arriving = true;
  let sent = 0;
  const traffic = (async () => {
    while (arriving) {
      await app.pipeline.inbound.onMessage({ companyId: 1, whatsappId: env.flowLine.id }, inbound(`55119333${String(sent % 20).padStart(5, "0")}`, `traffic ${sent}`));
      sent += 1;
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const archive = path.join(mkdtempSync(path.join(os.tmpdir(), "atrium-drill-")), "backup.tar.gz.enc");
  t2.teardown(() => rmSync(path.dirname(archive), { recursive: true, force: true }));
  const sentBefore = sent;
  const backup = await cli(["backup", archive, "--encrypt"], { DATA_DIR: app.config.dataDir, ...databaseEnv(app.config.database), ATRIUM_BACKUP_PASSPHRASE: PASSPHRASE });
  const sentDuring = sent - sentBefore;
  arriving = false;
  await traffic;
  await app.jobs.idle();
  t2.equal(backup.code, 0, backup.out);
  t2.match(backup.out, /the secrets file .*\(encrypted\)/);
  t2.ok(sentDuring > 0, `messages kept arriving during the backup (${sentDuring})`);
  t2.match(readFileSync(archive).subarray(0, 200).toString(), /^ATRIUM-BACKUP-ENCRYPTED 1\n\{.*"containsSecrets":true/, "the encrypted archive says it holds secrets");
  const after = await snapshot();
  const restoredDir = mkdtempSync(path.join(os.tmpdir(), "atrium-restored-"));
  const database = testDb === "mysql" ? { kind: "mysql", url: `${(process.env.TEST_MYSQL_URL ?? "mysql://root@127.0.0.1:3306").replace(/\/$/, "")}/atrium_r_${process.pid}_${Math.random().toString(36).slice(2, 8)}` } : { kind: "sqlite", url: "", filename: path.join(restoredDir, "atrium.sqlite") };
  t2.teardown(async () => {
    rmSync(restoredDir, { recursive: true, force: true });
    if (database.kind === "mysql") await dropMysqlDatabase(database.url);
  });
  const target = { DATA_DIR: restoredDir, ...databaseEnv(database) };
  const wrong = await cli(["restore", archive], { ...target, ATRIUM_BACKUP_PASSPHRASE: "not-the-passphrase" });
  t2.not(wrong.code, 0, "a wrong passphrase fails");
  t2.match(wrong.out, /could not be decrypted/);
  t2.same(readdirSync(restoredDir), [], "\u2026 and writes nothing");
  const restore = await cli(["restore", archive], { ...target, ATRIUM_BACKUP_PASSPHRASE: PASSPHRASE });
  t2.equal(restore.code, 0, restore.out);
  const again = await cli(["restore", archive], { ...target, ATRIUM_BACKUP_PASSPHRASE: PASSPHRASE });
  t2.not(again.code, 0, "a second restore onto the restored data is refused");
  t2.match(again.out, /not empty.*--force/);
  const knex = createKnex(database);
  t2.teardown(() => knex.destroy());
  const restored = await snapshot(knex);
  await t2.test("every table: each row untouched by the traffic is restored as it was; the rest is a consistent moment", async (t3) => {
    const moving = /* @__PURE__ */ new Set(["tickets", "ticketCounts", "jobs", "messages", "sandboxOutbox"]);
    for (const table of tables) {
      const was = new Set(before.get(table.name));
      const now = new Set(after.get(table.name));
      const back = new Set(restored.get(table.name));
      const stable = [...was].filter((row) => now.has(row));
      const lost = stable.filter((row) => !back.has(row));
      t3.same(lost, [], `${table.name}: every row that did not change (${stable.length}) is restored`);
      const unknown = [...back].filter((row) => !was.has(row) && !now.has(row));
      if (!moving.has(table.name)) {
        t3.same(unknown, [], `${table.name}: no row the live database never held`);
      } else if (table.columns.includes("id") && table.name !== "jobs") {
        const at = table.columns.indexOf("id");
        const idOf = (row) => String(JSON.parse(row)[at]);
        const known = new Set([...was, ...now].map(idOf));
        t3.same(unknown.map(idOf).filter((id) => !known.has(id)), [], `${table.name}: every restored row is one the live database held (${unknown.length} in a state between)`);
      }
    }
    const traffic2 = await knex("messages").where("body", "like", "traffic %").count("* as n").first();
    t3.ok(Number(traffic2?.n) > 0 && Number(traffic2?.n) <= sent, `the snapshot holds part of the traffic (${traffic2?.n} of ${sent})`);
    const tickets = await knex("tickets").select("id", "lastMessage");
    for (const ticket of tickets) {
      const last = await knex("messages").where({ ticketId: ticket.id }).orderBy("id", "desc").first("body");
      if (last && /^traffic /.test(String(last.body))) t3.equal(ticket.lastMessage, last.body, `ticket ${ticket.id}'s last message is its newest restored message`);
    }
    const kept = await knex("ticketCounts").select("companyId", "status", "queueId", "userId", "n");
    const counted = await knex("tickets").select("companyId", "status").select(knex.raw("COALESCE(queueId, 0) AS q, COALESCE(userId, 0) AS u, COUNT(*) AS n")).groupBy("companyId", "status", knex.raw("COALESCE(queueId, 0)"), knex.raw("COALESCE(userId, 0)"));
    const key = (r, q, u) => `${r.companyId}/${r.status}/${q}/${u}`;
    t3.same(
      Object.fromEntries(kept.filter((r) => Number(r.n)).map((r) => [key(r, r.queueId, r.userId), Number(r.n)])),
      Object.fromEntries(counted.map((r) => [key(r, r.q, r.u), Number(r.n)])),
      "the kept ticket counts match the restored tickets"
    );
  });
  await t2.test("every media file comes back with the same bytes", async (t3) => {
    const live = hashes(path.join(app.config.dataDir, "media"));
    t3.ok(live.size >= 4, `${live.size} media files`);
    t3.same(hashes(path.join(restoredDir, "media")), live);
  });
  await t2.test("the restored product starts: the same users log in, tickets and files are served, sealed secrets decrypt", async (t3) => {
    const second = await buildApp({
      logger: false,
      env: { ...withoutSecretEnv(), ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? "", PLUGINS_DIR: "" },
      config: { dataDir: restoredDir, database, seed: true, consoleDir: path.join(restoredDir, "no-console"), sandbox: app.config.sandbox }
    });
    t3.teardown(async () => {
      await second.close();
      Model.knex(app.knex);
    });
    await second.ready();
    Model.knex(app.knex);
    t3.equal(
      (await second.inject({ method: "GET", url: "/api/tickets", query: { status: "closed", showAll: "true" }, headers: { authorization: `Bearer ${token}` } })).statusCode,
      200,
      "a session of the live server is valid there too (the same signing keys)"
    );
    const live = await request("GET", `/api/contacts/list`, { token });
    Model.knex(second.knex);
    const login = await second.inject({ method: "POST", url: "/api/auth/login", payload: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    t3.equal(login.statusCode, 200, "the same user and password");
    const session = login.json().token;
    const auth = { authorization: `Bearer ${session}` };
    const back = (await second.inject({ method: "GET", url: "/api/contacts/list", headers: auth })).json();
    t3.ok(back.length >= 2 && back.every((c) => live.body.some((l) => l.id === c.id)), "the contacts");
    const media = await knex("messages").whereNotNull("mediaUrl").first("mediaUrl");
    const url = new URL(String(media.mediaUrl)).pathname;
    const file = await second.inject({ method: "GET", url });
    t3.equal(file.statusCode, 200, `${url} is served`);
    Model.knex(app.knex);
    t3.same(file.rawPayload, (await app.inject({ method: "GET", url })).rawPayload, "with its bytes");
    const stored = await second.knex("prompts").where({ id: prompt.body.id }).first("apiKey");
    t3.equal(second.atrium.secrets.decrypt(stored.apiKey), apiKey, "the prompt's key decrypts with the restored key");
    Model.knex(second.knex);
    const restoredPrompt = (await second.inject({ method: "GET", url: `/api/prompt/${prompt.body.id}`, headers: auth })).json();
    Model.knex(app.knex);
    t3.equal(restoredPrompt.name, "Drill prompt", "plugin data is there");
  });
});
