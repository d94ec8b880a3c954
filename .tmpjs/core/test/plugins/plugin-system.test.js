import t from "tap";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { discoverPlugins, PluginManifestError, readManifest } from "../../src/plugins/manifest.js";
import { buildApp } from "../../src/app.js";
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plugins");
function brokenCopy(t2, edit) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atrium-plugins-"));
  cpSync(fixtures, dir, { recursive: true });
  const file = path.join(dir, "hello", "plugin.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  edit(manifest);
  writeFileSync(file, JSON.stringify(manifest));
  t2.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
t.test("a plugin in a plugins folder is discovered, validated and its migration runs with the core's", async (t2) => {
  const { app } = await build(t2, { extraPluginDirs: [fixtures] });
  t2.ok(app.plugins.some((p) => p.manifest.id === "hello"), "discovered");
  const ran = await app.knex("knex_migrations").pluck("name");
  t2.ok(ran.includes("hello/001_greetings"), "plugin migration recorded under the plugin id");
  t2.ok(ran.includes("core/001_core_schema"));
});
t.test("GET /api/plugins lists the plugin only for companies whose plan has its flag", async (t2) => {
  const { request, createTenant } = await build(t2, { extraPluginDirs: [fixtures] });
  const withFlag = await createTenant("With Hello", { useHello: true });
  const without = await createTenant("Without Hello", { useHello: false });
  const listed = await request("GET", "/api/plugins", { token: withFlag.admin.token });
  t2.equal(listed.status, 200);
  const hello = listed.body.plugins.find((p) => p.id === "hello");
  t2.ok(hello, "listed for the company with the flag");
  t2.equal(hello.remote.entry, "/plugins/hello/remoteEntry.js");
  t2.same(hello.remote.menu.map((m) => m.path), ["/hello"]);
  t2.equal(hello.remote.i18n.es.hello.menu, "Hola", "menu translations travel with the listing");
  t2.same(hello.remote.slots, ["sideMenu.badge", "ticketHeader.actions"], "the slots the remote fills travel with the listing");
  const hidden = await request("GET", "/api/plugins", { token: without.admin.token });
  t2.notOk(hidden.body.plugins.some((p) => p.id === "hello"), "not listed for the company without it");
});
t.test("routes and menu entries with a role are listed only to users who have it", async (t2) => {
  const { request, createTenant, createUser } = await build(t2, { extraPluginDirs: [fixtures] });
  const tenant = await createTenant("Roles", { useHello: true });
  const agent = await createUser(tenant.companyId);
  const asAdmin = await request("GET", "/api/plugins", { token: tenant.admin.token });
  const asAgent = await request("GET", "/api/plugins", { token: agent.token });
  const routes = (res) => res.body.plugins.find((p) => p.id === "hello").remote.routes.map((r) => r.path);
  t2.same(routes(asAdmin), ["/hello", "/hello/admin"]);
  t2.same(routes(asAgent), ["/hello"]);
});
t.test("a plugin route answers for a company with the flag and 403 for one without; 401 without a token", async (t2) => {
  const { request, createTenant } = await build(t2, { extraPluginDirs: [fixtures] });
  const withFlag = await createTenant("Greeter", { useHello: true });
  const without = await createTenant("Silent", { useHello: false });
  const ok = await request("GET", "/api/hello/greeting", { token: withFlag.admin.token });
  t2.equal(ok.status, 200);
  t2.equal(ok.body.message, `hello company ${withFlag.companyId}`);
  t2.equal(ok.body.count, 1);
  const denied = await request("GET", "/api/hello/greeting", { token: without.admin.token });
  t2.equal(denied.status, 403);
  t2.equal(denied.body.error, "ERR_PLAN_FEATURE_DISABLED");
  t2.equal((await request("GET", "/api/hello/greeting")).status, 401);
});
t.test("the remote's built files are served under /plugins/<id>/", async (t2) => {
  const { app } = await build(t2, { extraPluginDirs: [fixtures] });
  const res = await app.inject({ method: "GET", url: "/plugins/hello/remoteEntry.js" });
  t2.equal(res.statusCode, 200);
  t2.match(res.headers["content-type"], /javascript/);
  t2.match(res.body, /export const init/);
});
t.test("a broken manifest is rejected with a message naming the plugin and the field", async (t2) => {
  const badFlag = brokenCopy(t2, (m) => {
    m.planFlag = "kanban";
  });
  t2.throws(() => discoverPlugins([{ dir: badFlag, source: "external" }]), { name: "PluginManifestError", message: /Plugin "hello": field "planFlag"/ });
  const unknownField = brokenCopy(t2, (m) => {
    m.colour = "red";
  });
  t2.throws(() => readManifest(path.join(unknownField, "hello")), { message: /Plugin "hello": field "colour"/ });
  const missingId = brokenCopy(t2, (m) => {
    delete m.id;
  });
  t2.throws(() => readManifest(path.join(missingId, "hello")), { message: /field "id"/ });
  const wrongCore = brokenCopy(t2, (m) => {
    m.core = ">=9.0.0";
  });
  t2.throws(() => readManifest(path.join(wrongCore, "hello")), { message: /Plugin "hello": field "core" needs core >=9.0.0/ });
  const unknownSlot = brokenCopy(t2, (m) => {
    m.remote.slots = ["footer.banner"];
  });
  t2.throws(() => readManifest(path.join(unknownSlot, "hello")), { message: /Plugin "hello": field "remote.slots.0"/ });
  const missingEntry = brokenCopy(t2, (m) => {
    m.backend.entry = "src/nope.ts";
  });
  t2.throws(() => readManifest(path.join(missingEntry, "hello")), { message: /missing file src\/nope.ts/ });
});
t.test("the server refuses to start with a broken plugin, naming it", async (t2) => {
  const dir = brokenCopy(t2, (m) => {
    m.version = "one";
  });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-test-"));
  t2.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  const error = await buildApp({ logger: false, extraPluginDirs: [dir], config: { dataDir, database: { kind: "sqlite", url: "sqlite:x", filename: path.join(dataDir, "x.sqlite") } } }).then(async (app) => {
    await app.close();
    return void 0;
  }, (err) => err);
  t2.ok(error instanceof PluginManifestError, "start-up fails with a PluginManifestError");
  t2.match(error.message, /Plugin "hello": field "version"/);
});
t.test("two plugins with the same id are refused", async (t2) => {
  const dir = brokenCopy(t2, () => {
  });
  t2.throws(() => discoverPlugins([{ dir: fixtures, source: "repo" }, { dir, source: "external" }]), { message: /is used by two plugins/ });
});
