import t from "tap";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "../helper.js";
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
function pluginSources() {
  const walk = (dir) => readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === "node_modules" || name === "dist") return [];
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|tsx|mjs)$/.test(name) ? [full] : [];
  });
  const plugins = readdirSync(path.join(repo, "plugins")).map((id) => path.join(repo, "plugins", id, "src"));
  return [...plugins, path.join(repo, "tooling/plugin-kit/examples"), path.join(repo, "tooling/create-plugin")].flatMap((dir) => {
    try {
      return walk(dir);
    } catch {
      return [];
    }
  });
}
t.test("the SDK hands plugins the core's own role guards", async (t2) => {
  const { app } = await build(t2);
  t2.equal(app.atrium.requireAdmin, app.requireAdmin, "sdk.requireAdmin is the guard the core's routes use");
  t2.equal(app.atrium.requireSuper, app.requireSuper, "sdk.requireSuper too");
});
t.test("no plugin hand-writes a role check that throws: admin-only routes use sdk.requireAdmin / sdk.requireSuper", async (t2) => {
  const handGuard = /if\s*\([^)]*profile\s*!==?\s*['"]admin['"][^)]*\)\s*\{?\s*throw/;
  const found = pluginSources().filter((file) => handGuard.test(readFileSync(file, "utf8"))).map((file) => path.relative(repo, file));
  t2.ok(pluginSources().length > 20, "the plugins' sources were read");
  t2.same(found, [], "use { preHandler: sdk.requireAdmin } instead");
});
