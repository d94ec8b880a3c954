import t from "tap";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { connect } from "socket.io-client";
import { build } from "../helper.js";
import { parseCorsOrigins, parseFrameAncestors, repoRoot } from "../../src/config/index.js";
function consoleDir(t2) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "atrium-console-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(path.join(dir, "assets", "app.js"), "console.log(1)");
  t2.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
async function pollingHandshake(app, origin) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const res = await fetch(`http://127.0.0.1:${port}/socket.io/?EIO=4&transport=polling`, { headers: { origin } });
  await res.arrayBuffer();
  return { status: res.status, allowOrigin: res.headers.get("access-control-allow-origin") };
}
async function socketOpens(app, token, origin) {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address();
  const socket = connect(`http://127.0.0.1:${port}`, {
    path: "/socket.io",
    query: { token },
    transports: ["websocket"],
    reconnection: false,
    extraHeaders: origin ? { origin } : {}
  });
  try {
    return await new Promise((resolve) => {
      socket.on("connect", () => resolve(true));
      socket.on("connect_error", () => resolve(false));
    });
  } finally {
    socket.close();
  }
}
const csp = (headers) => Object.fromEntries(String(headers["content-security-policy"] ?? "").split(";").map((d) => d.trim()).filter(Boolean).map((d) => {
  const [name, ...values] = d.split(/\s+/);
  return [name, values.join(" ")];
}));
t.test("every answer (API, console page, console asset, remote path, a 404) carries the security headers; no HSTS over http", async (t2) => {
  const { request, app, token } = await build(t2, { config: { consoleDir: consoleDir(t2), publicUrl: "http://localhost:8080" } });
  for (const url of ["/api/health", "/api/auth/me", "/", "/tickets", "/assets/app.js", "/plugins/nothing/remoteEntry.js", "/api/nowhere"]) {
    const res = await request("GET", url, { token });
    const policy = csp(res.headers);
    t2.equal(policy["script-src"], "'self'", `${url}: scripts from this origin only (status ${res.status})`);
    t2.equal(policy["frame-ancestors"], "'none'", `${url}: no page may frame it`);
    t2.equal(policy["object-src"], "'none'");
    t2.notOk("upgrade-insecure-requests" in policy, "no upgrade over http");
    t2.equal(res.headers["x-frame-options"], "DENY");
    t2.equal(res.headers["x-content-type-options"], "nosniff");
    t2.equal(res.headers["referrer-policy"], "no-referrer");
    t2.equal(res.headers["strict-transport-security"], void 0, "no HSTS when PUBLIC_URL is http");
  }
  t2.equal((await request("GET", "/api/docs/static/index.html")).headers["x-frame-options"], "DENY", "the API docs too");
  t2.match(String((await request("GET", "/tickets")).body), /id="root"/, "the SPA page is the console");
  t2.notOk(app.config.corsOrigins.length, "no CORS origin by default");
});
t.test("PUBLIC_URL on https adds HSTS and the upgrade; FRAME_ANCESTORS names who may frame the console", async (t2) => {
  const { request } = await build(t2, { config: { publicUrl: "https://atrium.example.com", frameAncestors: ["'self'", "https://portal.example.com"] } });
  const res = await request("GET", "/api/health");
  t2.match(res.headers["strict-transport-security"], /^max-age=31536000/);
  const policy = csp(res.headers);
  t2.ok("upgrade-insecure-requests" in policy);
  t2.equal(policy["frame-ancestors"], "'self' https://portal.example.com");
  t2.equal(res.headers["x-frame-options"], void 0, "X-Frame-Options cannot name another origin: left to frame-ancestors");
  t2.same(parseFrameAncestors(void 0), ["'none'"]);
  t2.same(parseFrameAncestors("'self'"), ["'self'"]);
  for (const bad of ["'none' 'self'", "javascript:alert(1)", "'unsafe-inline'", "portal.example.com;script-src"]) t2.throws(() => parseFrameAncestors(bad), `FRAME_ANCESTORS=${bad} refused`);
  t2.same(parseCorsOrigins(" https://app.example.com, http://localhost:5173 "), ["https://app.example.com", "http://localhost:5173"]);
  for (const bad of ["*", "https://app.example.com/path", "app.example.com", "ftp://x.example"]) t2.throws(() => parseCorsOrigins(bad), `CORS_ORIGINS=${bad} refused`);
});
t.test("the console's page has no inline script or style to allow: the CSP needs none", async (t2) => {
  const pages = [path.join(repoRoot, "host-web", "index.html"), path.join(repoRoot, "host-web", "dist", "index.html")].filter(existsSync);
  for (const page of pages) {
    const html = readFileSync(page, "utf8");
    t2.same([...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0]), [], `${path.relative(repoRoot, page)}: every script has a src`);
    t2.notMatch(html, /<style\b|\sstyle=|\son[a-z]+=/i, `${path.relative(repoRoot, page)}: no inline style or handler`);
  }
  t2.ok(pages.length >= 1);
});
t.test("by default only PUBLIC_URL's origin and the page's own host may open a socket; HTTP sends no CORS header", async (t2) => {
  const { app, token, request } = await build(t2, { config: { publicUrl: "http://atrium.example.com" } });
  t2.equal(await socketOpens(app, token, "http://evil.example"), false, "another site's page is refused");
  t2.equal(await socketOpens(app, token, "null"), false, "an opaque origin is refused");
  t2.equal(await socketOpens(app, token, "http://atrium.example.com"), true, "PUBLIC_URL's origin");
  const { port } = app.server.address();
  t2.equal(await socketOpens(app, token, `http://127.0.0.1:${port}`), true, "the page served by this host (same origin)");
  t2.equal(await socketOpens(app, token), true, "a client without Origin (a server, the test harness)");
  const polling = await pollingHandshake(app, "http://evil.example");
  t2.equal(polling.status, 403);
  t2.equal(polling.allowOrigin, null, "the Origin is not reflected");
  t2.equal((await pollingHandshake(app, "http://atrium.example.com")).status, 200, "PUBLIC_URL's page polls");
  const preflight = await app.inject({ method: "OPTIONS", url: "/api/auth/me", headers: { origin: "http://evil.example", "access-control-request-method": "GET" } });
  t2.equal(preflight.headers["access-control-allow-origin"], void 0, "no CORS answer to a preflight");
  const get = await request("GET", "/api/auth/me", { token, headers: { origin: "http://atrium.example.com" } });
  t2.equal(get.headers["access-control-allow-origin"], void 0, "CORS is off unless CORS_ORIGINS is set");
});
t.test("CORS_ORIGINS lets the listed origins call the API with credentials and open a socket, and no other", async (t2) => {
  const { app, token, request } = await build(t2, { config: { publicUrl: "https://atrium.example.com", corsOrigins: ["https://app.example.com"] } });
  const preflight = await app.inject({ method: "OPTIONS", url: "/api/auth/me", headers: { origin: "https://app.example.com", "access-control-request-method": "GET", "access-control-request-headers": "authorization" } });
  t2.equal(preflight.statusCode, 204);
  t2.equal(preflight.headers["access-control-allow-origin"], "https://app.example.com");
  t2.equal(preflight.headers["access-control-allow-credentials"], "true");
  const get = await request("GET", "/api/auth/me", { token, headers: { origin: "https://app.example.com" } });
  t2.equal(get.status, 200);
  t2.equal(get.headers["access-control-allow-origin"], "https://app.example.com");
  t2.equal((await request("GET", "/api/auth/me", { token, headers: { origin: "https://atrium.example.com" } })).headers["access-control-allow-origin"], "https://atrium.example.com", "PUBLIC_URL's origin too");
  const evil = await request("GET", "/api/auth/me", { token, headers: { origin: "https://evil.example" } });
  t2.equal(evil.headers["access-control-allow-origin"], void 0, "another origin gets no CORS header");
  t2.equal(await socketOpens(app, token, "https://app.example.com"), true, "a listed origin opens a socket");
  t2.equal(await socketOpens(app, token, "https://evil.example"), false, "another does not");
  const polling = await pollingHandshake(app, "https://app.example.com");
  t2.same(polling, { status: 200, allowOrigin: "https://app.example.com" }, "the socket's polling answers the listed origin");
});
