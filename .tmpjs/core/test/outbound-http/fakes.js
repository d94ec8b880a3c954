import http from "node:http";
import { systemResolver } from "../../src/outbound-http/guard.js";
import { OutboundHttpError } from "../../src/outbound-http/errors.js";
async function fakeServer(t, handler, host = "127.0.0.1") {
  const hits = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise((resolve) => server.listen(0, host, resolve));
  const { port } = server.address();
  const close = () => new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  t.teardown(close);
  return { url: `http://127.0.0.1:${port}`, port, hits, close };
}
const TEST_NAMES = {
  "loopback.test": ["127.0.0.1"],
  "v6-loopback.test": ["::1"],
  "compat.test": ["::7f00:1"],
  "mapped.test": ["::ffff:127.0.0.1"],
  "translated.test": ["::ffff:0:7f00:1"],
  "nat64-loopback.test": ["64:ff9b::7f00:1"],
  "mixed.test": ["93.184.216.34", "127.0.0.1"],
  "metadata.test": ["169.254.169.254"],
  "zone.test": ["fe80::1%eth0"],
  "public.test": ["93.184.216.34"],
  "public-v6.test": ["2606:4700:4700::1111"]
};
const testResolver = async (host) => {
  const known = TEST_NAMES[host.toLowerCase().replace(/\.$/, "")];
  if (known) return known.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  if (/\.test\.?$/i.test(host)) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return systemResolver(host);
};
async function errorCode(promise) {
  try {
    await promise;
    return "resolved";
  } catch (err) {
    return err instanceof OutboundHttpError ? err.code : `untyped: ${err.message}`;
  }
}
export {
  TEST_NAMES,
  errorCode,
  fakeServer,
  testResolver
};
