import t from "tap";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
import { buildApp } from "../../src/app.js";
import { PluginManifestError } from "../../src/plugins/manifest.js";
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plugins");
function relayCopy(t2, edit) {
  const root = mkdtempSync(path.join(os.tmpdir(), "atrium-relay-"));
  cpSync(path.join(fixtures, "relay"), path.join(root, "relay"), { recursive: true });
  const file = path.join(root, "relay", "plugin.json");
  const manifest = JSON.parse(readFileSync(file, "utf8"));
  edit(manifest, path.join(root, "relay"));
  writeFileSync(file, JSON.stringify(manifest));
  t2.teardown(() => rmSync(root, { recursive: true, force: true }));
  return root;
}
async function startError(t2, pluginsDir) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-test-"));
  t2.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  return buildApp({ logger: false, extraPluginDirs: [pluginsDir], config: { dataDir, seed: false, database: { kind: "sqlite", url: "sqlite:x", filename: path.join(dataDir, "x.sqlite") } } }).then(async (app) => {
    await app.ready();
    await app.close();
    return void 0;
  }, (err) => err);
}
async function relayTenant(t2) {
  const env = await build(t2, { extraPluginDirs: [fixtures], config: { allowPrivateUrls: true } });
  const tenant = await env.createTenant("Relay Co", { useRelay: true });
  const saved = await env.request("PUT", "/api/relay/settings", { token: tenant.admin.token, body: { url: "http://127.0.0.1:9/hook", apiKey: "sk-live-0123456789abcdef" } });
  t2.equal(saved.status, 200, "settings saved");
  return { ...env, tenant, inboundToken: saved.body.inboundToken };
}
t.test("a declared public route answers without a session and without the plan flag; the plugin's other routes still need both", async (t2) => {
  const { request, app, tenant, inboundToken } = await relayTenant(t2);
  const hook = await request("POST", `/api/relay/hooks/${inboundToken}`, { body: { event: "paid" } });
  t2.equal(hook.status, 200, "no token needed");
  t2.same(hook.body, { received: true });
  t2.equal((await app.knex("relayEvents").where({ companyId: tenant.companyId })).length, 1, "stored for the token's company");
  t2.equal((await request("GET", "/api/relay/settings")).status, 401, "a private route of the same plugin still needs a session");
  await app.knex("plans").where({ id: tenant.planId }).update({ features: JSON.stringify({ useRelay: false }) });
  app.tenancy.invalidate();
  t2.equal((await request("GET", "/api/relay/settings", { token: tenant.admin.token })).body.error, "ERR_PLAN_FEATURE_DISABLED");
  t2.equal((await request("POST", `/api/relay/hooks/${inboundToken}`, { body: { event: "paid" } })).status, 200, "public: no plan check");
});
t.test("a public route authenticates its caller itself and fails closed", async (t2) => {
  const { request } = await relayTenant(t2);
  const res = await request("POST", "/api/relay/hooks/not-a-token", { body: { event: "paid" } });
  t2.equal(res.status, 401);
  t2.equal(res.body.error, "ERR_INVALID_WEBHOOK_TOKEN");
});
t.test("a public route is rate-limited per address, with the manifest's limit", async (t2) => {
  const { app, inboundToken } = await relayTenant(t2);
  const call = (ip) => app.inject({ method: "GET", url: `/api/relay/hooks/${inboundToken}/status`, remoteAddress: ip });
  const statuses = [];
  for (let i = 0; i < 4; i += 1) statuses.push((await call("203.0.113.7")).statusCode);
  t2.same(statuses, [200, 200, 200, 429], "the fourth call in the window is refused (max 3)");
  t2.equal((await call("203.0.113.8")).statusCode, 200, "another address has its own budget");
});
t.test("a route marked public in code but not declared in the manifest stops the start, naming it", async (t2) => {
  const dir = relayCopy(t2, (m) => {
    m.backend.publicRoutes = [{ method: "POST", url: "/hooks/:token" }];
  });
  t2.equal(await startError(t2, dir), void 0, "an undeclared route without config.public is simply private");
  const marked = relayCopy(t2, (m, folder) => {
    m.backend.publicRoutes = [];
    const entry = path.join(folder, "src", "index.ts");
    writeFileSync(entry, readFileSync(entry, "utf8").replace("app.post('/hooks/:token', {", "app.post('/hooks/:token', { config: { public: true },"));
  });
  const error = await startError(t2, marked);
  t2.ok(error instanceof PluginManifestError, "start-up fails with a PluginManifestError");
  t2.match(error.message, /Plugin "relay": field "backend.publicRoutes" does not list POST \/api\/relay\/hooks\/:token, which the code marks public/);
});
t.test("a declared public route the plugin never registers stops the start", async (t2) => {
  const dir = relayCopy(t2, (m) => {
    m.backend.publicRoutes.push({ method: "DELETE", url: "/hooks/:token" });
  });
  const error = await startError(t2, dir);
  t2.ok(error instanceof PluginManifestError);
  t2.match(error.message, /lists DELETE \/hooks\/:token, which the plugin does not register/);
});
t.test("the manifest schema checks public route declarations", async (t2) => {
  const dir = relayCopy(t2, (m) => {
    m.backend.publicRoutes = [{ method: "TRACE", url: "/x" }];
  });
  const error = await startError(t2, dir);
  t2.match(error.message, /Plugin "relay": field "backend.publicRoutes.0.method"/);
});
