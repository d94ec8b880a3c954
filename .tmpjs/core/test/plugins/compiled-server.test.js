import t from "tap";
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
const run = promisify(execFile);
const core = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = path.join(core, "test", "fixtures", "plugins", "hello");
const PASSWORD = "Compiled-pass-123";
const freePort = () => new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
function pluginsFolder(t2) {
  const root = mkdtempSync(path.join(os.tmpdir(), "atrium-compiled-"));
  t2.teardown(() => rmSync(root, { recursive: true, force: true }));
  const plugins = path.join(root, "plugins");
  cpSync(fixture, path.join(plugins, "hello"), { recursive: true });
  cpSync(fixture, path.join(plugins, "later"), { recursive: true });
  cpSync(fixture, path.join(plugins, "edited"), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(fixture, "plugin.json"), "utf8"));
  delete manifest.remote;
  manifest.backend.tables = ["laterGreetings"];
  writeFileSync(path.join(plugins, "later", "plugin.json"), JSON.stringify({ ...manifest, $schema: void 0, id: "later", planFlag: "useLater" }));
  writeFileSync(path.join(plugins, "edited", "plugin.json"), JSON.stringify({ ...manifest, $schema: void 0, id: "edited", planFlag: "useEdited", backend: { ...manifest.backend, tables: ["editedGreetings"] } }));
  for (const [id, table] of [["later", "laterGreetings"], ["edited", "editedGreetings"]]) {
    for (const file of ["src/index.ts", "src/migrations.ts"]) {
      const target = path.join(plugins, id, file);
      writeFileSync(target, readFileSync(target, "utf8").replaceAll("helloGreetings", table));
    }
  }
  return { root, plugins };
}
t.test("npm start's compiled server loads plugins from their compiled entries, and an uncompiled one through tsx", async (t2) => {
  const { root, plugins } = pluginsFolder(t2);
  await run(process.execPath, [path.join(core, "scripts", "build-server.mjs")], { env: { ...process.env, PLUGINS_DIR: plugins } });
  const compiledHello = path.join(plugins, "hello", "dist", "backend", "src", "index.mjs");
  writeFileSync(compiledHello, readFileSync(compiledHello, "utf8").replace("hello company", "compiled hello company"));
  rmSync(path.join(plugins, "later", "dist"), { recursive: true, force: true });
  const editedSource = path.join(plugins, "edited", "src", "index.ts");
  writeFileSync(editedSource, readFileSync(editedSource, "utf8").replace("hello company", "edited hello company"));
  const afterBuild = new Date(Date.now() + 5e3);
  utimesSync(editedSource, afterBuild, afterBuild);
  const port = await freePort();
  const serve = JSON.parse(readFileSync(path.join(core, "package.json"), "utf8")).scripts.serve;
  t2.match(serve, /dist\/server\.js/, "npm start serves the compiled core");
  const child = spawn(process.execPath, serve.split(/\s+/).slice(1), {
    cwd: core,
    env: { ...process.env, DATA_DIR: path.join(root, "data"), PORT: String(port), HOST: "127.0.0.1", DATABASE_URL: "", REDIS_URL: "", PLUGINS_DIR: plugins, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "pipe"]
  });
  let output = "";
  child.stdout.on("data", (c) => {
    output += c;
  });
  child.stderr.on("data", (c) => {
    output += c;
  });
  t2.teardown(() => new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  }));
  const base = `http://127.0.0.1:${port}`;
  for (let up = false; !up; ) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    up = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  const login = await (await fetch(`${base}/api/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "admin@atrium.local", password: PASSWORD }) })).json();
  const auth = { authorization: `Bearer ${login.token}`, "content-type": "application/json" };
  const planned = await fetch(`${base}/api/plans/1`, { method: "PUT", headers: auth, body: JSON.stringify({ features: { useHello: true, useLater: true, useEdited: true } }) });
  t2.equal(planned.status, 200, "the plan gets both plugins' flags");
  const hello = await fetch(`${base}/api/hello/greeting`, { headers: auth });
  t2.equal(hello.status, 200);
  t2.match((await hello.json()).message, /^compiled hello company \d+$/, "the compiled entry answered (its migration ran too)");
  const later = await fetch(`${base}/api/later/greeting`, { headers: auth });
  t2.equal(later.status, 200);
  t2.match((await later.json()).message, /^hello company \d+$/, "the plugin dropped in after the build runs from its TypeScript");
  const edited = await fetch(`${base}/api/edited/greeting`, { headers: auth });
  t2.match((await edited.json()).message, /^edited hello company \d+$/, "a plugin edited after its build runs its sources, not the stale dist/");
  const stale = output.split("\n").filter((line) => line.includes("its sources changed after"));
  t2.equal(stale.length, 1, "and the log says so in plain words, once");
  t2.match(stale[0], /plugin \\"edited\\"/, "naming the plugin");
  const warnings = output.split("\n").filter((line) => line.includes("plugin file not compiled"));
  t2.equal(warnings.length, 1, "one warning, for the uncompiled plugin only");
  t2.match(warnings[0], /later[\/\\]src[\/\\]index\.ts/, "naming its file");
});
