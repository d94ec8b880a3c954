import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { coreMigrations } from "../src/db/migrate.js";
import { pluginMigrations } from "../src/plugins/loader.js";
import { discoverPlugins } from "../src/plugins/manifest.js";
import { repoRoot } from "../src/config/index.js";
async function repoMigrations() {
  const plugins = discoverPlugins([{ dir: path.join(repoRoot, "plugins"), source: "repo" }]);
  return [...coreMigrations, ...await pluginMigrations(plugins)];
}
function migrationSources() {
  const files = [...walk(path.join(repoRoot, "core/src/db"))];
  for (const plugin of readdirSync(path.join(repoRoot, "plugins")).sort()) {
    files.push(path.join(repoRoot, "plugins", plugin, "plugin.json"), ...walk(path.join(repoRoot, "plugins", plugin, "src")));
  }
  return files.filter((f) => existsSync(f)).map((f) => `${path.relative(repoRoot, f)}
${readFileSync(f, "utf8")}
`).join("");
}
function* walk(dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
export {
  migrationSources,
  repoMigrations
};
