import t from "tap";
import path from "node:path";
import ts from "typescript";
import { LANGUAGES, leaves, localeBundles, merged, parse, placeholdersOf, remoteBundles, root, screenBundles, sourcesUnder } from "./console-bundles.js";
const SHARED_WORDS = /* @__PURE__ */ new Set([
  "status",
  "qr",
  "code",
  "token",
  "e-mail",
  "min",
  "manual",
  "offline",
  "online",
  "dashboard",
  "total",
  "id",
  "tags",
  "kanban",
  "sla",
  "ticket",
  "original",
  "volume",
  "open.ai",
  "asaas",
  "portugu\xEAs",
  "english",
  "espa\xF1ol",
  "tag",
  "menu",
  "prompt",
  "prompts",
  "chats",
  "url",
  "webhook",
  "slug",
  "typebot",
  "openai",
  "dialogflow",
  "n8n",
  "flowbuilder"
]);
const wordsOf = (text) => text.replace(/\{\{[^}]*\}\}/g, " ").toLowerCase().split(/[\s:·,()/]+/).filter((w) => new RegExp("\\p{L}", "u").test(w));
t.test("no English text of the console is a Portuguese one left untranslated", async (t2) => {
  const bundles = [...screenBundles(), ...await localeBundles(), ...await remoteBundles()];
  t2.ok(bundles.length > 25, `the screens, locales and remotes are read (${bundles.length} bundles)`);
  const untranslated = bundles.flatMap((b) => {
    const pt = leaves(b.strings.pt);
    return [...leaves(b.strings.en)].filter(([key, en]) => pt.get(key) === en && wordsOf(en).some((w) => !SHARED_WORDS.has(w))).map(([key, en]) => `${b.file} ${key}: "${en}"`);
  });
  t2.same(untranslated, [], "every en text equal to its pt one is made of shared words");
});
function suppliedBy(options) {
  if (!options) return /* @__PURE__ */ new Set();
  if (!ts.isObjectLiteralExpression(options)) return void 0;
  const names = /* @__PURE__ */ new Set();
  for (const p of options.properties) {
    if (ts.isSpreadAssignment(p)) return void 0;
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) names.add(p.name.text);
  }
  return names;
}
const isTranslate = (call) => ts.isIdentifier(call.expression) && call.expression.text === "t" || ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === "t";
t.test("every placeholder a console text names is supplied where the text is shown", async (t2) => {
  const all = merged([...screenBundles(), ...await localeBundles()]);
  const texts = LANGUAGES.map((lng) => leaves(all[lng]));
  const textsOf = (key) => texts.flatMap((m) => [...m].filter(([k]) => k === key || k.startsWith(`${key}_`)).map(([, v]) => v));
  const textsUnder = (prefix) => texts.flatMap((m) => [...m].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v));
  const problems = [];
  let checked = 0;
  for (const file of sourcesUnder(path.join(root, "host-web/src"))) {
    const source = parse(file);
    const visit = (node) => {
      if (ts.isCallExpression(node) && isTranslate(node) && node.arguments[0]) {
        const [keyNode, options] = node.arguments;
        const supplied = suppliedBy(options);
        let needed = [];
        let key;
        if (ts.isStringLiteral(keyNode) || ts.isNoSubstitutionTemplateLiteral(keyNode)) {
          key = keyNode.text;
          needed = textsOf(key).flatMap(placeholdersOf);
        } else if (ts.isTemplateExpression(keyNode) && keyNode.head.text === "errors.") {
          key = "errors.\u2026";
          needed = textsUnder("errors.").flatMap(placeholdersOf);
        }
        if (key !== void 0) {
          checked += 1;
          const missing = supplied ? [...new Set(needed)].filter((name) => !supplied.has(name)) : [];
          if (missing.length) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            problems.push(`${path.relative(root, file)}:${line + 1} ${key} leaves {{${missing.join("}}, {{")}}} unfilled`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  t2.ok(checked > 500, `the console's translate calls are read (${checked})`);
  t2.same(problems, [], "no translate call leaves a placeholder of its text unfilled");
});
