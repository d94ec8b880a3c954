import t from "tap";
import ExcelJS from "exceljs";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { build } from "../helper.js";
import { multipart } from "../contacts/multipart.js";
import { connectedSandbox, PNG, waitFor } from "../pipeline/http.js";
import { MEDIA_LIMITS } from "../../src/storage/index.js";
import { apiRoutes, fillUrl, multipartRoutes, spyMultipartReaders } from "./routes.js";
const ROOT = mkdtempSync(path.join(os.tmpdir(), "atrium-uploads-"));
process.env.TMPDIR = ROOT;
t.teardown(() => rmSync(ROOT, { recursive: true, force: true }));
const NONCE = Math.random().toString(36).slice(2, 10);
const SCRIPT_HTML = Buffer.from('<!doctype html><script>fetch("/api/users").then(r=>r.text()).then(alert)</script>');
const SCRIPT_SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(document.domain)</script></svg>');
const EXE = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(510, 144)]);
const REFUSED = "refused";
const file = (filename, content, mimetype) => ({ field: "medias", filename, content, mimetype });
function hostileCases(target) {
  const form = (files) => multipart(target.fields, files);
  const one = (label, f, expect4xx = false) => ({ label, ...form([f]), expect4xx });
  const { control } = target;
  const cut = (label, at) => {
    const { payload, headers } = form([{ ...control, filename: `${REFUSED}-cut.png`, content: Buffer.concat([control.content, Buffer.alloc(64 * 1024, 65)]) }]);
    return { label, payload: payload.subarray(0, at(payload)), headers, expect4xx: true };
  };
  return [
    one("unix traversal name", file(`../../../../tmp/evil-${NONCE}.txt`, Buffer.from("x"), "text/plain")),
    one("windows traversal name", file(`..\\..\\evil-${NONCE}.txt`, Buffer.from("x"), "text/plain")),
    one("absolute name", file("/etc/passwd", Buffer.from("root::0:0::/:/bin/sh\n"), "text/plain")),
    one("NUL in name", file(`evil\0-${NONCE}.png.html`, SCRIPT_HTML, "application/octet-stream")),
    one("1000-char name", file(`${"A".repeat(996)}.txt`, Buffer.from("x"), "text/plain")),
    one("<script> in name", file("<script>alert(1)</script>.png", PNG, "image/png")),
    one("dot-only name", file("..", Buffer.from("x"), "text/plain")),
    one("empty name", file("", Buffer.from("x"), "text/plain")),
    one(".exe as x-msdownload", file(`${REFUSED}.exe`, EXE, "application/x-msdownload"), true),
    one("image type, exe bytes", file("photo.png", EXE, "image/png")),
    one("HTML as text/html", file(`${REFUSED}.html`, SCRIPT_HTML, "text/html"), true),
    one("HTML as octet-stream", file("page.html", SCRIPT_HTML, "application/octet-stream")),
    one("HTML as text/plain", file("page.htm", SCRIPT_HTML, "text/plain")),
    one("HTML as image/png", file("image.png", SCRIPT_HTML, "image/png")),
    one("SVG as image/svg+xml", file(`${REFUSED}.svg`, SCRIPT_SVG, "image/svg+xml"), true),
    one("SVG as image/png", file("drawing.svg", SCRIPT_SVG, "image/png")),
    one("empty file", file("empty.txt", Buffer.alloc(0), "text/plain")),
    one("control file, empty", { ...control, content: Buffer.alloc(0) }),
    { label: "three files", ...form([control, file("page.html", SCRIPT_HTML, "application/octet-stream"), file(`../../evil-${NONCE}.txt`, Buffer.from("x"), "text/plain")]) },
    { label: "eleven files (over the limit)", ...form(Array.from({ length: 11 }, () => ({ ...control, filename: `${REFUSED}-many.png` }))), expect4xx: true },
    { label: "oversize file after a good one", ...form([{ ...control, filename: `${REFUSED}-first.png` }, { ...control, filename: `${REFUSED}-big.png`, content: Buffer.alloc(MEDIA_LIMITS.maxBytes + 1, 65) }]), expect4xx: true },
    cut("body cut in the file", (p) => Math.floor(p.length * 0.6)),
    cut("body cut in the part headers", (p) => p.indexOf("Content-Type:") + 5),
    { label: "fields only, no file", ...form([]) },
    { label: "multipart without boundary", payload: Buffer.from("--x\r\n\r\n"), headers: { "content-type": "multipart/form-data" }, expect4xx: true }
  ];
}
const json = async (api, method, url, body) => {
  const res = await api.request(method, url, { token: api.token, body });
  if (res.status !== 200) throw new Error(`${method} ${url} \u2192 ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};
async function xlsxSheet() {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet("Contacts").addRows([["name", "number"], ["Upload Probe", "5511955550001"]]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const SETUPS = {
  "POST /api/settings/branding/:key": async () => ({ params: { key: "appLogoLight" } }),
  "POST /api/files/uploadList/:id": async (api) => ({ params: { id: (await json(api, "POST", "/api/files", { name: "Upload probe", message: "probe", options: [{ name: "A" }, { name: "B" }] })).id } }),
  "POST /api/quick-messages/:id/media-upload": async (api) => ({ params: { id: (await json(api, "POST", "/api/quick-messages", { shortcode: "probe", message: "probe" })).id } }),
  "POST /api/announcements/:id/media-upload": async (api) => ({ params: { id: (await json(api, "POST", "/api/announcements", { title: "Probe", text: "probe" })).id } }),
  "POST /api/schedules/:id/media-upload": async (api) => {
    const contact = await json(api, "POST", "/api/contacts", { name: "Schedule probe", number: "5511955550002" });
    const sendAt = new Date(Date.now() + 30 * 864e5).toISOString();
    return { params: { id: (await json(api, "POST", "/api/schedules", { body: "Probe schedule", contactId: contact.id, sendAt })).id } };
  },
  "POST /api/messages/:ticketId": async (api) => {
    const wa = await connectedSandbox(api.app);
    const res = await api.app.inject({ method: "POST", url: "/api/messages/send", headers: { authorization: `Bearer ${wa.token}` }, payload: { number: "5511955550003", body: "opens a ticket" } });
    return { params: { ticketId: res.json().ticketId }, fields: { body: "caption" } };
  },
  "POST /api/messages/send": async (api) => ({ token: (await connectedSandbox(api.app)).token, fields: { number: "5511955550004", body: "caption" } }),
  "POST /api/sandbox/:connectionId/inbound": async (api) => ({ params: { connectionId: (await connectedSandbox(api.app)).id }, fields: { number: "5511955550005", body: "inbound" } }),
  "POST /api/contacts/upload": async () => ({ control: file("contacts.xlsx", await xlsxSheet(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") }),
  "POST /api/contacts/import": async () => ({ control: file("contacts.xlsx", await xlsxSheet(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet") }),
  "POST /api/contacts/importCsv": async () => ({ control: file("contacts.csv", Buffer.from("name;number\nProbe;5511955550006\n"), "text/csv") }),
  "POST /api/campaigns/:id/media-upload": async (api) => {
    const whatsappId = (await connectedSandbox(api.app)).id;
    const contactListId = (await json(api, "POST", "/api/contact-lists", { name: "Media probe" })).id;
    return { params: { id: (await json(api, "POST", "/api/campaigns", { name: "Media probe", whatsappId, contactListId, message1: "probe" })).id } };
  },
  "POST /api/flowbuilder/img": async () => ({}),
  "POST /api/flowbuilder/content": async () => ({}),
  "POST /api/flowbuilder/audio": async () => ({ control: file("probe.ogg", Buffer.from("OggS probe audio"), "audio/ogg") }),
  "POST /api/flowbuilder/video": async () => ({ control: file("probe.mp4", Buffer.from("probe video"), "video/mp4") }),
  "POST /api/chats/:id/messages": async (api) => {
    const colleague = await api.createUser(1, { name: "Chat upload probe" });
    return { params: { id: (await json(api, "POST", "/api/chats", { title: "Upload probe", users: [{ id: colleague.id }] })).id }, fields: { message: "probe" } };
  },
  "POST /api/contact-lists/:id/upload": async (api) => ({
    params: { id: (await json(api, "POST", "/api/contact-lists", { name: "Upload probe" })).id },
    control: file("contacts.xlsx", await xlsxSheet(), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
  })
};
const routeKey = (r) => `${r.method} ${r.url}`;
async function targetFor(api, route) {
  const setup = await SETUPS[routeKey(route)](api);
  return {
    url: fillUrl(route.url, (p) => String(setup.params?.[p] ?? 1)),
    token: setup.token ?? api.token,
    fields: setup.fields ?? {},
    control: setup.control ?? file("probe.png", PNG, "image/png")
  };
}
function walk(dir, base = dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? walk(full, base) : [path.relative(base, full)];
  });
}
async function settled(dir) {
  let last = -1;
  await waitFor(async () => {
    const now = walk(dir).length;
    const still = now === last;
    last = now;
    await new Promise((r) => setTimeout(r, 200));
    return still;
  }, 15e3, "media folder settled");
}
function scriptable(headers) {
  const type = String(headers["content-type"] ?? "").toLowerCase();
  const csp = String(headers["content-security-policy"] ?? "");
  if (/^attachment/i.test(String(headers["content-disposition"] ?? ""))) return false;
  if (/(^|;)\s*sandbox(\s*;|\s*$)/.test(csp) && !csp.includes("allow-scripts")) return false;
  return headers["x-content-type-options"] !== "nosniff" || !type || /html|xml|svg|javascript/.test(type);
}
async function scriptableMedia(app, files) {
  const bad = [];
  for (const f of files) {
    const res = await app.inject({ method: "GET", url: mediaUrl(f) });
    if (res.statusCode !== 200 || scriptable(res.headers)) bad.push(`${f} \u2192 ${res.statusCode} ${res.headers["content-type"]}`);
  }
  return bad;
}
const mediaUrl = (f) => `/media/${f.split(path.sep).map(encodeURIComponent).join("/")}`;
function traversalTargets(mediaDir) {
  const bases = [path.join(mediaDir, "1"), mediaDir, path.dirname(mediaDir), ROOT, "/tmp", os.tmpdir(), process.cwd()];
  return bases.flatMap((b) => [
    path.resolve(b, `../../../../tmp/evil-${NONCE}.txt`),
    path.resolve(b, `../../evil-${NONCE}.txt`),
    path.resolve(b, `../evil-${NONCE}.txt`),
    path.join(b, `..\\..\\evil-${NONCE}.txt`),
    path.join(b, `evil-${NONCE}.txt`)
  ]).concat(`/tmp/evil-${NONCE}.txt`);
}
t.test("every upload route survives hostile files: no 5xx, nothing outside media, nothing served as script", async (t2) => {
  const api = await build(t2);
  const { app } = api;
  const readers = spyMultipartReaders(app);
  const mediaDir = path.join(app.config.dataDir, "media");
  const routes = multipartRoutes(app);
  t2.ok(routes.length >= 9, `${routes.length} upload routes: ${routes.map(routeKey).join(", ")}`);
  const missing = routes.map(routeKey).filter((k) => !SETUPS[k]);
  t2.same(missing, [], "every upload route has a setup in SETUPS (add one for a new route)");
  if (missing.length) return;
  const passwd = statSync("/etc/passwd").mtimeMs;
  const before = new Set(walk(ROOT));
  const failures = [];
  for (const route of routes) {
    const target = await targetFor(api, route);
    const send = (c) => app.inject({ method: route.method, url: target.url, payload: c.payload, headers: { ...c.headers, authorization: `Bearer ${target.token}` } });
    const control = await send(multipart(target.fields, [target.control]));
    if (control.statusCode !== 200) failures.push(`${routeKey(route)} [control] \u2192 ${control.statusCode} ${control.body.slice(0, 200)}`);
    for (const c of hostileCases(target)) {
      try {
        const res = await send(c);
        if (res.statusCode >= 500) failures.push(`${routeKey(route)} [${c.label}] \u2192 ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (c.expect4xx && res.statusCode < 400) failures.push(`${routeKey(route)} [${c.label}] \u2192 ${res.statusCode}, expected a 4xx`);
      } catch (err) {
        failures.push(`${routeKey(route)} [${c.label}] threw ${err.message}`);
      }
    }
  }
  t2.same(failures, [], "no 5xx; refused files get a 4xx; each route accepts its control file");
  await settled(mediaDir);
  const created = walk(ROOT).filter((f) => !before.has(f));
  const mediaRel = path.relative(ROOT, mediaDir) + path.sep;
  t2.same(created.filter((f) => !f.startsWith(mediaRel)), [], "every new file is under DATA_DIR/media");
  t2.same(traversalTargets(mediaDir).filter((f) => existsSync(f)), [], "no traversal target exists");
  t2.equal(statSync("/etc/passwd").mtimeMs, passwd, "/etc/passwd untouched");
  const stored = walk(mediaDir);
  t2.ok(stored.length > routes.length, `${stored.length} files stored`);
  t2.same(stored.filter((f) => !/^\d+\/[0-9a-f]{32}-[^/\\\0]+$/.test(f) || f.includes("..")), [], "stored names: <company>/<random>-<name>, no separators or ..");
  t2.same(stored.filter((f) => f.includes(REFUSED)), [], "no refused, oversize or cut-off upload left a (partial) file");
  t2.same(await scriptableMedia(app, stored), [], "no stored file is served in a form that runs script");
  t2.ok(routes.every((r) => readers.has(routeKey(r))), "the multipart spy saw every upload route");
  t2.end();
});
t.test("no route reads multipart without declaring it (it would escape this suite)", async (t2) => {
  const { app, token } = await build(t2);
  const readers = spyMultipartReaders(app);
  const declared = new Set(multipartRoutes(app).map(routeKey));
  const others = apiRoutes(app).filter((r) => ["POST", "PUT", "PATCH"].includes(r.method) && !declared.has(routeKey(r)));
  const { payload, headers } = multipart({ body: "probe" }, [file("probe.png", PNG, "image/png")]);
  for (const route of others) {
    await app.inject({ method: route.method, url: fillUrl(route.url, () => "1"), payload, headers: { ...headers, authorization: `Bearer ${token}` } });
  }
  t2.ok(others.length > 20, `${others.length} other body routes probed`);
  t2.same([...readers].filter((k) => !declared.has(k)), [], "only routes declaring multipart/form-data read uploads");
});
t.test("stored HTML and SVG are never served as runnable script from /media/", async (t2) => {
  const { app, token, request } = await build(t2);
  const mediaDir = path.join(app.config.dataDir, "media");
  for (const [name, content] of [["page.html", SCRIPT_HTML], ["page.htm", SCRIPT_HTML], ["drawing.svg", SCRIPT_SVG], ["feed.xml", SCRIPT_SVG], ["data.xhtml", SCRIPT_HTML], ["noext", SCRIPT_HTML]]) {
    await app.storage.save(1, content, { filename: name, mimetype: "application/octet-stream" });
  }
  const quick = (await request("POST", "/api/quick-messages", { token, body: { shortcode: "svg", message: "x" } })).body;
  const form = multipart({}, [file("drawing.svg", SCRIPT_SVG, "image/png")]);
  t2.equal((await app.inject({ method: "POST", url: `/api/quick-messages/${quick.id}/media-upload`, ...form, headers: { ...form.headers, authorization: `Bearer ${token}` } })).statusCode, 200, "an SVG named .png-typed upload is accepted");
  await app.storage.save(1, PNG, { filename: "photo.png", mimetype: "image/png" });
  const files = walk(mediaDir);
  t2.ok(files.some((f) => f.endsWith(".svg")) && files.some((f) => f.endsWith(".html")), "HTML and SVG files are on disk");
  for (const f of files) {
    const res = await app.inject({ method: "GET", url: mediaUrl(f) });
    t2.equal(res.statusCode, 200, `${f} is served`);
    t2.notOk(scriptable(res.headers), `${f} (${res.headers["content-type"]}) cannot run as script`);
    t2.equal(res.headers["x-content-type-options"], "nosniff", `${f} is not sniffed`);
  }
  const png = files.find((f) => f.endsWith("photo.png"));
  const img = await app.inject({ method: "GET", url: mediaUrl(png) });
  t2.match(img.headers["content-type"], /^image\/png/, "images keep their type");
  t2.notMatch(String(img.headers["content-disposition"] ?? ""), /attachment/, "images still show inline (<img>, new tab)");
});
