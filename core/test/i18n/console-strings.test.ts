import t from 'tap';
import path from 'node:path';
import ts from 'typescript';
import { LANGUAGES, leaves, localeBundles, merged, parse, placeholdersOf, remoteBundles, root, screenBundles, sourcesUnder } from './console-bundles.js';

/**
 * What the console shows is in the reader's language and whole (issue 41, items 9 and 10):
 * - no English text is a Portuguese one left as it was ("Acesso não permitido" in the English console): an en text
 *   equal to its pt one is made only of words both languages share or proper names (SHARED_WORDS, each on purpose);
 * - no `{{placeholder}}` reaches the screen unfilled ("{{origin}} could not be reached."): where host-web/src calls
 *   `t('some.key', options)`, the options give every value the key's text names in any language; a key built at run
 *   time from a catalogue code (`t(\`errors.${code}\`)`: a connection's status reason, a warning) passes the values
 *   that came with the code along (a spread of them).
 * No browser: the locale modules are imported and the screens' addTranslations literals read from their source.
 */

/** Words an English text may share with its Portuguese one: the same word in both, a product or language name. */
const SHARED_WORDS = new Set([
  'status', 'qr', 'code', 'token', 'e-mail', 'min', 'manual', 'offline', 'online', 'dashboard', 'total', 'id', 'tags', 'kanban',
  'sla', 'ticket', 'original', 'volume', 'open.ai', 'asaas', 'português', 'english', 'español',
  'tag', 'menu', 'prompt', 'prompts', 'chats', 'url', 'webhook', 'slug', 'typebot', 'openai', 'dialogflow', 'n8n', 'flowbuilder',
  'telegram', 'tokens',
]);
const wordsOf = (text: string) => text.replace(/\{\{[^}]*\}\}/g, ' ').toLowerCase().split(/[\s:·,()/]+/).filter((w) => /\p{L}/u.test(w));

t.test('no English text of the console is a Portuguese one left untranslated', async (t) => {
  const bundles = [...screenBundles(), ...(await localeBundles()), ...(await remoteBundles())];
  t.ok(bundles.length > 25, `the screens, locales and remotes are read (${bundles.length} bundles)`);
  const untranslated = bundles.flatMap((b) => {
    const pt = leaves(b.strings.pt);
    return [...leaves(b.strings.en)].filter(([key, en]) => pt.get(key) === en && wordsOf(en).some((w) => !SHARED_WORDS.has(w)))
      .map(([key, en]) => `${b.file} ${key}: "${en}"`);
  });
  t.same(untranslated, [], 'every en text equal to its pt one is made of shared words');
});

/** The names an options argument gives, or undefined when it cannot be told (a variable, a spread: values passed along). */
function suppliedBy(options: ts.Expression | undefined): Set<string> | undefined {
  if (!options) return new Set();
  if (!ts.isObjectLiteralExpression(options)) return undefined;
  const names = new Set<string>();
  for (const p of options.properties) {
    if (ts.isSpreadAssignment(p)) return undefined;
    if ((ts.isPropertyAssignment(p) || ts.isShorthandPropertyAssignment(p)) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) names.add(p.name.text);
  }
  return names;
}

/** `t(…)`, `i18n.t(…)`, `props.t(…)`: the translate calls. */
const isTranslate = (call: ts.CallExpression) =>
  (ts.isIdentifier(call.expression) && call.expression.text === 't') ||
  (ts.isPropertyAccessExpression(call.expression) && call.expression.name.text === 't');

t.test('every placeholder a console text names is supplied where the text is shown', async (t) => {
  const all = merged([...screenBundles(), ...(await localeBundles())]);
  const texts = LANGUAGES.map((lng) => leaves(all[lng]));
  // A plural's forms (key_one, key_other) are reached through the key itself.
  const textsOf = (key: string) => texts.flatMap((m) => [...m].filter(([k]) => k === key || k.startsWith(`${key}_`)).map(([, v]) => v));
  const textsUnder = (prefix: string) => texts.flatMap((m) => [...m].filter(([k]) => k.startsWith(prefix)).map(([, v]) => v));
  const problems: string[] = [];
  let checked = 0;
  for (const file of sourcesUnder(path.join(root, 'host-web/src'))) {
    const source = parse(file);
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && isTranslate(node) && node.arguments[0]) {
        const [keyNode, options] = node.arguments;
        const supplied = suppliedBy(options);
        let needed: string[] = [];
        let key: string | undefined;
        if (ts.isStringLiteral(keyNode) || ts.isNoSubstitutionTemplateLiteral(keyNode)) {
          key = keyNode.text;
          needed = textsOf(key).flatMap(placeholdersOf);
        } else if (ts.isTemplateExpression(keyNode) && keyNode.head.text === 'errors.') {
          // A catalogue code known at run time (a status reason, a warning): any code's text may be the one shown,
          // so the values that came with the code must be passed along. (Other built keys name a label of a list.)
          key = 'errors.…';
          needed = textsUnder('errors.').flatMap(placeholdersOf);
        }
        if (key !== undefined) {
          checked += 1;
          const missing = supplied ? [...new Set(needed)].filter((name) => !supplied.has(name)) : [];
          if (missing.length) {
            const { line } = source.getLineAndCharacterOfPosition(node.getStart());
            problems.push(`${path.relative(root, file)}:${line + 1} ${key} leaves {{${missing.join('}}, {{')}}} unfilled`);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  t.ok(checked > 500, `the console's translate calls are read (${checked})`);
  t.same(problems, [], 'no translate call leaves a placeholder of its text unfilled');
});
