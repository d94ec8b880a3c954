import t from "tap";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { AUDIT_ACTIONS } from "../../src/audit/actions.js";
import { AUDIT_LABELS } from "../../../host-web/src/pages/settings/audit-labels.js";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const LANGUAGES = ["pt", "en", "es"];
function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}
async function auditedModelTables() {
  const tables = /* @__PURE__ */ new Set();
  for (const file of sourcesUnder(path.join(root, "core/src"))) {
    const names = [...readFileSync(file, "utf8").matchAll(/static tableName = '(\w+)'/g)].map((m) => m[1]);
    if (!names.length) continue;
    const mod = await import(pathToFileURL(file).href);
    for (const value of Object.values(mod)) {
      const model = value;
      if (typeof value === "function" && model.tableName && names.includes(model.tableName) && model.audited !== false) tables.add(model.tableName);
    }
  }
  return [...tables];
}
function namedEntities() {
  const dirs = [path.join(root, "core/src"), ...readdirSync(path.join(root, "plugins")).map((id) => path.join(root, "plugins", id, "src")).filter(existsSync)];
  const found = /* @__PURE__ */ new Set();
  for (const file of dirs.flatMap(sourcesUnder)) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(/\bentity: '(\w+)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/recordAuthEvent\(\w+, \w+, [^,]+, '\w+', '(\w+)'/g)) found.add(m[1]);
  }
  return [...found];
}
function pluginTables() {
  return readdirSync(path.join(root, "plugins")).flatMap((id) => {
    const manifest = path.join(root, "plugins", id, "plugin.json");
    if (!existsSync(manifest)) return [];
    const backend = JSON.parse(readFileSync(manifest, "utf8")).backend;
    return [...backend?.tables ?? [], ...backend?.unscopedTables ?? []];
  });
}
const labelled = (group, key) => typeof group[key] === "string" && group[key].trim().length > 0;
t.test("every action the server can write has a label in every language", async (t2) => {
  t2.ok(AUDIT_ACTIONS.includes("impersonate_back") && AUDIT_ACTIONS.includes("2fa_enable"), "the named auth events are in the list");
  const missing = LANGUAGES.flatMap((lng) => AUDIT_ACTIONS.filter((a) => !labelled(AUDIT_LABELS[lng].actions, a)).map((a) => `${lng} ${a}`));
  t2.same(missing, [], "no action lacks a label");
});
t.test("every audited entity has a label in every language", async (t2) => {
  const models = await auditedModelTables();
  t2.ok(models.includes("users") && models.includes("tags") && !models.includes("auditLogs"), `the scan finds the audited models (${models.length})`);
  const entities = [.../* @__PURE__ */ new Set([...models, ...namedEntities(), ...pluginTables()])].sort();
  t2.ok(entities.includes("sessions") && entities.includes("prompts"), "the named entities and plugin tables are in");
  const missing = LANGUAGES.flatMap((lng) => entities.filter((e) => !labelled(AUDIT_LABELS[lng].entities, e)).map((e) => `${lng} ${e}`));
  t2.same(missing, [], "no entity lacks a label");
});
t.test("the three languages label the same actions and entities", async (t2) => {
  for (const lng of LANGUAGES.slice(1)) {
    t2.same(Object.keys(AUDIT_LABELS[lng].actions).sort(), Object.keys(AUDIT_LABELS.pt.actions).sort(), `${lng} labels pt's actions`);
    t2.same(Object.keys(AUDIT_LABELS[lng].entities).sort(), Object.keys(AUDIT_LABELS.pt.entities).sort(), `${lng} labels pt's entities`);
  }
});
