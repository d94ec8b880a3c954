import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const LANGUAGES = ["pt", "en", "es"];
function sourcesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}
const parse = (file) => ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
const nameOf = (name) => ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : void 0;
function literal(node, consts) {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literal(node.expression, consts);
  if (ts.isIdentifier(node) && consts.has(node.text)) return literal(consts.get(node.text), consts);
  if (!ts.isObjectLiteralExpression(node)) return void 0;
  const out = {};
  for (const prop of node.properties) {
    if (ts.isPropertyAssignment(prop)) {
      const key = nameOf(prop.name);
      const value = literal(prop.initializer, consts);
      if (key !== void 0 && value !== void 0) out[key] = value;
    } else if (ts.isShorthandPropertyAssignment(prop)) {
      const value = consts.has(prop.name.text) ? literal(consts.get(prop.name.text), consts) : void 0;
      if (value !== void 0) out[prop.name.text] = value;
    }
  }
  return out;
}
function merge(into, from) {
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === "object" && typeof into[key] === "object") merge(into[key], value);
    else into[key] = value;
  }
}
function screenBundles() {
  const out = [];
  for (const file of sourcesUnder(path.join(root, "host-web/src"))) {
    const text = readFileSync(file, "utf8");
    if (!text.includes("addTranslations(")) continue;
    const source = parse(file);
    const consts = /* @__PURE__ */ new Map();
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    }
    const visit = (node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === "addTranslations" && node.arguments[0]) {
        const bundle = literal(node.arguments[0], consts);
        if (bundle && typeof bundle === "object") {
          out.push({ file: path.relative(root, file), strings: Object.fromEntries(LANGUAGES.map((lng) => [lng, bundle[lng] ?? {}])) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}
async function localeBundles() {
  const load = async (file) => (await import(pathToFileURL(path.join(root, file)).href)).default;
  const out = [];
  for (const dir of ["host-web/src/i18n/locales", "host-web/src/i18n/locales/errors"]) {
    const strings = {};
    for (const lng of LANGUAGES) strings[lng] = await load(`${dir}/${lng}.ts`);
    out.push({ file: `${dir}/<lng>.ts`, strings });
  }
  return out;
}
function merged(bundles) {
  const out = { pt: {}, en: {}, es: {} };
  for (const b of bundles) for (const lng of LANGUAGES) merge(out[lng], b.strings[lng]);
  return out;
}
function leaves(strings, prefix = "") {
  const out = /* @__PURE__ */ new Map();
  for (const [key, value] of Object.entries(strings)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(dotted, value);
    else for (const [k, v] of leaves(value, dotted)) out.set(k, v);
  }
  return out;
}
const placeholdersOf = (text) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1].split(".")[0]);
async function remoteBundles() {
  const out = [];
  for (const id of readdirSync(path.join(root, "remotes"))) {
    const file = path.join(root, "remotes", id, "src/i18n.ts");
    let messages;
    try {
      messages = (await import(pathToFileURL(file).href)).messages;
    } catch {
      continue;
    }
    if (messages) out.push({ file: path.relative(root, file), strings: messages });
  }
  return out;
}
export {
  LANGUAGES,
  leaves,
  localeBundles,
  merged,
  parse,
  placeholdersOf,
  remoteBundles,
  root,
  screenBundles,
  sourcesUnder
};
