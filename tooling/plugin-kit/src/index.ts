/**
 * @atrium/plugin-kit: what a plugin's own tests need, inside this repo or in an agency's folder outside it.
 * One implementation with the core's tests: `build()` is core/test/helper.ts's, the fake phone and inbound()
 * are the pipeline tests' (core/test/pipeline/fixtures.ts), the security suites are core/test/security/walks.ts.
 */
import tap, { type Test } from 'tap';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD, build, type Reply, type Tenant, type TestApp } from '../../../core/test/helper.js';
import { defaultConnection, inbound, useFakeProvider } from '../../../core/test/pipeline/fixtures.js';
import { apiRoutes, buildWithPlugins, sample, type ApiRoute } from '../../../core/test/security/routes.js';
import {
  assertWalks, authenticationWalk, foreignCompanyWalk, idsOwnedBy, robustnessWalk, tablesWithCompanyId,
} from '../../../core/test/security/walks.js';
import type { BuildOptions } from '../../../core/src/app.js';
import { readPlugin, type PluginUnderTest } from './plugin.js';

export { build, tap as t, type Reply, type Tenant, type Test, type TestApp };
export { defaultConnection, fakeProvider, inbound, recordEvents, useFakeProvider } from '../../../core/test/pipeline/fixtures.js';
export { apiRoutes, type ApiRoute };

export { readPlugin, type PluginUnderTest } from './plugin.js';
export { copyPluginOutside } from './copy.js';
export { pluginServer, waitUntil, type PluginServer, type RunningServer, type ServerOptions } from './server.js';

export interface KitOptions {
  /** The plugin's folder (holding plugin.json); more than one for plugins tested together. */
  plugin: string | string[];
  /** Extra plan flags for company 1 and for tenants; each plugin's own planFlag is always on. */
  flags?: Record<string, boolean>;
  /**
   * `PLUGINS_DIR`: load the plugins as a server would, from the folder holding them (PLUGINS_DIR=<parent>), instead of
   * by their own paths; every plugin of that folder loads.
   */
  loadThrough?: 'path' | 'PLUGINS_DIR';
  /**
   * sdk.clock's factor (ATRIUM_TIME_SCALE): a plugin's spec durations (`sdk.clock.scale(minutes)`, `after(ms)`) run this
   * many times faster or slower; 0.001 turns a 30-minute wait into 1.8 s. 1 (real time) by default.
   */
  timeScale?: number;
  /** Passed to the app (config overrides and so on). */
  app?: Omit<BuildOptions, 'extraPluginDirs'> & { config?: Record<string, unknown> };
}

/** A session's requests: `as.get('/api/x')` is `request('GET', '/api/x', { token })`. */
export interface UserRequests {
  token: string;
  get<T = any>(url: string, query?: Record<string, unknown>): Promise<Reply<T>>;
  post<T = any>(url: string, body?: unknown): Promise<Reply<T>>;
  put<T = any>(url: string, body?: unknown): Promise<Reply<T>>;
  delete<T = any>(url: string): Promise<Reply<T>>;
}

/** A customer writing to a company's default (sandbox) connection; the fake phone records the answers. */
export interface Customer {
  number: string;
  /** Sends a message as the customer, runs what it starts (responders, jobs) and answers what the company sent back. */
  say(body: string): Promise<string[]>;
}

export interface PluginTestApp extends TestApp {
  plugins: PluginUnderTest[];
  /** The plugins' flags (plus KitOptions.flags), on for company 1. */
  flags: Record<string, boolean>;
  /** A company whose plan has the plugins' flags unless `flags` says otherwise. */
  tenant(name: string, flags?: Record<string, boolean>): Promise<Tenant>;
  asUser(token: string): UserRequests;
  /** Runs every job due now, or within `withinMs` (a delay scaled by sdk.clock), and what those start, until the queue is idle. */
  drainJobs(withinMs?: number): Promise<void>;
  /** Every message the app sent through a connection, recorded instead of going to a phone. */
  phone: ReturnType<typeof useFakeProvider>;
  customer(options?: { companyId?: number; number?: string; name?: string }): Promise<Customer>;
}

const flagsOf = (plugins: PluginUnderTest[], extra: Record<string, boolean> = {}) =>
  ({ ...Object.fromEntries(plugins.filter((p) => p.planFlag).map((p) => [p.planFlag!, true])), ...extra });

/** Boots the whole app on a fresh database with the plugin loaded from its folder and its flag on for company 1. */
export async function buildWithPlugin(t: Test, options: KitOptions): Promise<PluginTestApp> {
  const plugins = [options.plugin].flat().map(readPlugin);
  const flags = flagsOf(plugins, options.flags);
  let app = options.app ?? {};
  let dirs = plugins.map((p) => p.dir);
  if (options.loadThrough === 'PLUGINS_DIR') {
    const parents = [...new Set(dirs.map((d) => path.dirname(d)))];
    if (parents.length !== 1) throw new Error('loadThrough PLUGINS_DIR: the plugins must share one parent folder');
    app = { ...app, env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? '', ...app.env, PLUGINS_DIR: parents[0] } };
    dirs = [];
  }
  if (options.timeScale !== undefined) app = { ...app, config: { ...app.config, timeScale: options.timeScale } };
  const env = await buildWithPlugins(t, dirs, flags, app as never);
  const loaded = new Set(env.app.plugins.map((p) => p.manifest.id));
  for (const p of plugins) if (!loaded.has(p.id)) throw new Error(`plugin "${p.id}" (${p.dir}) did not load`);
  const phone = useFakeProvider(env.app);
  const asUser = (token: string): UserRequests => ({
    token,
    get: (url, query) => env.request('GET', url, { token, query }),
    post: (url, body) => env.request('POST', url, { token, body }),
    put: (url, body) => env.request('PUT', url, { token, body }),
    delete: (url) => env.request('DELETE', url, { token }),
  });
  const drainJobs = (withinMs?: number) => env.app.jobs.idle(withinMs);
  let customers = 0;
  const customer: PluginTestApp['customer'] = async ({ companyId = 1, number, name = 'Maria Souza' } = {}) => {
    customers += 1;
    const wa = await defaultConnection(companyId);
    const from = number ?? `55119${String(70000000 + customers).padStart(8, '0')}`;
    return {
      number: from,
      async say(body) {
        const before = phone.sent.length;
        await env.app.pipeline.inbound.onMessage({ companyId, whatsappId: wa.id }, inbound(from, body, { pushName: name }));
        await drainJobs();
        return phone.sent.slice(before).map((m) => m.body ?? '');
      },
    };
  };
  return {
    ...env, plugins, flags, phone, asUser, drainJobs, customer,
    tenant: (name, more = {}) => env.createTenant(name, { ...flags, ...more }),
  };
}

/** Only the plugins' own routes (what their backends registered, public ones included). */
export const pluginRoutes = (env: PluginTestApp): ApiRoute[] => {
  const ids = new Set(env.plugins.map((p) => p.id));
  return apiRoutes(env.app).filter((r) => r.pluginId !== undefined && ids.has(r.pluginId));
};

const MARKER = 'SECRET-KIT-ALPHA';

/**
 * The core's generated security suites, over the plugin's own routes with its own flags:
 * - authentication: every route not declared public answers 401 without a session; public ones are declared;
 * - robustness: junk params, bodies, unknown fields, deep JSON: never a 5xx, always JSON;
 * - isolation: company 1 fills the plugin's tables through its own routes (strings carrying a marker) and the
 *   plugin's `seed`; a table left empty fails the suite (it would prove nothing) unless `emptyTables` says why;
 *   another company, given company 1's ids, never sees the marker, never reads or changes a row by id,
 *   and company 1's rows in the plugin's tables stay as they were.
 */
export interface SuiteOptions extends KitOptions {
  /**
   * Rows the plugin's routes cannot make (rows that come from messages, webhooks, jobs): made through the plugin's own
   * paths (a customer's message, a signed webhook call) for company 1 before the isolation suite reads its tables. Put
   * `marker` in the strings you can, so a leak of them is seen.
   */
  seed?: (env: PluginTestApp, marker: string) => Promise<void>;
  /** Tables of the plugin that stay empty on purpose, each with the reason (the suite fails on any other empty table). */
  emptyTables?: Record<string, string>;
}

/** The tables holding no row to protect, less those declared empty on purpose: the isolation suite fails on any. */
export const tablesLeftEmpty = (rowsByTable: Record<string, unknown[]>, emptyTables: Record<string, string> = {}) =>
  Object.keys(rowsByTable).filter((table) => rowsByTable[table].length === 0 && !emptyTables[table]);

export function securitySuites(options: SuiteOptions) {
  tap.test('security: every private route of the plugin refuses a caller without a session', async (t) => {
    const env = await buildWithPlugin(t, options);
    const routes = pluginRoutes(env);
    t.ok(routes.length > 0, `${routes.length} routes of the plugin`);
    const auth = await authenticationWalk(env.app, routes);
    assertWalks(t, { auth });
  });

  tap.test('security: no route of the plugin answers malformed input with a 5xx', async (t) => {
    const env = await buildWithPlugin(t, options);
    const routes = pluginRoutes(env);
    const robustness = await robustnessWalk(env, routes);
    t.ok(robustness.sent >= routes.length, `${robustness.sent} malformed requests sent`);
    assertWalks(t, { robustness });
  });

  tap.test('security: another company neither sees nor changes the plugin\'s data of company 1', async (t) => {
    const env = await buildWithPlugin(t, options);
    const { app } = env;
    const routes = pluginRoutes(env);
    // Company 1 writes through every create route of the plugin, each string carrying the marker.
    for (const route of routes.filter((r) => r.method === 'POST' && r.params.length === 0 && !r.isPublic)) {
      await env.request('POST', route.url, { token: env.token, body: sample(route.schema.body, { id: 1, text: `${MARKER} probe`, fitPatterns: true }) });
    }
    for (const route of routes.filter((r) => r.method === 'PUT' && r.params.length === 0 && !r.isPublic)) {
      await env.request('PUT', route.url, { token: env.token, body: sample(route.schema.body, { id: 1, text: `${MARKER} probe`, fitPatterns: true }) });
    }
    await options.seed?.(env, MARKER);
    const tables = await tablesWithCompanyId(app.knex);
    const pluginTables = tables.filter((name) => env.app.plugins.some((p) => env.plugins.some((u) => u.id === p.manifest.id) && (p.manifest.backend?.tables ?? []).includes(name)));
    const snapshot = async () => JSON.parse(JSON.stringify(Object.fromEntries(await Promise.all(
      pluginTables.map(async (table) => [table, await app.knex(table).where('companyId', 1).orderBy('id')] as const)))));
    const before = await snapshot();
    t.comment(`company 1's rows: ${pluginTables.map((table) => `${table} ${before[table].length}`).join(', ') || 'none (the plugin has no table with a companyId)'}`);
    t.same(tablesLeftEmpty(before, options.emptyTables), [], 'every table of the plugin holds rows of company 1 to protect (else give securitySuites a seed, or emptyTables with the reason)');
    const aIds = await idsOwnedBy(app.knex, 1, tables);
    aIds.add(1);
    const other = await env.tenant('Kit Tenant B');
    const isolation = await foreignCompanyWalk({
      app, routes, token: other.admin.token, marker: MARKER,
      probeIds: async () => {
        const owned = new Set([other.companyId, other.planId, ...await idsOwnedBy(app.knex, other.companyId, tables)]);
        return [...aIds].filter((id) => !owned.has(id));
      },
    });
    t.ok(isolation.sent >= routes.length, `${isolation.sent} requests sent as another company`);
    assertWalks(t, { isolation });
    t.same(await snapshot(), before, 'company 1\'s rows in the plugin\'s tables are unchanged');
  });
}
