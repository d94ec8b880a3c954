import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

/**
 * The console's strings as the browser ends up holding them, read without a browser: the host's locale modules
 * (imported) and every `addTranslations({ en: …, pt: …, es: … })` of host-web/src (a screen's strings, read from the
 * source's object literal; a spread or computed value in one is left out). Shared by the i18n tests.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const LANGUAGES = ['pt', 'en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Strings = { [key: string]: string | Strings };

export function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

export const parse = (file: string) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

const nameOf = (name: ts.PropertyName) => (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined);

/** An object literal of strings as data; `consts` resolves a name declared at the file's top level. */
function literal(node: ts.Expression, consts: Map<string, ts.Expression>): Strings | string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literal(node.expression, consts);
  if (ts.isIdentifier(node) && consts.has(node.text)) return literal(consts.get(node.text)!, consts);
  if (!ts.isObjectLiteralExpression(node)) return undefined;
  const out: Strings = {};
  for (const prop of node.properties) {
    if (ts.isPropertyAssignment(prop)) {
      const key = nameOf(prop.name);
      const value = literal(prop.initializer, consts);
      if (key !== undefined && value !== undefined) out[key] = value;
    } else if (ts.isShorthandPropertyAssignment(prop)) {
      const value = consts.has(prop.name.text) ? literal(consts.get(prop.name.text)!, consts) : undefined;
      if (value !== undefined) out[prop.name.text] = value;
    }
  }
  return out;
}

function merge(into: Strings, from: Strings) {
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === 'object' && typeof into[key] === 'object') merge(into[key] as Strings, value);
    else into[key] = value;
  }
}

/** One screen's (or module's) bundle per language, with the file it is in. */
export interface Bundle { file: string; strings: Record<Language, Strings> }

/** Every addTranslations call's bundle under host-web/src. */
export function screenBundles(): Bundle[] {
  const out: Bundle[] = [];
  for (const file of sourcesUnder(path.join(root, 'host-web/src'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('addTranslations(')) continue;
    const source = parse(file);
    const consts = new Map<string, ts.Expression>();
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.initializer) consts.set(d.name.text, d.initializer);
    }
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'addTranslations' && node.arguments[0]) {
        const bundle = literal(node.arguments[0], consts);
        if (bundle && typeof bundle === 'object') {
          out.push({ file: path.relative(root, file), strings: Object.fromEntries(LANGUAGES.map((lng) => [lng, (bundle[lng] ?? {}) as Strings])) as Record<Language, Strings> });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return out;
}

/** The host's locale modules (generic strings, the error catalogue), as bundles. */
export async function localeBundles(): Promise<Bundle[]> {
  const load = async (file: string) => (await import(pathToFileURL(path.join(root, file)).href) as { default: Strings }).default;
  const out: Bundle[] = [];
  for (const dir of ['host-web/src/i18n/locales', 'host-web/src/i18n/locales/errors']) {
    const strings = {} as Record<Language, Strings>;
    for (const lng of LANGUAGES) strings[lng] = await load(`${dir}/${lng}.ts`);
    out.push({ file: `${dir}/<lng>.ts`, strings });
  }
  return out;
}

/** Everything merged per language, as i18next holds it once every screen has loaded. */
export function merged(bundles: Bundle[]): Record<Language, Strings> {
  const out = { pt: {}, en: {}, es: {} } as Record<Language, Strings>;
  for (const b of bundles) for (const lng of LANGUAGES) merge(out[lng], b.strings[lng]);
  return out;
}

/** Leaves of a bundle: dotted key → text. */
export function leaves(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const dotted = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(dotted, value);
    else for (const [k, v] of leaves(value, dotted)) out.set(k, v);
  }
  return out;
}

/** The interpolations a text needs (`{{name}}`, `{{value, number}}` → value); nestings `$t(…)` are not values. */
export const placeholdersOf = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1].split('.')[0]);

/** Each remote's `messages` (remotes/<id>/src/i18n.ts), merged by the host when the remote loads. */
export async function remoteBundles(): Promise<Bundle[]> {
  const out: Bundle[] = [];
  for (const id of readdirSync(path.join(root, 'remotes'))) {
    const file = path.join(root, 'remotes', id, 'src/i18n.ts');
    let messages: Record<Language, Strings> | undefined;
    try { messages = (await import(pathToFileURL(file).href) as { messages?: Record<Language, Strings> }).messages; } catch { continue; }
    if (messages) out.push({ file: path.relative(root, file), strings: messages });
  }
  return out;
}
