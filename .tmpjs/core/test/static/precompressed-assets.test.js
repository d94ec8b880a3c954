import t from "tap";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { build } from "../helper.js";
import { precompressDir } from "../../../host-web/vite/precompress.js";
const fixtures = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/plugins");
const code = (name) => Array.from({ length: 400 }, (_, i) => `export const ${name}${i} = () => "${name} ${i}";`).join("\n");
function builtFixture(t2) {
  const root = mkdtempSync(path.join(os.tmpdir(), "atrium-static-"));
  t2.teardown(() => rmSync(root, { recursive: true, force: true }));
  const consoleDir = path.join(root, "console");
  mkdirSync(path.join(consoleDir, "assets"), { recursive: true });
  mkdirSync(path.join(consoleDir, "themes", "light"), { recursive: true });
  writeFileSync(path.join(consoleDir, "index.html"), `<!doctype html><html><head><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${"<div></div>".repeat(200)}</body></html>`);
  writeFileSync(path.join(consoleDir, "assets", "index-Ab12Cd34.js"), code("main"));
  writeFileSync(path.join(consoleDir, "themes", "light", "theme.css"), Array.from({ length: 300 }, (_, i) => `.p-${i}{color:#${(i * 77).toString(16).padStart(3, "0")}}`).join("\n"));
  writeFileSync(path.join(consoleDir, "assets", "tiny-Zz99Yy88.js"), "export {};");
  precompressDir(consoleDir);
  const plugins = path.join(root, "plugins");
  cpSync(fixtures, plugins, { recursive: true });
  const remote = path.join(plugins, "hello", "built-remote");
  writeFileSync(path.join(remote, "remoteEntry.js"), code("entry"));
  mkdirSync(path.join(remote, "assets"), { recursive: true });
  writeFileSync(path.join(remote, "assets", "plugin-Qw12Er34.js"), code("plugin"));
  precompressDir(remote);
  return { consoleDir, plugins, remote };
}
t.test("built assets are sent precompressed as the browser accepts, with cache headers by kind", async (t2) => {
  const { consoleDir, plugins, remote } = builtFixture(t2);
  const { app } = await build(t2, { extraPluginDirs: [plugins], config: { consoleDir } });
  const get = (url, acceptEncoding) => app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
  const original = (dir, rel) => readFileSync(path.join(dir, rel));
  t2.test("a hashed console chunk: brotli first, gzip otherwise, plain without Accept-Encoding; immutable for a year", async (t3) => {
    const br = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br");
    t3.equal(br.statusCode, 200);
    t3.equal(br.headers["content-encoding"], "br");
    t3.match(br.headers["content-type"], /javascript/);
    t3.match(br.headers.vary, /accept-encoding/i);
    t3.equal(br.headers["cache-control"], "public, max-age=31536000, immutable");
    t3.ok(br.rawPayload.length < original(consoleDir, "assets/index-Ab12Cd34.js").length / 3, "the body is compressed");
    t3.same(brotliDecompressSync(br.rawPayload), original(consoleDir, "assets/index-Ab12Cd34.js"), "and decodes to the file");
    const gz = await get("/assets/index-Ab12Cd34.js", "gzip");
    t3.equal(gz.headers["content-encoding"], "gzip");
    t3.same(gunzipSync(gz.rawPayload), original(consoleDir, "assets/index-Ab12Cd34.js"));
    t3.equal(gz.headers["cache-control"], "public, max-age=31536000, immutable");
    const plain = await get("/assets/index-Ab12Cd34.js");
    t3.equal(plain.headers["content-encoding"], void 0);
    t3.match(plain.headers.vary, /accept-encoding/i, "the plain answer varies on Accept-Encoding too, for shared caches");
    t3.same(plain.rawPayload, original(consoleDir, "assets/index-Ab12Cd34.js"));
  });
  t2.test("a file too small to compress is sent as it is, still immutable", async (t3) => {
    const res = await get("/assets/tiny-Zz99Yy88.js", "br, gzip");
    t3.equal(res.statusCode, 200);
    t3.equal(res.headers["content-encoding"], void 0);
    t3.equal(res.body, "export {};");
    t3.equal(res.headers["cache-control"], "public, max-age=31536000, immutable");
  });
  t2.test("index.html, at / and as the SPA fallback, and the unhashed theme are revalidated (no-cache)", async (t3) => {
    for (const url of ["/", "/index.html", "/tickets/123"]) {
      const res = await get(url, "br");
      t3.equal(res.statusCode, 200, url);
      t3.equal(res.headers["content-encoding"], "br", url);
      t3.equal(res.headers["cache-control"], "no-cache", url);
      t3.match(res.headers["content-type"], /text\/html/, url);
      t3.same(brotliDecompressSync(res.rawPayload), original(consoleDir, "index.html"), url);
    }
    const theme = await get("/themes/light/theme.css", "gzip");
    t3.equal(theme.headers["content-encoding"], "gzip");
    t3.match(theme.headers["content-type"], /text\/css/);
    t3.equal(theme.headers["cache-control"], "no-cache");
  });
  t2.test("a remote: remoteEntry.js revalidated, its hashed chunks immutable, both compressed and open to other origins", async (t3) => {
    const entry = await get("/plugins/hello/remoteEntry.js", "gzip, br");
    t3.equal(entry.statusCode, 200);
    t3.equal(entry.headers["content-encoding"], "br");
    t3.equal(entry.headers["cache-control"], "no-cache");
    t3.equal(entry.headers["access-control-allow-origin"], "*");
    t3.match(entry.headers.vary, /accept-encoding/i);
    t3.same(brotliDecompressSync(entry.rawPayload), original(remote, "remoteEntry.js"));
    const chunk = await get("/plugins/hello/assets/plugin-Qw12Er34.js", "gzip");
    t3.equal(chunk.headers["content-encoding"], "gzip");
    t3.equal(chunk.headers["cache-control"], "public, max-age=31536000, immutable");
    t3.equal(chunk.headers["access-control-allow-origin"], "*");
    t3.same(gunzipSync(chunk.rawPayload), original(remote, "assets/plugin-Qw12Er34.js"));
  });
  t2.test("an unknown asset is still a JSON 404, never a compressed sibling or the SPA page", async (t3) => {
    const res = await get("/assets/missing-00000000.js", "br");
    t3.equal(res.statusCode, 404);
    t3.equal(res.json().error, "ERR_NOT_FOUND");
  });
});
