import t from "tap";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const LANGUAGES = ["pt", "en", "es"];
const DERIVED_CODES = [
  "ERR_REQUEST",
  "ERR_CTP_BODY_TOO_LARGE",
  "ERR_CTP_INVALID_MEDIA_TYPE",
  "ERR_FST_REQ_FILE_TOO_LARGE",
  "ERR_FST_FILES_LIMIT",
  "ERR_FST_PARTS_LIMIT",
  "ERR_FST_FIELDS_LIMIT"
];
function codesIn(dir) {
  const codes = /* @__PURE__ */ new Map();
  const walk = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        walk(file);
        continue;
      }
      if (!/\.tsx?$/.test(entry.name)) continue;
      for (const match of readFileSync(file, "utf8").matchAll(/(['"`])(ERR_[A-Z0-9_]+)\1/g)) {
        if (!codes.has(match[2])) codes.set(match[2], path.relative(root, file));
      }
    }
  };
  walk(dir);
  return codes;
}
const importFile = async (file) => import(pathToFileURL(path.join(root, file)).href);
const errorsOf = (bundle) => bundle?.errors ?? {};
const filled = (value) => typeof value === "string" && value.trim().length > 0;
const placeholders = (value) => [...String(value).matchAll(/\{\{[^}]+\}\}|\$t\([^)]*\)/g)].map((m) => m[0]).sort();
const sortedKeys = (value) => Object.keys(value).sort();
const hostBundles = {};
for (const lng of LANGUAGES) {
  const strings = (await importFile(`host-web/src/i18n/locales/${lng}.ts`)).default;
  const catalogue = (await importFile(`host-web/src/i18n/locales/errors/${lng}.ts`)).default;
  hostBundles[lng] = { ...strings, ...catalogue, errors: { ...errorsOf(strings), ...errorsOf(catalogue) } };
}
const hostErrors = Object.fromEntries(LANGUAGES.map((lng) => [lng, errorsOf(hostBundles[lng])]));
function checkLanguagesAgree(t2, catalogue, where) {
  for (const lng of LANGUAGES.slice(1)) {
    t2.same(sortedKeys(catalogue[lng]), sortedKeys(catalogue.pt), `${where}: ${lng} holds the same error keys as pt`);
  }
  const problems = LANGUAGES.flatMap((lng) => Object.entries(catalogue[lng]).flatMap(([key, text]) => {
    if (!filled(text)) return [`${lng} errors.${key} is empty`];
    if (lng === "pt" || !(key in catalogue.pt)) return [];
    const mine = placeholders(text).join(" ");
    const pt = placeholders(catalogue.pt[key]).join(" ");
    return mine === pt ? [] : [`${lng} errors.${key} has "${mine}", pt "${pt}"`];
  }));
  t2.same(problems, [], `${where}: every error text is filled and has pt's placeholders`);
}
t.test("the host locales translate every code the core answers with", async (t2) => {
  const codes = codesIn(path.join(root, "core/src"));
  t2.ok(codes.size > 50, `the scan finds the core's codes (${codes.size})`);
  for (const code of DERIVED_CODES) codes.set(code, "core/src/http/errors-install.ts (derived)");
  const missing = [...codes].flatMap(([code, file]) => LANGUAGES.filter((lng) => !filled(hostErrors[lng][code])).map((lng) => `${lng} ${code} (${file})`));
  t2.same(missing, [], "no core code lacks a translation in host-web/src/i18n/locales");
  checkLanguagesAgree(t2, hostErrors, "host");
});
t.test("a nested lookup in an error text resolves in every language", async (t2) => {
  for (const text of Object.values(hostErrors.pt)) {
    for (const [, group] of String(text).matchAll(/\$t\(([\w.]+)\.\{\{\w+\}\}\)/g)) {
      const groups = LANGUAGES.map((lng) => group.split(".").reduce((node, part) => node?.[part], hostBundles[lng]));
      t2.ok(groups.every((g) => g && Object.keys(g).length > 0), `${group} exists in every host locale`);
      for (const g of groups.slice(1)) t2.same(sortedKeys(g ?? {}), sortedKeys(groups[0] ?? {}), `${group} has the same keys in every host locale`);
    }
  }
});
const plugins = readdirSync(path.join(root, "plugins"), { withFileTypes: true }).filter((entry) => entry.isDirectory() && existsSync(path.join(root, "plugins", entry.name, "src"))).map((entry) => entry.name);
for (const id of plugins) {
  t.test(`plugin ${id}: every code it answers with is translated by its remote or the host`, async (t2) => {
    const codes = codesIn(path.join(root, "plugins", id, "src"));
    const remoteFile = `remotes/${id}/src/i18n.ts`;
    const messages = existsSync(path.join(root, remoteFile)) ? (await importFile(remoteFile)).messages : void 0;
    const remoteErrors = Object.fromEntries(LANGUAGES.map((lng) => [lng, errorsOf(messages?.[lng])]));
    const missing = [...codes].flatMap(([code, file]) => LANGUAGES.filter((lng) => !filled(hostErrors[lng][code]) && !filled(remoteErrors[lng][code])).map((lng) => `${lng} ${code} (${file})`));
    t2.same(missing, [], `no code of plugins/${id}/src lacks a translation in ${remoteFile} or the host's locales`);
    checkLanguagesAgree(t2, remoteErrors, remoteFile);
    const shadowing = Object.keys(remoteErrors.pt).filter((code) => code in hostErrors.pt);
    t2.same(shadowing, [], `${remoteFile} does not redefine a core code`);
  });
}
