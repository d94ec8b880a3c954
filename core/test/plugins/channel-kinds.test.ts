import t from 'tap';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../src/config/index.js';

/**
 * Issue 44: no module outside a channel plugin names a channel kind. The core and the console know their own kinds
 * (`sandbox`, `beta` and its older name `baileys`) and read everything else from the provider registry and GET
 * /providers (capabilities, icon, label). Two rules, kept narrow so that words such as "email" (a field) or "cloud"
 * in prose pass:
 *  - a plugin channel's kind as a whole string literal ('cloud', 'telegram' …) anywhere in code;
 *  - a kind-like property (`provider`, `channel`, `providerKind`) compared with or set to a literal that is not a core kind.
 */
const CORE_KINDS = new Set(['sandbox', 'beta', 'baileys']);
const PLUGIN_KINDS = ['cloud', 'telegram', 'instagram', 'messenger', 'webchat', 'whatsapp-cloud', 'meta-messaging'];
const KIND_LITERAL = new RegExp(`(['"\`])(${PLUGIN_KINDS.join('|')})\\1`, 'g');
const KIND_PROPERTY = /\b(provider|providerKind|channel)\s*(?:===|!==|==|!=|:)\s*(['"`])([a-z][a-z0-9_-]*)\2/g;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) { if (name !== 'node_modules' && name !== 'dist') walk(full, out); } else if (/\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** The code of a file without its comments (a comment may tell of any channel). */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Every place a file's code names a channel kind that is not the core's: `line: text`. */
export function kindNames(source: string): string[] {
  const found: string[] = [];
  code(source).split('\n').forEach((line, i) => {
    for (const m of line.matchAll(KIND_LITERAL)) found.push(`${i + 1}: ${m[0]}`);
    for (const m of line.matchAll(KIND_PROPERTY)) if (!CORE_KINDS.has(m[3])) found.push(`${i + 1}: ${m[0]}`);
  });
  return found;
}

t.test('the rules see a kind, and only a kind', async (t) => {
  t.same(kindNames("if (c.provider === 'cloud') return;"), ["1: 'cloud'", "1: provider === 'cloud'"]);
  t.same(kindNames("const kind = 'telegram';"), ["1: 'telegram'"]);
  t.same(kindNames("options.push({ provider: 'email' });"), ["1: provider: 'email'"], 'a kind-like property set to a plugin kind');
  t.same(kindNames("if (c.provider === 'sandbox' || c.provider !== 'beta') return;"), [], 'the core\'s kinds are fine');
  t.same(kindNames("form.getFieldProps('email'); // the cloud provider 'cloud' in a comment"), [], 'a field named email, a comment');
  t.same(kindNames("/** provider === 'cloud' */ const x = 1;"), [], 'a block comment');
  t.same(kindNames("const url = `${origin}/api/whatsapp-cloud/webhook`;"), [], 'a word inside a longer text');
});

t.test('core/src and host-web/src name no channel kind but the core\'s own', async (t) => {
  const files = ['core/src', 'host-web/src'].flatMap((dir) => walk(path.join(repoRoot, dir)));
  t.ok(files.length > 100, 'the walk reads the sources');
  const offenders = files.flatMap((file) => kindNames(readFileSync(file, 'utf8')).map((hit) => `${path.relative(repoRoot, file)}:${hit}`));
  t.same(offenders, [], 'a channel plugin\'s kind belongs in its plugin (sdk.providers) and its remote; the rest reads capabilities');
});
