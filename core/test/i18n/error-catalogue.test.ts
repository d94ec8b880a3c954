import t, { type Test } from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The console's error toast shows `errors.<CODE>` in the user's language when the key exists, else the
 * server's English message (host-web/src/toast/toast.ts). So every code the server can answer with needs a
 * text in pt, en and es: the core's codes in the host's locales, a plugin's own codes in its remote's
 * `messages[lng].errors` (merged into the same namespace when the remote loads).
 * No server: the sources are scanned and the locale modules imported as they are.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LANGUAGES = ['pt', 'en', 'es'] as const;
type Strings = Record<string, unknown>;

/**
 * Codes the error handler (core/src/http/errors-install.ts) builds from Fastify's and its plugins' own 4xx
 * errors (`ERR_` + their code without `FST_ERR_`), so they appear in no literal: the rate limit (no code:
 * ERR_REQUEST), a body over the limit, an unsupported content type and the multipart limits.
 */
const DERIVED_CODES = [
  'ERR_REQUEST', 'ERR_CTP_BODY_TOO_LARGE', 'ERR_CTP_INVALID_MEDIA_TYPE',
  'ERR_FST_REQ_FILE_TOO_LARGE', 'ERR_FST_FILES_LIMIT', 'ERR_FST_PARTS_LIMIT', 'ERR_FST_FIELDS_LIMIT',
];

/** Every `ERR_…` written as a whole string literal in the TypeScript under `dir`, with a file that has it. */
function codesIn(dir: string): Map<string, string> {
  const codes = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) { walk(file); continue; }
      if (!/\.tsx?$/.test(entry.name)) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(/(['"`])(ERR_[A-Z0-9_]+)\1/g)) {
        if (!codes.has(match[2])) codes.set(match[2], path.relative(root, file));
      }
    }
  };
  walk(dir);
  return codes;
}

const importFile = async (file: string) => import(pathToFileURL(path.join(root, file)).href) as Promise<Record<string, unknown>>;
const errorsOf = (bundle: Strings | undefined): Strings => (bundle?.errors ?? {}) as Strings;
const filled = (value: unknown) => typeof value === 'string' && value.trim().length > 0;
/** A text's interpolations and nestings: they must be the same in the three languages. */
const placeholders = (value: unknown) => [...String(value).matchAll(/\{\{[^}]+\}\}|\$t\([^)]*\)/g)].map((m) => m[0]).sort();
const sortedKeys = (value: Strings) => Object.keys(value).sort();

/**
 * A language's strings as the console holds them once the error texts are in: the locale (generic, network) merged
 * with its error catalogue chunk (`locales/errors/<lng>.ts`, loaded with the first error toast or at sign-in).
 */
const hostBundles: Record<string, Strings> = {};
for (const lng of LANGUAGES) {
  const strings = (await importFile(`host-web/src/i18n/locales/${lng}.ts`)).default as Strings;
  const catalogue = (await importFile(`host-web/src/i18n/locales/errors/${lng}.ts`)).default as Strings;
  hostBundles[lng] = { ...strings, ...catalogue, errors: { ...errorsOf(strings), ...errorsOf(catalogue) } };
}
const hostErrors = Object.fromEntries(LANGUAGES.map((lng) => [lng, errorsOf(hostBundles[lng])])) as Record<string, Strings>;

/** The same keys in the three languages, each a non-empty text with the same placeholders as pt's. */
function checkLanguagesAgree(t: Test, catalogue: Record<string, Strings>, where: string) {
  for (const lng of LANGUAGES.slice(1)) {
    t.same(sortedKeys(catalogue[lng]), sortedKeys(catalogue.pt), `${where}: ${lng} holds the same error keys as pt`);
  }
  const problems = LANGUAGES.flatMap((lng) => Object.entries(catalogue[lng]).flatMap(([key, text]) => {
    if (!filled(text)) return [`${lng} errors.${key} is empty`];
    if (lng === 'pt' || !(key in catalogue.pt)) return [];
    const mine = placeholders(text).join(' '); const pt = placeholders(catalogue.pt[key]).join(' ');
    return mine === pt ? [] : [`${lng} errors.${key} has "${mine}", pt "${pt}"`];
  }));
  t.same(problems, [], `${where}: every error text is filled and has pt's placeholders`);
}

t.test('the host locales translate every code the core answers with', async (t) => {
  const codes = codesIn(path.join(root, 'core/src'));
  t.ok(codes.size > 50, `the scan finds the core's codes (${codes.size})`);
  for (const code of DERIVED_CODES) codes.set(code, 'core/src/http/errors-install.ts (derived)');
  const missing = [...codes].flatMap(([code, file]) => LANGUAGES.filter((lng) => !filled(hostErrors[lng][code])).map((lng) => `${lng} ${code} (${file})`));
  t.same(missing, [], 'no core code lacks a translation in host-web/src/i18n/locales');
  checkLanguagesAgree(t, hostErrors, 'host');
});

t.test('a nested lookup in an error text resolves in every language', async (t) => {
  // ERR_PLAN_LIMIT nests `$t(planLimits.{{limit}})`: the nested group must exist with the same keys everywhere.
  for (const text of Object.values(hostErrors.pt)) {
    for (const [, group] of String(text).matchAll(/\$t\(([\w.]+)\.\{\{\w+\}\}\)/g)) {
      const groups = LANGUAGES.map((lng) => group.split('.').reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], hostBundles[lng]) as Strings | undefined);
      t.ok(groups.every((g) => g && Object.keys(g).length > 0), `${group} exists in every host locale`);
      for (const g of groups.slice(1)) t.same(sortedKeys(g ?? {}), sortedKeys(groups[0] ?? {}), `${group} has the same keys in every host locale`);
    }
  }
});

const plugins = readdirSync(path.join(root, 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(root, 'plugins', entry.name, 'src')))
  .map((entry) => entry.name);

for (const id of plugins) {
  t.test(`plugin ${id}: every code it answers with is translated by its remote or the host`, async (t) => {
    const codes = codesIn(path.join(root, 'plugins', id, 'src'));
    const remoteFile = `remotes/${id}/src/i18n.ts`;
    const messages = existsSync(path.join(root, remoteFile))
      ? ((await importFile(remoteFile)).messages as Record<string, Strings> | undefined)
      : undefined;
    const remoteErrors = Object.fromEntries(LANGUAGES.map((lng) => [lng, errorsOf(messages?.[lng])])) as Record<string, Strings>;

    const missing = [...codes].flatMap(([code, file]) => LANGUAGES
      .filter((lng) => !filled(hostErrors[lng][code]) && !filled(remoteErrors[lng][code]))
      .map((lng) => `${lng} ${code} (${file})`));
    t.same(missing, [], `no code of plugins/${id}/src lacks a translation in ${remoteFile} or the host's locales`);

    checkLanguagesAgree(t, remoteErrors, remoteFile);
    // A remote's bundle is merged over the host's (deep, overwriting): its text would replace the core's on every screen.
    const shadowing = Object.keys(remoteErrors.pt).filter((code) => code in hostErrors.pt);
    t.same(shadowing, [], `${remoteFile} does not redefine a core code`);
  });
}
