import t from 'tap';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { AUDIT_ACTIONS } from '../../src/audit/actions.js';
import { AUDIT_LABELS } from '../../../host-web/src/pages/settings/audit-labels.js';

/**
 * The audit screen shows each entry's action and entity in the reader's language (issue 41, item 6): every action
 * the server can write (AUDIT_ACTIONS types AuditEntry.action) and every table it can log a change of has a label in
 * pt, en and es. The tables: the core's audited models (found by their `static tableName`), the entities written by
 * name (`entity: '…'`, an auth event's entity), and every table a plugin's manifest declares (its sdk.db writes are
 * logged under the table's name). No server: the sources are scanned and the model modules imported.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LANGUAGES = ['pt', 'en', 'es'] as const;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Tables of the core's models whose writes are audited (a model sets `static audited = false` otherwise). */
async function auditedModelTables(): Promise<string[]> {
  const tables = new Set<string>();
  for (const file of sourcesUnder(path.join(root, 'core/src'))) {
    const names = [...readFileSync(file, 'utf8').matchAll(/static tableName = '(\w+)'/g)].map((m) => m[1]);
    if (!names.length) continue;
    const mod = await import(pathToFileURL(file).href) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const model = value as { tableName?: string; audited?: boolean };
      if (typeof value === 'function' && model.tableName && names.includes(model.tableName) && model.audited !== false) tables.add(model.tableName);
    }
  }
  return [...tables];
}

/** Entities written by name: `entity: 'x'` in an entry, and the entity argument of recordAuthEvent. */
function namedEntities(): string[] {
  const dirs = [path.join(root, 'core/src'), ...readdirSync(path.join(root, 'plugins')).map((id) => path.join(root, 'plugins', id, 'src')).filter(existsSync)];
  const found = new Set<string>();
  for (const file of dirs.flatMap(sourcesUnder)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bentity: '(\w+)'/g)) found.add(m[1]);
    for (const m of text.matchAll(/recordAuthEvent\(\w+, \w+, [^,]+, '\w+', '(\w+)'/g)) found.add(m[1]);
  }
  return [...found];
}

/** The tables each plugin declares (scoped and unscoped): its sdk.db writes are logged under these names. */
function pluginTables(): string[] {
  return readdirSync(path.join(root, 'plugins')).flatMap((id) => {
    const manifest = path.join(root, 'plugins', id, 'plugin.json');
    if (!existsSync(manifest)) return [];
    const backend = (JSON.parse(readFileSync(manifest, 'utf8')) as { backend?: { tables?: string[]; unscopedTables?: string[] } }).backend;
    return [...(backend?.tables ?? []), ...(backend?.unscopedTables ?? [])];
  });
}

const labelled = (group: Record<string, string>, key: string) => typeof group[key] === 'string' && group[key].trim().length > 0;

t.test('every action the server can write has a label in every language', async (t) => {
  t.ok(AUDIT_ACTIONS.includes('impersonate_back') && AUDIT_ACTIONS.includes('2fa_enable'), 'the named auth events are in the list');
  const missing = LANGUAGES.flatMap((lng) => AUDIT_ACTIONS.filter((a) => !labelled(AUDIT_LABELS[lng].actions, a)).map((a) => `${lng} ${a}`));
  t.same(missing, [], 'no action lacks a label');
});

t.test('every audited entity has a label in every language', async (t) => {
  const models = await auditedModelTables();
  t.ok(models.includes('users') && models.includes('tags') && !models.includes('auditLogs'), `the scan finds the audited models (${models.length})`);
  const entities = [...new Set([...models, ...namedEntities(), ...pluginTables()])].sort();
  t.ok(entities.includes('sessions') && entities.includes('prompts'), 'the named entities and plugin tables are in');
  const missing = LANGUAGES.flatMap((lng) => entities.filter((e) => !labelled(AUDIT_LABELS[lng].entities, e)).map((e) => `${lng} ${e}`));
  t.same(missing, [], 'no entity lacks a label');
});

t.test('the three languages label the same actions and entities', async (t) => {
  for (const lng of LANGUAGES.slice(1)) {
    t.same(Object.keys(AUDIT_LABELS[lng].actions).sort(), Object.keys(AUDIT_LABELS.pt.actions).sort(), `${lng} labels pt's actions`);
    t.same(Object.keys(AUDIT_LABELS[lng].entities).sort(), Object.keys(AUDIT_LABELS.pt.entities).sort(), `${lng} labels pt's entities`);
  }
});
