import t from "tap";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { buildApp } from "../../src/app.js";
import { TenantScopeError } from "../../src/db/model.js";
import { readManifest } from "../../src/plugins/manifest.js";
import { assertOwnTables, createPluginDb, PluginTableError } from "../../src/sdk/db.js";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const campaigns = readManifest(path.join(root, "plugins/campaigns"));
const chat = readManifest(path.join(root, "plugins/internal-chat"));
t.test("a plugin asking for a core table or another plugin's is refused; no company, no query", async (t2) => {
  const { app } = await build(t2);
  const db = createPluginDb(app.knex, "campaigns", campaigns.backend);
  t2.throws(() => db.table("tickets", 1), PluginTableError, "a core table");
  t2.throws(() => db.table("ticketTags", 1), PluginTableError, "a core link table");
  t2.throws(() => db.table("prompts", 1), PluginTableError, "another plugin's table");
  t2.throws(() => db.unscoped("tickets"), PluginTableError, "a core table, unscoped");
  t2.throws(() => db.unscoped("campaigns"), PluginTableError, "an own table not declared unscoped");
  for (const bad of [void 0, null, 0, -1, 1.5, Number.NaN, "1"]) {
    t2.throws(() => db.table("campaigns", bad), TenantScopeError, `companyId ${String(bad)}`);
  }
  t2.throws(() => db.table("campaigns", 1).join("tickets", "tickets.id", "campaigns.id"), PluginTableError, "a join to a core table");
  t2.throws(() => db.table("campaigns", 1).leftJoin("users as u", "u.id", "campaigns.id"), PluginTableError, "an aliased join to a core table");
  t2.throws(() => db.table("campaigns", 1).from("contacts"), PluginTableError, "switching the table");
  t2.doesNotThrow(() => db.table("campaignShipping", 1).join("campaigns", "campaigns.id", "campaignShipping.campaignId"), "a join between own tables");
  t2.throws(() => db.table("campaigns", 1).where({ id: 1 }).orWhere({ id: 2 }), TenantScopeError, "a top-level orWhere (company AND a OR b)");
  t2.throws(() => db.table("campaigns", 1).orWhereIn("id", [2]), TenantScopeError, "a top-level orWhereIn");
  t2.throws(() => db.table("campaigns", 1).clearWhere(), TenantScopeError, "clearing the company filter");
  t2.throws(() => db.table("campaigns", 1).clear("where"), TenantScopeError, "clear('where')");
  t2.match(db.table("campaigns", 1).where((q) => q.where({ id: 1 }).orWhere({ id: 2 })).toString(), /companyId.? = 1 and \(.*id.? = 1 or .*id.? = 2\)*\)$/, "a grouped or-condition stays inside the company");
  t2.doesNotThrow(() => createPluginDb(app.knex, "internal-chat", chat.backend).unscoped("chatUsers"), "a declared unscoped table");
});
t.test("reads, updates and deletes stay in the company; inserts are stamped with it", async (t2) => {
  const { app, createTenant } = await build(t2);
  const a = await createTenant("A");
  const b = await createTenant("B");
  const db = createPluginDb(app.knex, "campaigns", campaigns.backend);
  const lists = (companyId) => db.table("contactLists", companyId);
  const at = { createdAt: "2026-01-01 00:00:00", updatedAt: "2026-01-01 00:00:00" };
  const [idA] = await lists(a.companyId).insert({ name: "list of A", ...at });
  await lists(b.companyId).insert([{ name: "list of B", ...at }, { name: "another of B", ...at }]);
  t2.equal((await app.knex("contactLists").where({ id: idA }).first()).companyId, a.companyId, "insert stamped the company");
  t2.same(await lists(a.companyId).pluck("name"), ["list of A"], "A reads only its rows");
  t2.equal(await lists(b.companyId).where({ id: idA }).first(), void 0, "A's row does not exist for B");
  t2.equal(await lists(b.companyId).where({ id: idA }).update({ name: "taken" }), 0, "B cannot update A's row");
  t2.equal(await lists(b.companyId).where({ id: idA }).delete(), 0, "B cannot delete A's row");
  t2.equal((await app.knex("contactLists").where({ id: idA }).first()).name, "list of A");
  t2.throws(() => lists(a.companyId).insert({ name: "smuggled", companyId: b.companyId }), TenantScopeError, "an insert naming another company");
  t2.throws(() => lists(a.companyId).update({ companyId: b.companyId }), TenantScopeError, "an update moving rows to another company");
  const upsert = (value) => db.table("campaignSettings", a.companyId).insert({ key: "k", value }).onConflict(["companyId", "key"]).merge(["value"]);
  await upsert('"one"');
  await upsert('"two"');
  t2.same(await db.table("campaignSettings", a.companyId).pluck("value"), ['"two"'], "an upsert (onConflict().merge()) works on both databases");
  await t2.rejects(db.transaction(async (tx) => {
    await tx.table("contactLists", a.companyId).insert({ name: "rolled back", ...at });
    throw new Error("boom");
  }), /boom/, "a failing transaction");
  t2.notOk(await lists(a.companyId).where({ name: "rolled back" }).first(), "was rolled back");
});
t.test("a manifest claiming a core table or another plugin's stops the start", async (t2) => {
  t2.throws(() => assertOwnTables("x", { tables: ["tickets"] }), /core table/);
  t2.throws(() => assertOwnTables("x", { unscopedTables: ["userQueues"] }), /core table/);
  const claimed = /* @__PURE__ */ new Map();
  assertOwnTables("one", { tables: ["shared"] }, claimed);
  t2.throws(() => assertOwnTables("two", { tables: ["shared"] }, claimed), /belongs to plugin "one"/);
  const fixtures = path.join(root, "core/test/fixtures/plugins");
  const dir = mkdtempSync(path.join(os.tmpdir(), "atrium-plugins-"));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-test-"));
  t2.teardown(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });
  cpSync(fixtures, dir, { recursive: true });
  const file = path.join(dir, "hello", "plugin.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  manifest.backend.tables = ["helloGreetings", "tickets"];
  writeFileSync(file, JSON.stringify(manifest));
  const error = await buildApp({ logger: false, extraPluginDirs: [dir], config: { dataDir, database: { kind: "sqlite", url: "sqlite:x", filename: path.join(dataDir, "x.sqlite") } } }).then(async (app) => {
    await app.close();
    return void 0;
  }, (err) => err);
  t2.ok(error instanceof PluginTableError, "start-up fails");
  t2.match(error.message, /Plugin "hello" may not query table "tickets"/);
});
t.test("each plugin declares exactly the tables its migrations create", async (t2) => {
  for (const id of readdirSync(path.join(root, "plugins"))) {
    let manifest;
    try {
      manifest = readManifest(path.join(root, "plugins", id));
    } catch {
      continue;
    }
    if (!manifest.backend?.migrations) continue;
    const source = readFileSync(path.join(root, "plugins", id, manifest.backend.migrations), "utf8");
    const created = [...source.matchAll(/createTable\(\s*['"`](\w+)['"`]/g)].map((m) => m[1]).sort();
    const declared = [.../* @__PURE__ */ new Set([...manifest.backend.tables ?? [], ...manifest.backend.unscopedTables ?? []])].sort();
    t2.same(declared, created, `${id}: plugin.json backend.tables + unscopedTables`);
  }
});
