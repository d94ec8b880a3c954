import t from "tap";
import { createOutboundHttp, isBlockedAddress, OutboundHttpError } from "../../src/outbound-http/index.js";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import net from "node:net";
import path from "node:path";
import { loadConfig } from "../../src/config/index.js";
import { build } from "../helper.js";
import { errorCode, fakeServer } from "./fakes.js";
t.test("private, loopback, link-local, unique-local and metadata addresses are refused; public ones are not", async (t2) => {
  for (const ip of [
    "127.0.0.1",
    "127.8.8.8",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "::1",
    "::",
    "fe80::1",
    "fd00:ec2::254",
    "fc00::5",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "not-an-ip"
  ]) {
    t2.ok(isBlockedAddress(ip), `${ip} refused`);
  }
  for (const ip of ["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) t2.notOk(isBlockedAddress(ip), `${ip} allowed`);
});
t.test("without the operator's permission, a loopback URL is refused after DNS resolution and never called", async (t2) => {
  const server = await fakeServer(t2, (_req, res) => res.end("hi"));
  const http = createOutboundHttp({ allowPrivate: false });
  t2.teardown(() => http.close());
  t2.equal(await errorCode(http.request(`${server.url}/x`)), "ERR_URL_NOT_ALLOWED", "an IP literal");
  t2.equal(await errorCode(http.request(`http://localhost:${server.port}/x`)), "ERR_URL_NOT_ALLOWED", "a name resolved at connect time");
  t2.equal(await errorCode(http.request(`http://[::ffff:127.0.0.1]:${server.port}/x`)), "ERR_URL_NOT_ALLOWED", "a mapped IPv6 literal");
  t2.same(server.hits, [], "the server got no request");
  const saved = await http.assertUrlAllowed(`http://localhost:${server.port}/hook`, "body/url").then(() => void 0, (e) => e);
  t2.ok(saved instanceof OutboundHttpError);
  t2.equal(saved?.statusCode, 400);
  t2.equal(saved?.code, "ERR_URL_NOT_ALLOWED");
  t2.equal(saved?.details?.field, "body/url", "names the field");
  for (const bad of ["ftp://example.com/x", "not a url", "http://user:pw@example.com/"]) {
    t2.equal(await errorCode(http.assertUrlAllowed(bad)), "ERR_URL_NOT_ALLOWED", `${bad} refused at save time`);
  }
});
t.test("with ALLOW_PRIVATE_URLS the same server answers, and the app's sdk.http follows the env", async (t2) => {
  const server = await fakeServer(t2, (req, res) => {
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ path: req.url }));
  });
  const open = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => open.close());
  t2.same(await open.json(`${server.url}/ping`), { path: "/ping" });
  await open.assertUrlAllowed(`http://localhost:${server.port}/`);
  const strict = await build(t2);
  t2.equal(await errorCode(strict.app.atrium.http.request(`${server.url}/app`)), "ERR_URL_NOT_ALLOWED", "default: refused");
  const allowed = await build(t2, { config: { allowPrivateUrls: true } });
  t2.same(await allowed.app.atrium.http.json(`${server.url}/app`), { path: "/app" }, "allowed when the operator allows private URLs");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "atrium-env-"));
  t2.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
  t2.equal(loadConfig({ DATA_DIR: dataDir, ALLOW_PRIVATE_URLS: "true" }).allowPrivateUrls, true, "ALLOW_PRIVATE_URLS=true sets it");
  t2.equal(loadConfig({ DATA_DIR: dataDir }).allowPrivateUrls, false, "off by default");
});
t.test("a redirect to another host is refused; one on the same host is followed", async (t2) => {
  const other = await fakeServer(t2, (_req, res) => res.end("other"));
  const server = await fakeServer(t2, (req, res) => {
    if (req.url === "/away") {
      res.writeHead(302, { location: `http://localhost:${other.port}/stolen` });
      return res.end();
    }
    if (req.url === "/old") {
      res.writeHead(301, { location: "/new" });
      return res.end();
    }
    if (req.url === "/loop") {
      res.writeHead(302, { location: "/loop" });
      return res.end();
    }
    res.end(`at ${req.url}`);
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  t2.equal(await errorCode(http.request(`${server.url}/away`)), "ERR_HTTP_REDIRECT_NOT_ALLOWED");
  t2.same(other.hits, [], "the other host was never called");
  const followed = await http.request(`${server.url}/old`);
  t2.equal(followed.status, 200);
  t2.equal(followed.text(), "at /new");
  t2.equal(await errorCode(http.request(`${server.url}/loop`)), "ERR_HTTP_REDIRECT_NOT_ALLOWED", "a redirect loop ends");
});
t.test("an answer over the size cap is refused, announced or streamed", async (t2) => {
  const twoMiB = Buffer.alloc(2 * 1024 * 1024, "a");
  const server = await fakeServer(t2, (req, res) => {
    if (req.url === "/announced") {
      res.setHeader("content-length", twoMiB.length);
      return res.end(twoMiB);
    }
    if (req.url === "/streamed") {
      res.write(twoMiB.subarray(0, 7e5));
      res.write(twoMiB.subarray(0, 7e5));
      return res.end();
    }
    res.end("0123456789abcdef");
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  t2.equal(await errorCode(http.request(`${server.url}/announced`)), "ERR_HTTP_RESPONSE_TOO_LARGE", "default cap 1 MiB, content-length");
  t2.equal(await errorCode(http.request(`${server.url}/streamed`)), "ERR_HTTP_RESPONSE_TOO_LARGE", "default cap 1 MiB, chunked");
  t2.equal((await http.request(`${server.url}/small`)).text(), "0123456789abcdef");
  t2.equal(await errorCode(http.request(`${server.url}/small`, { maxBytes: 10 })), "ERR_HTTP_RESPONSE_TOO_LARGE", "the cap is set per call");
});
t.test("a slow server times out with ERR_HTTP_TIMEOUT, whether it is slow to answer or slow to finish", async (t2) => {
  const server = await fakeServer(t2, (req, res) => {
    if (req.url === "/silent") return;
    res.writeHead(200);
    const drip = setInterval(() => res.write("."), 50);
    res.on("close", () => clearInterval(drip));
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  const started = Date.now();
  t2.equal(await errorCode(http.request(`${server.url}/silent`, { timeoutMs: 300 })), "ERR_HTTP_TIMEOUT");
  t2.equal(await errorCode(http.request(`${server.url}/drip`, { timeoutMs: 300, connectTimeoutMs: 200 })), "ERR_HTTP_TIMEOUT", "a trickle cannot keep the call open");
  t2.ok(Date.now() - started < 5e3, "both gave up long before the 10 s default");
});
t.test("json(): a non-2xx answer and a body that is not JSON are typed errors; a JSON body is sent as JSON", async (t2) => {
  const server = await fakeServer(t2, (req, res) => {
    if (req.url === "/missing") {
      res.statusCode = 404;
      return res.end("{}");
    }
    if (req.url === "/html") return res.end("<html>");
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => res.end(JSON.stringify({ method: req.method, type: req.headers["content-type"], got: JSON.parse(body) })));
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  const missing = await http.json(`${server.url}/missing`).catch((e) => e);
  t2.equal(missing.code, "ERR_HTTP_STATUS");
  t2.equal(missing.details?.status, 404);
  t2.equal(await errorCode(http.json(`${server.url}/html`)), "ERR_HTTP_INVALID_JSON");
  t2.same(await http.json(`${server.url}/echo`, { json: { a: 1 } }), { method: "POST", type: "application/json", got: { a: 1 } });
});
t.test("a refused or failed call names the origin only, never the path or query that may carry a token", async (t2) => {
  const http = createOutboundHttp({ allowPrivate: false });
  t2.teardown(() => http.close());
  const err = await http.request("http://127.0.0.1:9/hook?token=s3cr3t-value").catch((e) => e);
  t2.notMatch(String(err.message), /s3cr3t-value/);
  t2.notMatch(JSON.stringify(err.details), /s3cr3t-value/);
});
t.test("a server that accepts the connection but never completes the TLS handshake fails with ERR_HTTP_CONNECT_TIMEOUT", async (t2) => {
  const held = [];
  const server = net.createServer((socket) => {
    held.push(socket);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  t2.teardown(() => {
    for (const s of held) s.destroy();
    server.close();
  });
  const http = createOutboundHttp({ allowPrivate: true });
  t2.teardown(() => http.close());
  const { port } = server.address();
  t2.equal(await errorCode(http.request(`https://127.0.0.1:${port}/`, { connectTimeoutMs: 200, timeoutMs: 5e3 })), "ERR_HTTP_CONNECT_TIMEOUT");
});
