import type { FastifyInstance } from 'fastify';
import type { Knex } from 'knex';
import type { ProvidersApi } from '../messaging/providers/registry.js';
import staticFiles from '@fastify/static';
import { Type } from '@sinclair/typebox';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Migration } from '../db/migrate.js';
import { builtAssetOptions } from '../http/static-assets.js';
import type { AtriumSdk, CoreSdk } from '../sdk/index.js';
import { assertOwnTables, createPluginDb, PluginTableError, type PluginDb, type PluginTables } from '../sdk/db.js';
import type { References } from '../tenancy/references.js';
import { pluginServices } from '../sdk/services.js';
import { coreVersion, PluginManifestError, type DiscoveredPlugin } from './manifest.js';
import { createPublicRouteHelper, keepRawBodyOnPublicRoutes } from './public-route-helper.js';
import { guardPublicRoutes } from './public-routes.js';
import { resolveSdkModuleForPlugins } from './sdk-module.js';

/** True when the core itself runs compiled (npm start), false under tsx (npm run dev, tests). */
const runningCompiled = !/\.[cm]?ts$/.test(new URL(import.meta.url).pathname);

/**
 * Where `npm run build` puts the compiled copy of a plugin's TypeScript file (core/scripts/build-server.mjs);
 * `.mjs`, so Node reads it as a module whatever the plugin folder's package.json says.
 */
export const compiledBackendFile = (dir: string, rel: string) => path.join(dir, 'dist', 'backend', rel.replace(/\.[cm]?tsx?$/, '.mjs'));

/**
 * Imports one of a plugin's backend files as plugin.json names it. Under tsx, the TypeScript itself.
 * In the compiled core, its compiled copy; a plugin not built yet (dropped into PLUGINS_DIR after the
 * build) still loads, through tsx for that file alone, with a warning.
 */
async function importBackendFile(dir: string, rel: string, log?: FastifyInstance['log']) {
  const source = path.resolve(dir, rel);
  if (!runningCompiled) resolveSdkModuleForPlugins();
  if (!runningCompiled || !/\.[cm]?tsx?$/.test(rel)) return import(pathToFileURL(source).href);
  const compiled = compiledBackendFile(dir, rel);
  const stale = existsSync(compiled) && newestSourceChange(path.dirname(source)) > statSync(compiled).mtimeMs;
  if (existsSync(compiled) && !stale) return import(pathToFileURL(compiled).href);
  if (stale) {
    // A dist/ older than the sources would run yesterday's code and fail far from the edit: say so, run the sources.
    log?.warn({ file: source, compiled }, `plugin "${path.basename(dir)}": its sources changed after ${path.relative(dir, compiled)} was built; loading the TypeScript through tsx instead of the stale build (run \`npm run build\` to compile it again)`);
  } else {
    log?.warn({ file: source }, 'plugin file not compiled: loading its TypeScript through tsx (run `npm run build` to compile it)');
  }
  const { tsImport } = await import('tsx/esm/api');
  const mod = await tsImport(pathToFileURL(source).href, import.meta.url);
  // Outside a `"type": "module"` package tsx loads the file as CommonJS: its exports sit under default.
  return mod.default?.__esModule ? mod.default : mod;
}

/** The latest change (mtime, ms) of a TypeScript source under a plugin's source folder (node_modules and dist aside). */
export function newestSourceChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceChange(full));
    else if (/\.[cm]?tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/** The plugins' migrations, named `<pluginId>/<name>` so they never clash with each other or the core's. */
export async function pluginMigrations(plugins: DiscoveredPlugin[]): Promise<Migration[]> {
  const all: Migration[] = [];
  for (const { manifest, dir } of plugins) {
    if (!manifest.backend?.migrations) continue;
    const mod = await importBackendFile(dir, manifest.backend.migrations);
    if (!Array.isArray(mod.migrations)) throw new PluginManifestError(manifest.id, 'backend.migrations', 'must export `migrations` (an array)');
    for (const m of mod.migrations as Migration[]) all.push({ ...m, name: `${manifest.id}/${m.name}` });
  }
  return all;
}

const apiPrefix = (p: DiscoveredPlugin) => {
  const prefix = p.manifest.backend?.prefix ?? `/${p.manifest.id}`;
  return prefix === '/' ? '' : prefix.replace(/\/$/, '');
};

/**
 * Registers each plugin's backend in its own encapsulated scope inside the API scope (which
 * authenticates every non-public route), with the plan flag checked on every route. Only the routes the
 * manifest declares under backend.publicRoutes are public (public-routes.ts).
 */
export async function registerPluginBackends(api: FastifyInstance, plugins: DiscoveredPlugin[], core: CoreSdk) {
  const claimed = new Map<string, string>();
  const { knex, ...shared } = core;
  for (const plugin of plugins) {
    const { manifest, dir } = plugin;
    if (!manifest.backend) continue;
    assertOwnTables(manifest.id, manifest.backend, claimed);
    const mod = await importBackendFile(dir, manifest.backend.entry, api.log);
    const factory = mod.default;
    if (typeof factory !== 'function') throw new PluginManifestError(manifest.id, 'backend.entry', 'must default-export a factory (sdk) => Fastify plugin');
    await api.register(async (scope) => {
      scope.addHook('preHandler', async (request) => {
        if (request.routeOptions.config?.public) return;
        await api.tenancy.requirePlanFlag(manifest.planFlag)(request);
      });
      const assertDeclaredRoutesExist = guardPublicRoutes(scope, api, plugin);
      keepRawBodyOnPublicRoutes(scope);
      const db = createPluginDb(knex, manifest.id, manifest.backend!);
      // The plugin's responders are skipped for companies whose plan lacks its flag.
      // The plugin's own view: its tables through sdk.db, the core's through sdk.services; no raw knex.
      const sdk: AtriumSdk = {
        ...shared, db, services: pluginServices(shared.services), responders: api.responders.forPlugin(manifest.planFlag),
        privacy: api.privacy.forPlugin(manifest.id),
        cache: api.caches.forPlugin(manifest.id),
        references: pluginReferences(shared.references, manifest.id, manifest.backend!),
        // The plugin's jobs run only for companies whose plan has its flag (parked otherwise).
        jobs: api.jobParking.forPlugin(manifest.id, manifest.planFlag),
        providers: pluginProviders(shared.providers, (trx) => createPluginDb(trx, manifest.id, manifest.backend!), manifest.planFlag),
        publicRoutes: createPublicRouteHelper({ db, secrets: shared.secrets, tenancy: shared.tenancy, planFlag: manifest.planFlag, publicUrl: api.config.publicUrl, apiPrefix: apiPrefix(plugin) }),
      };
      await scope.register(factory(sdk));
      assertDeclaredRoutesExist();
    }, { prefix: apiPrefix(plugin) });
  }
}

/**
 * A plugin's sdk.providers: its kinds carry its plan flag, and its settings door gets its own tables (sdk.db) in the
 * connection's transaction instead of raw knex.
 */
function pluginProviders(core: ProvidersApi, dbIn: (trx: Knex.Transaction) => PluginDb, planFlag: string): ProvidersApi {
  return {
    ...core,
    register(kind, { settings, ...registration }) {
      core.register(kind, {
        ...registration, planFlag,
        settings: settings && { ...settings, save: (input) => settings.save({ ...input, db: dbIn(input.trx) }) },
      });
    },
  };
}

/** A plugin's sdk.references: it defines kinds of row for its own company-scoped tables only. */
function pluginReferences(core: References, plugin: string, declared: PluginTables): References {
  return {
    ...core,
    define(kind, def) {
      if (!(declared.tables ?? []).includes(def.table)) throw new PluginTableError(plugin, def.table, 'a reference kind must name one of the plugin\'s backend.tables');
      core.define(kind, def);
    },
  };
}

/** Serves each remote's built files at /plugins/<id>/ (public: code, not data). */
export async function serveRemotes(app: FastifyInstance, plugins: DiscoveredPlugin[]) {
  for (const { manifest, dir } of plugins) {
    if (!manifest.remote) continue;
    const root = path.resolve(dir, manifest.remote.dist);
    if (!existsSync(root)) {
      app.log.warn({ plugin: manifest.id, dist: root }, 'remote not built: run `npm run build`; the console will show an error panel for it');
      continue;
    }
    await app.register(staticFiles, {
      ...builtAssetOptions(root, (reply) => { reply.header('Access-Control-Allow-Origin', '*'); }),
      prefix: `/plugins/${manifest.id}/`,
      decorateReply: false,
    });
  }
}

const roleAllows = (role: string | undefined, user: { profile: string; super: boolean }) =>
  !role || role === 'user' || (role === 'admin' && (user.profile === 'admin' || user.super)) || (role === 'super' && user.super);

const Role = Type.Union([Type.Literal('user'), Type.Literal('admin'), Type.Literal('super')]);
/** A translation tree (i18next resources: nested objects of strings), merged by the host as it is. */
const Translations = Type.Record(Type.String(), Type.Unknown());
/** One plugin as the console loads it: its manifest's public part (plugin.schema.json), the remote's entry resolved. */
const LoadablePlugin = Type.Object({
  id: Type.String(),
  version: Type.String(),
  title: Type.String(),
  planFlag: Type.String(),
  remote: Type.Optional(Type.Object({
    name: Type.String(),
    entry: Type.String(),
    exposes: Type.String(),
    routes: Type.Array(Type.Object({ path: Type.String(), role: Type.Optional(Role) })),
    menu: Type.Array(Type.Object({ labelKey: Type.String(), path: Type.String(), icon: Type.Optional(Type.String()), order: Type.Optional(Type.Integer()), role: Type.Optional(Role) })),
    slots: Type.Array(Type.String()),
    i18n: Type.Object({ pt: Type.Optional(Translations), en: Type.Optional(Translations), es: Type.Optional(Translations) }),
  })),
});

/** GET /api/plugins: the plugins (and remotes) the caller's company may load. */
export function pluginsRoute(plugins: DiscoveredPlugin[]) {
  return async (api: FastifyInstance) => {
    api.get('/plugins', {
      schema: {
        tags: ['plugins'],
        response: {
          200: Type.Object({
            coreVersion: Type.String(),
            plugins: Type.Array(LoadablePlugin),
          }),
        },
      },
    }, async (request) => {
      const visible = [];
      for (const { manifest } of plugins) {
        if (!(await api.tenancy.hasFlag(request.user.companyId, manifest.planFlag))) continue;
        visible.push({
          id: manifest.id,
          version: manifest.version,
          title: manifest.title,
          planFlag: manifest.planFlag,
          remote: manifest.remote && {
            name: manifest.remote.name,
            entry: `/plugins/${manifest.id}/${manifest.remote.entry}`,
            exposes: manifest.remote.exposes ?? './plugin',
            routes: manifest.remote.routes.filter((r) => roleAllows(r.role, request.user)),
            menu: (manifest.remote.menu ?? []).filter((m) => roleAllows(m.role, request.user)),
            slots: manifest.remote.slots ?? [],
            i18n: manifest.remote.i18n ?? {},
          },
        });
      }
      return { coreVersion, plugins: visible };
    });
  };
}
