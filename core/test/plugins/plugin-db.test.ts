import t from 'tap';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from '../helper.js';
import { buildApp } from '../../src/app.js';
import { TenantScopeError } from '../../src/db/model.js';
import { readManifest } from '../../src/plugins/manifest.js';
import { assertOwnTables, createPluginDb, PluginTableError } from '../../src/sdk/db.js';

/**
 * sdk.db: a plugin reaches only the tables its manifest declares, always with a company. The core's tables
 * (tickets …) and another plugin's are refused; a query without a numeric company throws before the database.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const campaigns = readManifest(path.join(root, 'plugins/campaigns'));
const chat = readManifest(path.join(root, 'plugins/internal-chat'));

t.test('a plugin asking for a core table or another plugin\'s is refused; no company, no query', async (t) => {
  const { app } = await build(t);
  const db = createPluginDb(app.knex, 'campaigns', campaigns.backend!);
  t.throws(() => db.table('tickets', 1), PluginTableError, 'a core table');
  t.throws(() => db.table('ticketTags', 1), PluginTableError, 'a core link table');
  t.throws(() => db.table('prompts', 1), PluginTableError, 'another plugin\'s table');
  t.throws(() => db.unscoped('tickets'), PluginTableError, 'a core table, unscoped');
  t.throws(() => db.unscoped('campaigns'), PluginTableError, 'an own table not declared unscoped');
  for (const bad of [undefined, null, 0, -1, 1.5, Number.NaN, '1']) {
    t.throws(() => db.table('campaigns', bad as never), TenantScopeError, `companyId ${String(bad)}`);
  }
  t.throws(() => db.table('campaigns', 1).join('tickets', 'tickets.id', 'campaigns.id'), PluginTableError, 'a join to a core table');
  t.throws(() => db.table('campaigns', 1).leftJoin('users as u', 'u.id', 'campaigns.id'), PluginTableError, 'an aliased join to a core table');
  t.throws(() => db.table('campaigns', 1).from('contacts'), PluginTableError, 'switching the table');
  t.doesNotThrow(() => db.table('campaignShipping', 1).join('campaigns', 'campaigns.id', 'campaignShipping.campaignId'), 'a join between own tables');
  t.throws(() => db.table('campaigns', 1).where({ id: 1 }).orWhere({ id: 2 }), TenantScopeError, 'a top-level orWhere (company AND a OR b)');
  t.throws(() => db.table('campaigns', 1).orWhereIn('id', [2]), TenantScopeError, 'a top-level orWhereIn');
  t.throws(() => db.table('campaigns', 1).clearWhere(), TenantScopeError, 'clearing the company filter');
  t.throws(() => db.table('campaigns', 1).clear('where'), TenantScopeError, "clear('where')");
  t.match(db.table('campaigns', 1).where((q) => q.where({ id: 1 }).orWhere({ id: 2 })).toString(), /companyId.? = 1 and \(.*id.? = 1 or .*id.? = 2\)*\)$/, 'a grouped or-condition stays inside the company');
  t.doesNotThrow(() => createPluginDb(app.knex, 'internal-chat', chat.backend!).unscoped('chatUsers'), 'a declared unscoped table');
});

t.test('reads, updates and deletes stay in the company; inserts are stamped with it', async (t) => {
  const { app, createTenant } = await build(t);
  const a = await createTenant('A');
  const b = await createTenant('B');
  const db = createPluginDb(app.knex, 'campaigns', campaigns.backend!);
  const lists = (companyId: number) => db.table('contactLists', companyId);
  const at = { createdAt: '2026-01-01 00:00:00', updatedAt: '2026-01-01 00:00:00' };
  const [idA] = await lists(a.companyId).insert({ name: 'list of A', ...at });
  await lists(b.companyId).insert([{ name: 'list of B', ...at }, { name: 'another of B', ...at }]);
  t.equal((await app.knex('contactLists').where({ id: idA }).first()).companyId, a.companyId, 'insert stamped the company');
  t.same((await lists(a.companyId).pluck('name')), ['list of A'], 'A reads only its rows');
  t.equal((await lists(b.companyId).where({ id: idA }).first()), undefined, 'A\'s row does not exist for B');
  t.equal(await lists(b.companyId).where({ id: idA }).update({ name: 'taken' }), 0, 'B cannot update A\'s row');
  t.equal(await lists(b.companyId).where({ id: idA }).delete(), 0, 'B cannot delete A\'s row');
  t.equal((await app.knex('contactLists').where({ id: idA }).first()).name, 'list of A');
  t.throws(() => lists(a.companyId).insert({ name: 'smuggled', companyId: b.companyId }), TenantScopeError, 'an insert naming another company');
  t.throws(() => lists(a.companyId).update({ companyId: b.companyId }), TenantScopeError, 'an update moving rows to another company');

  const upsert = (value: string) => db.table('campaignSettings', a.companyId).insert({ key: 'k', value }).onConflict(['companyId', 'key']).merge(['value']);
  await upsert('"one"');
  await upsert('"two"');
  t.same(await db.table('campaignSettings', a.companyId).pluck('value'), ['"two"'], 'an upsert (onConflict().merge()) works on both databases');

  await t.rejects(db.transaction(async (tx) => {
    await tx.table('contactLists', a.companyId).insert({ name: 'rolled back', ...at });
    throw new Error('boom');
  }), /boom/, 'a failing transaction');
  t.notOk(await lists(a.companyId).where({ name: 'rolled back' }).first(), 'was rolled back');
});

t.test('a manifest claiming a core table or another plugin\'s stops the start', async (t) => {
  t.throws(() => assertOwnTables('x', { tables: ['tickets'] }), /core table/);
  t.throws(() => assertOwnTables('x', { unscopedTables: ['userQueues'] }), /core table/);
  const claimed = new Map<string, string>();
  assertOwnTables('one', { tables: ['shared'] }, claimed);
  t.throws(() => assertOwnTables('two', { tables: ['shared'] }, claimed), /belongs to plugin "one"/);

  const fixtures = path.join(root, 'core/test/fixtures/plugins');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atrium-plugins-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  t.teardown(() => { rmSync(dir, { recursive: true, force: true }); rmSync(dataDir, { recursive: true, force: true }); });
  cpSync(fixtures, dir, { recursive: true });
  const file = path.join(dir, 'hello', 'plugin.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  manifest.backend.tables = ['helloGreetings', 'tickets'];
  writeFileSync(file, JSON.stringify(manifest));
  const error = await buildApp({ logger: false, extraPluginDirs: [dir], config: { dataDir, database: { kind: 'sqlite', url: 'sqlite:x', filename: path.join(dataDir, 'x.sqlite') } } })
    .then(async (app) => { await app.close(); return undefined; }, (err: unknown) => err);
  t.ok(error instanceof PluginTableError, 'start-up fails');
  t.match((error as Error).message, /Plugin "hello" may not query table "tickets"/);
});

/** Tables a core migration made before their feature became a plugin (migration history is never rewritten). */
const ADOPTED: Record<string, string[]> = {
  // core/src/db/migrations/115_whatsapp_cloud.ts, from when the Cloud API was in the core (issue 44 moved it out).
  'whatsapp-cloud': ['whatsappCloud'],
};

t.test('each plugin declares exactly the tables its migrations create', async (t) => {
  for (const id of readdirSync(path.join(root, 'plugins'))) {
    let manifest;
    try { manifest = readManifest(path.join(root, 'plugins', id)); } catch { continue; }
    if (!manifest.backend?.migrations) continue;
    const source = readFileSync(path.join(root, 'plugins', id, manifest.backend.migrations), 'utf8');
    const created = [...source.matchAll(/createTable\(\s*['"`](\w+)['"`]/g)].map((m) => m[1]).concat(ADOPTED[id] ?? []).sort();
    const declared = [...new Set([...(manifest.backend.tables ?? []), ...(manifest.backend.unscopedTables ?? [])])].sort();
    t.same(declared, created, `${id}: plugin.json backend.tables + unscopedTables`);
  }
});
