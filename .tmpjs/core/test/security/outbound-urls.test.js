import t from "tap";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseWarnings, WARNING_HEADER } from "../../src/http/warnings.js";
import { tenantUrlPaths, TENANT_URL_KEYWORD } from "../../src/outbound-http/schema.js";
import { fakeServer, testResolver } from "../outbound-http/fakes.js";
import { apiRoutes, buildWithFixturePlugins, sample } from "./routes.js";
const NOT_CALLED = {};
const URL_NAME = /url|uri|endpoint|callback|hostname|webhook$/i;
const PRIVATE = "http://[::127.0.0.1]/hook";
function stringFields(schema, at = []) {
  if (!schema) return [];
  const s = schema;
  const types = [s.type].flat();
  const out = types.includes("string") ? [{ path: at, schema: s }] : [];
  for (const [key, child] of Object.entries(s.properties ?? {})) out.push(...stringFields(child, [...at, key]));
  if (s.items) out.push(...stringFields(s.items, [...at, "*"]));
  for (const branch of [...s.anyOf ?? [], ...s.oneOf ?? []]) out.push(...stringFields(branch, at));
  return out;
}
function setAt(body, pathParts, value) {
  let node = body;
  pathParts.forEach((key, i) => {
    const k = key === "*" ? "0" : key;
    if (i === pathParts.length - 1) node[k] = value;
    else node = node[k];
  });
}
t.test("URLs tenants store for the server to call", async (t2) => {
  const { app, token, request } = await buildWithFixturePlugins(t2, { outboundResolver: testResolver });
  const routes = apiRoutes(app).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && r.schema.body);
  await t2.test("every body field named like a URL is a TenantUrl, or is listed as never called", async (t3) => {
    const unmarked = [];
    for (const route of routes) {
      for (const { path: p, schema } of stringFields(route.schema.body)) {
        const name = `${route.method} ${route.url} body/${p.join("/")}`;
        if (URL_NAME.test(p[p.length - 1] ?? "") && schema[TENANT_URL_KEYWORD] !== true && !NOT_CALLED[name]) unmarked.push(name);
      }
    }
    t3.same(unmarked, [], "no URL field escapes the save-time check");
  });
  const marked = routes.flatMap((route) => tenantUrlPaths(route.schema.body).map((p) => ({ route, path: p })));
  await t2.test("every TenantUrl field refuses a private address when saved, naming the field and the reason", async (t3) => {
    t3.ok(marked.some((m) => m.route.url === "/api/queueIntegration") && marked.some((m) => m.route.url === "/api/relay/settings"), "the integrations plugin and the fixture plugin mark theirs");
    for (const { route, path: p } of marked) {
      const body = sample(route.schema.body, { id: 1, text: "probe" });
      setAt(body, p, PRIVATE);
      const res = await request(route.method, route.url.replace(/:\w+/g, "1"), { token, body });
      const field = `body/${p.map((k) => k === "*" ? "0" : k).join("/")}`;
      t3.match({ status: res.status, ...res.body }, { status: 400, error: "ERR_URL_NOT_ALLOWED", reason: "private", field }, `${route.method} ${route.url} ${field}`);
    }
  });
  await t2.test("a host name that does not resolve is saved, with a warning naming the field", async (t3) => {
    const integration = await request("POST", "/api/queueIntegration", { token, body: { type: "typebot", name: "Not yet in DNS", urlN8N: "https://typebot.not-yet.test", typebotSlug: "bot" } });
    t3.equal(integration.status, 200, "saved");
    t3.same(parseWarnings(integration.headers[WARNING_HEADER]), [{ code: "ERR_URL_UNRESOLVED", field: "body/urlN8N" }]);
    const resolved = await request("PUT", `/api/queueIntegration/${integration.body.id}`, { token, body: { type: "typebot", name: "Now in DNS", urlN8N: "https://public.test", typebotSlug: "bot" } });
    t3.equal(resolved.status, 200);
    t3.equal(resolved.headers[WARNING_HEADER], void 0, "no warning once the name resolves to a public address");
    const privateName = await request("PUT", `/api/queueIntegration/${integration.body.id}`, { token, body: { type: "typebot", name: "Inside", urlN8N: "https://loopback.test", typebotSlug: "bot" } });
    t3.match(privateName.body, { error: "ERR_URL_NOT_ALLOWED", reason: "private", field: "body/urlN8N" }, "a name resolving to a private address is refused");
  });
  await t2.test("a Typebot node's URL is checked when the flow is saved", async (t3) => {
    const flow = await request("POST", "/api/flowbuilder", { token, body: { name: "With a Typebot" } });
    const graph = (url) => ({
      idFlow: flow.body.id,
      connections: [],
      nodes: [
        { id: "1", type: "start", position: { x: 0, y: 0 }, data: {} },
        { id: "2", type: "typebot", position: { x: 0, y: 100 }, data: { typebotIntegration: { urlN8N: url, typebotSlug: "bot" } } }
      ]
    });
    const refused = await request("POST", "/api/flowbuilder/flow", { token, body: graph(PRIVATE) });
    t3.match({ status: refused.status, ...refused.body }, { status: 400, error: "ERR_URL_NOT_ALLOWED", reason: "private", field: "body/nodes/1/data/typebotIntegration/urlN8N" });
    const stored = await request("GET", `/api/flowbuilder/flow/${flow.body.id}`, { token });
    t3.equal(stored.body.flow.flow, null, "nothing saved");
    const unresolved = await request("POST", "/api/flowbuilder/flow", { token, body: graph("https://typebot.not-yet.test") });
    t3.equal(unresolved.status, 200, "a name that does not resolve is saved");
    t3.same(parseWarnings(unresolved.headers[WARNING_HEADER]), [{ code: "ERR_URL_UNRESOLVED", field: "body/nodes/1/data/typebotIntegration/urlN8N" }]);
  });
  await t2.test("a private URL stored by any other path is refused when called, and nothing is connected to", async (t3) => {
    const server = await fakeServer(t3, (_req, res) => res.end("{}"), "::");
    await app.knex("relaySettings").insert({ companyId: 1, url: `http://[::127.0.0.1]:${server.port}/hook`, apiKey: null, inboundToken: "outbound-urls-test" });
    const ping = await request("POST", "/api/relay/ping", { token });
    t3.match({ status: ping.status, ...ping.body }, { status: 400, error: "ERR_URL_NOT_ALLOWED" });
    t3.same(server.hits, []);
  });
});
const OWN_CLIENTS = {
  "core/src/outbound-http/client.ts": "sdk.http itself",
  "core/src/domains/billing/gateways/asaas.ts": "the payment gateway at the operator's asaasUrl (a super-only setting)",
  "core/src/bots/openai.ts": "the operator's OPENAI_BASE_URL"
};
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const sources = (dir) => readdirSync(dir).flatMap((name) => {
  const full = path.join(dir, name);
  if (statSync(full).isDirectory()) return name === "node_modules" || name === "dist" || name === "test" ? [] : sources(full);
  return /\.[cm]?tsx?$/.test(name) ? [full] : [];
});
t.test("no server code calls a URL except through sdk.http (which checks the address at each call)", async (t2) => {
  const dirs = [path.join(root, "core/src"), ...readdirSync(path.join(root, "plugins")).map((p) => path.join(root, "plugins", p, "src"))];
  const callers = [];
  for (const file of dirs.flatMap((d) => sources(d))) {
    const rel = path.relative(root, file);
    if (OWN_CLIENTS[rel]) continue;
    const text = readFileSync(file, "utf8");
    if (/import\('openai'\)|from 'openai'|\bfetch\(|from 'undici'|import\('undici'\)|from 'node:https?'|from 'https?'|\baxios\b|\bgot\(/.test(text)) callers.push(rel);
  }
  t2.same(callers, [], "every outbound call goes through sdk.http");
});
