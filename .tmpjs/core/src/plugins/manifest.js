import { Ajv } from "ajv";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import semver from "semver";
import { repoRoot } from "../config/index.js";
class PluginManifestError extends Error {
  constructor(plugin, field, detail) {
    super(`Plugin "${plugin}": ${field ? `field "${field}" ` : ""}${detail}`);
    this.plugin = plugin;
    this.field = field;
    this.name = "PluginManifestError";
  }
  plugin;
  field;
}
const coreVersion = JSON.parse(readFileSync(path.join(repoRoot, "core", "package.json"), "utf8")).version;
const ajv = new Ajv({ allErrors: true, strict: false, useDefaults: true });
const validate = ajv.compile(JSON.parse(readFileSync(path.join(repoRoot, "plugin.schema.json"), "utf8")));
function readManifest(dir) {
  const file = path.join(dir, "plugin.json");
  const label = path.basename(dir);
  let data;
  try {
    data = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new PluginManifestError(label, "", `has an unreadable plugin.json (${err.message})`);
  }
  if (!validate(data)) {
    const first = validate.errors[0];
    const field = [first.instancePath.replace(/^\//, "").replace(/\//g, "."), first.params && "additionalProperty" in first.params ? first.params.additionalProperty : first.params && "missingProperty" in first.params ? first.params.missingProperty : ""].filter(Boolean).join(".");
    const name = typeof data?.id === "string" ? data.id : label;
    throw new PluginManifestError(name, field || "(root)", first.message ?? "is invalid");
  }
  const manifest = data;
  if (!semver.validRange(manifest.core)) throw new PluginManifestError(manifest.id, "core", `"${manifest.core}" is not a semver range`);
  if (!semver.satisfies(coreVersion, manifest.core, { includePrerelease: true })) {
    throw new PluginManifestError(manifest.id, "core", `needs core ${manifest.core}, this is ${coreVersion}`);
  }
  for (const rel of [manifest.backend?.entry, manifest.backend?.migrations].filter(Boolean)) {
    if (!existsSync(path.resolve(dir, rel))) throw new PluginManifestError(manifest.id, "backend", `points to a missing file ${rel}`);
  }
  return manifest;
}
function discoverPlugins(roots) {
  const found = [];
  const seen = /* @__PURE__ */ new Map();
  for (const root of roots) {
    if (!existsSync(root.dir)) continue;
    const dirs = existsSync(path.join(root.dir, "plugin.json")) ? [root.dir] : readdirSync(root.dir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort((a, b) => a.localeCompare(b)).map((name) => path.join(root.dir, name));
    for (const dir of dirs) {
      if (!existsSync(path.join(dir, "plugin.json"))) continue;
      const manifest = readManifest(dir);
      if (seen.has(manifest.id)) throw new PluginManifestError(manifest.id, "id", `is used by two plugins (${seen.get(manifest.id)} and ${dir})`);
      seen.set(manifest.id, dir);
      found.push({ manifest, dir, source: root.source });
    }
  }
  for (const { manifest } of found) {
    for (const need of manifest.requires ?? []) {
      if (!seen.has(need)) throw new PluginManifestError(manifest.id, "requires", `needs plugin "${need}", which is not installed`);
    }
  }
  return orderByRequires(found);
}
function orderByRequires(plugins) {
  const byId = new Map(plugins.map((p) => [p.manifest.id, p]));
  const ordered = [];
  const state = /* @__PURE__ */ new Map();
  const visit = (p) => {
    const s = state.get(p.manifest.id);
    if (s === "done") return;
    if (s === "visiting") throw new PluginManifestError(p.manifest.id, "requires", "forms a cycle");
    state.set(p.manifest.id, "visiting");
    for (const need of p.manifest.requires ?? []) visit(byId.get(need));
    state.set(p.manifest.id, "done");
    ordered.push(p);
  };
  plugins.forEach(visit);
  return ordered;
}
export {
  PluginManifestError,
  coreVersion,
  discoverPlugins,
  readManifest
};
