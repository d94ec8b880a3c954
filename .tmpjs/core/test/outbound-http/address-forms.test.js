import t from "tap";
import { createOutboundHttp, refusedRange } from "../../src/outbound-http/index.js";
import { parseWarnings } from "../../src/http/warnings.js";
import { errorCode, fakeServer, testResolver as resolver } from "./fakes.js";
const PORT = "{PORT}";
const REFUSED = [
  // IPv4 literals, in every notation the URL parser accepts
  ["dotted loopback", `http://127.0.0.1:${PORT}/`],
  ["short form a.d", `http://127.1:${PORT}/`],
  ["short form a.b.d", `http://127.0.1:${PORT}/`],
  ["one decimal number", `http://2130706433:${PORT}/`],
  ["one hex number", `http://0x7f000001:${PORT}/`],
  ["hex first octet", `http://0x7f.0.0.1:${PORT}/`],
  ["hex octet, short form", `http://0x7f.1:${PORT}/`],
  ["octal octets", `http://0177.0.0.01:${PORT}/`],
  ["one octal number", `http://017700000001:${PORT}/`],
  ["other loopback", `http://127.255.255.254:${PORT}/`],
  ['"this host" 0.0.0.0', `http://0.0.0.0:${PORT}/`],
  ['"this host" as 0', `http://0:${PORT}/`],
  ["RFC 1918 10/8", "http://10.0.0.1/"],
  ["RFC 1918 172.16/12", "http://172.16.0.1/"],
  ["RFC 1918 172.31", "http://172.31.255.255/"],
  ["RFC 1918 192.168/16", "http://192.168.1.1/"],
  ["cloud metadata", "http://169.254.169.254/latest/meta-data/"],
  ["cloud metadata, decimal", "http://2852039166/"],
  ["carrier-grade NAT (Alibaba metadata)", "http://100.100.100.200/"],
  ["carrier-grade NAT start", "http://100.64.0.1/"],
  ["IETF protocol assignments", "http://192.0.0.170/"],
  ["benchmarking", "http://198.18.0.1/"],
  ["multicast", "http://224.0.0.1/"],
  ["broadcast", "http://255.255.255.255/"],
  ["reserved 240/4", "http://240.0.0.1/"],
  // IPv6 literals
  ["IPv6 loopback", `http://[::1]:${PORT}/`],
  ["IPv6 loopback, long form", `http://[0:0:0:0:0:0:0:1]:${PORT}/`],
  ["IPv6 unspecified", `http://[::]:${PORT}/`],
  ["IPv4-mapped, dotted", `http://[::ffff:127.0.0.1]:${PORT}/`],
  ["IPv4-mapped, hex", `http://[::ffff:7f00:1]:${PORT}/`],
  ["IPv4-mapped, long form", `http://[0:0:0:0:0:ffff:127.0.0.1]:${PORT}/`],
  ["IPv4-mapped metadata", "http://[::ffff:169.254.169.254]/"],
  ["IPv4-mapped private", "http://[::ffff:10.0.0.1]/"],
  ["IPv4-compatible (issue 26)", `http://[::127.0.0.1]:${PORT}/`],
  ["IPv4-translated (issue 26)", `http://[::ffff:0:127.0.0.1]:${PORT}/`],
  ["NAT64 of loopback", "http://[64:ff9b::127.0.0.1]/"],
  ["NAT64 of metadata", "http://[64:ff9b::a9fe:a9fe]/"],
  ["local-use NAT64 prefix", "http://[64:ff9b:1::a00:1]/"],
  ["6to4 of loopback", "http://[2002:7f00:1::1]/"],
  ["6to4 of metadata", "http://[2002:a9fe:a9fe::1]/"],
  ["Teredo", "http://[2001::1]/"],
  ["link-local", "http://[fe80::1]/"],
  ["link-local with a zone id", "http://[fe80::1%25eth0]/"],
  ["unique-local (AWS metadata)", "http://[fd00:ec2::254]/"],
  ["unique-local fc00::/7", "http://[fc00::1]/"],
  ["IPv6 multicast", "http://[ff02::1]/"],
  ["IPv6 documentation", "http://[2001:db8::1]/"],
  // DNS names whose answer is private
  ["localhost (the system resolver)", `http://localhost:${PORT}/`],
  ["a name resolving to 127.0.0.1", `http://loopback.test:${PORT}/`],
  ["a name with a trailing dot", `http://LOOPBACK.TEST.:${PORT}/`],
  ["a name resolving to ::1", `http://v6-loopback.test:${PORT}/`],
  ["a name resolving to an IPv4-compatible address", `http://compat.test:${PORT}/`],
  ["a name resolving to an IPv4-mapped address", `http://mapped.test:${PORT}/`],
  ["a name resolving to an IPv4-translated address", `http://translated.test:${PORT}/`],
  ["a name resolving to NAT64 loopback", `http://nat64-loopback.test:${PORT}/`],
  ["a name with one public and one loopback address", `http://mixed.test:${PORT}/`],
  ["a name resolving to the metadata address", "http://metadata.test/"],
  ["a name resolving to link-local with a zone id", "http://zone.test/"]
];
const ALLOWED = [
  "http://8.8.8.8/",
  "https://1.1.1.1/",
  "http://172.32.0.1/",
  "http://100.128.0.1/",
  "http://134744072/",
  "http://[2606:4700:4700::1111]/",
  "http://[::ffff:8.8.8.8]/",
  "http://[64:ff9b::808:808]/",
  "http://[2002:808:808::1]/",
  "https://public.test/hook",
  "https://public-v6.test/hook"
];
t.test("every private form is refused at save time and at call time, and nothing is connected to", async (t2) => {
  t2.ok(REFUSED.length >= 40, `${REFUSED.length} forms`);
  const server = await fakeServer(t2, (_req, res) => res.end("reached"), "::");
  const http = createOutboundHttp({ allowPrivate: false, resolver });
  t2.teardown(() => http.close());
  const atSave = [];
  const atCall = [];
  for (const [form, template] of REFUSED) {
    const url = template.replace(PORT, String(server.port));
    const saved = await http.assertUrlAllowed(url, "body/url").then(() => "saved", (e) => `${e.code} ${e.details?.field}`);
    if (saved !== "ERR_URL_NOT_ALLOWED body/url") atSave.push(`${form} (${url}): ${saved}`);
    const called = await errorCode(http.request(url, { connectTimeoutMs: 500, timeoutMs: 500 }));
    if (called !== "ERR_URL_NOT_ALLOWED") atCall.push(`${form} (${url}): ${called}`);
  }
  t2.same(atSave, [], "refused when saved, naming the field");
  t2.same(atCall, [], "refused when called");
  t2.same(server.hits, [], "the server on the loopback got no request");
});
t.test("public addresses and names are allowed, also when an IPv6 form carries a public IPv4", async (t2) => {
  const http = createOutboundHttp({ allowPrivate: false, resolver });
  t2.teardown(() => http.close());
  for (const url of ALLOWED) t2.same(await http.assertUrlAllowed(url), { resolved: true }, `${url} allowed`);
  for (const address of ["8.8.8.8", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"]) {
    t2.equal(refusedRange(address), void 0, `${address} is public`);
  }
  t2.equal(refusedRange("::7f00:1"), "ipv4Compatible");
  t2.equal(refusedRange("::ffff:0:7f00:1"), "rfc6145");
  t2.equal(refusedRange("fe80::1%eth0"), "linkLocal", "a zone id does not hide a link-local address");
  t2.equal(refusedRange("not-an-ip"), "notAnAddress");
});
t.test("a private address is refused as such; a name that does not resolve is saved with a warning and fails at call time", async (t2) => {
  const http = createOutboundHttp({ allowPrivate: false, resolver });
  t2.teardown(() => http.close());
  const privateErr = await http.assertUrlAllowed("http://loopback.test/hook", "body/urlN8N").catch((e) => e);
  t2.match(privateErr, { code: "ERR_URL_NOT_ALLOWED", statusCode: 400, details: { field: "body/urlN8N", reason: "private" } });
  for (const [url, reason] of [["ftp://example.com/", "scheme"], ["http://user:pw@example.com/", "credentials"], ["not a url", "invalid"]]) {
    t2.match(await http.assertUrlAllowed(url).catch((e) => e), { code: "ERR_URL_NOT_ALLOWED", details: { reason } }, `${url}: ${reason}`);
  }
  const headers = {};
  const reply = { getHeader: (name) => headers[name], header(name, value) {
    headers[name] = value;
    return this;
  } };
  t2.same(await http.assertUrlAllowed("https://typebot.nowhere.test/api", "body/urlN8N", reply), { resolved: false }, "not refused");
  t2.same(parseWarnings(headers["atrium-warning"]), [{ code: "ERR_URL_UNRESOLVED", field: "body/urlN8N" }], "the answer carries a warning naming the field");
  t2.match(await http.request("https://typebot.nowhere.test/api").catch((e) => e), { code: "ERR_HTTP_NETWORK", details: { reason: "unresolved" } }, "checked again, and failing, at call time");
});
