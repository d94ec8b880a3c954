import staticFiles from "@fastify/static";
import { Type } from "@sinclair/typebox";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { builtAssetOptions } from "../http/static-assets.js";
import { assertOwnTables, createPluginDb, PluginTableError } from "../sdk/db.js";
import { pluginServices } from "../sdk/services.js";
import { coreVersion, PluginManifestError } from "./manifest.js";
import { createPublicRouteHelper, keepRawBodyOnPublicRoutes } from "./public-route-helper.js";
import { guardPublicRoutes } from "./public-routes.js";
import { resolveSdkModuleForPlugins } from "./sdk-module.js";
const runningCompiled = !/\.[cm]?ts$/.test(new URL(import.meta.url).pathname);
const compiledBackendFile = (dir, rel) => path.join(dir, "dist", "backend", rel.replace(/\.[cm]?tsx?$/, ".mjs"));
async function importBackendFile(dir, rel, log) {
  const source = path.resolve(dir, rel);
  if (!runningCompiled) resolveSdkModuleForPlugins();
  if (!runningCompiled || !/\.[cm]?tsx?$/.test(rel)) return import(pathToFileURL(source).href);
  const compiled = compiledBackendFile(dir, rel);
  const stale = existsSync(compiled) && newestSourceChange(path.dirname(source)) > statSync(compiled).mtimeMs;
  if (existsSync(compiled) && !stale) return import(pathToFileURL(compiled).href);
  if (stale) {
    log?.warn({ file: source, compiled }, `plugin "${path.basename(dir)}": its sources changed after ${path.relative(dir, compiled)} was built; loading the TypeScript through tsx instead of the stale build (run \`npm run build\` to compile it again)`);
  } else {
    log?.warn({ file: source }, "plugin file not compiled: loading its TypeScript through tsx (run `npm run build` to compile it)");
  }
  const { tsImport } = await import("tsx/esm/api");
  const mod = await tsImport(pathToFileURL(source).href, import.meta.url);
  return mod.default?.__esModule ? mod.default : mod;
}
function newestSourceChange(folder) {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceChange(full));
    else if (/\.[cm]?tsx?$/.test(entry.name)) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}
async function pluginMigrations(plugins) {
  const all = [];
  for (const { manifest, dir } of plugins) {
    if (!manifest.backend?.migrations) continue;
    const mod = await importBackendFile(dir, manifest.backend.migrations);
    if (!Array.isArray(mod.migrations)) throw new PluginManifestError(manifest.id, "backend.migrations", "must export `migrations` (an array)");
    for (const m of mod.migrations) all.push({ ...m, name: `${manifest.id}/${m.name}` });
  }
  return all;
}
const apiPrefix = (p) => {
  const prefix = p.manifest.backend?.prefix ?? `/${p.manifest.id}`;
  return prefix === "/" ? "" : prefix.replace(/\/$/, "");
};
async function registerPluginBackends(api, plugins, core) {
  const claimed = /* @__PURE__ */ new Map();
  const { knex, ...shared } = core;
  for (const plugin of plugins) {
    const { manifest, dir } = plugin;
    if (!manifest.backend) continue;
    assertOwnTables(manifest.id, manifest.backend, claimed);
    const mod = await importBackendFile(dir, manifest.backend.entry, api.log);
    const factory = mod.default;
    if (typeof factory !== "function") throw new PluginManifestError(manifest.id, "backend.entry", "must default-export a factory (sdk) => Fastify plugin");
    await api.register(async (scope) => {
      scope.addHook("preHandler", async (request) => {
        if (request.routeOptions.config?.public) return;
        await api.tenancy.requirePlanFlag(manifest.planFlag)(request);
      });
      const assertDeclaredRoutesExist = guardPublicRoutes(scope, api, plugin);
      keepRawBodyOnPublicRoutes(scope);
      const db = createPluginDb(knex, manifest.id, manifest.backend);
      const sdk = {
        ...shared,
        db,
        services: pluginServices(shared.services),
        responders: api.responders.forPlugin(manifest.planFlag),
        privacy: api.privacy.forPlugin(manifest.id),
        cache: api.caches.forPlugin(manifest.id),
        references: pluginReferences(shared.references, manifest.id, manifest.backend),
        // The plugin's jobs run only for companies whose plan has its flag (parked otherwise).
        jobs: api.jobParking.forPlugin(manifest.id, manifest.planFlag),
        publicRoutes: createPublicRouteHelper({ db, secrets: shared.secrets, tenancy: shared.tenancy, planFlag: manifest.planFlag, publicUrl: api.config.publicUrl, apiPrefix: apiPrefix(plugin) })
      };
      await scope.register(factory(sdk));
      assertDeclaredRoutesExist();
    }, { prefix: apiPrefix(plugin) });
  }
}
function pluginReferences(core, plugin, declared) {
  return {
    ...core,
    define(kind, def) {
      if (!(declared.tables ?? []).includes(def.table)) throw new PluginTableError(plugin, def.table, "a reference kind must name one of the plugin's backend.tables");
      core.define(kind, def);
    }
  };
}
async function serveRemotes(app, plugins) {
  for (const { manifest, dir } of plugins) {
    if (!manifest.remote) continue;
    const root = path.resolve(dir, manifest.remote.dist);
    if (!existsSync(root)) {
      app.log.warn({ plugin: manifest.id, dist: root }, "remote not built: run `npm run build`; the console will show an error panel for it");
      continue;
    }
    await app.register(staticFiles, {
      ...builtAssetOptions(root, (reply) => {
        reply.header("Access-Control-Allow-Origin", "*");
      }),
      prefix: `/plugins/${manifest.id}/`,
      decorateReply: false
    });
  }
}
const roleAllows = (role, user) => !role || role === "user" || role === "admin" && (user.profile === "admin" || user.super) || role === "super" && user.super;
const Role = Type.Union([Type.Literal("user"), Type.Literal("admin"), Type.Literal("super")]);
const Translations = Type.Record(Type.String(), Type.Unknown());
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
    i18n: Type.Object({ pt: Type.Optional(Translations), en: Type.Optional(Translations), es: Type.Optional(Translations) })
  }))
});
function pluginsRoute(plugins) {
  return async (api) => {
    api.get("/plugins", {
      schema: {
        tags: ["plugins"],
        response: {
          200: Type.Object({
            coreVersion: Type.String(),
            plugins: Type.Array(LoadablePlugin)
          })
        }
      }
    }, async (request) => {
      const visible = [];
      for (const { manifest } of plugins) {
        if (!await api.tenancy.hasFlag(request.user.companyId, manifest.planFlag)) continue;
        visible.push({
          id: manifest.id,
          version: manifest.version,
          title: manifest.title,
          planFlag: manifest.planFlag,
          remote: manifest.remote && {
            name: manifest.remote.name,
            entry: `/plugins/${manifest.id}/${manifest.remote.entry}`,
            exposes: manifest.remote.exposes ?? "./plugin",
            routes: manifest.remote.routes.filter((r) => roleAllows(r.role, request.user)),
            menu: (manifest.remote.menu ?? []).filter((m) => roleAllows(m.role, request.user)),
            slots: manifest.remote.slots ?? [],
            i18n: manifest.remote.i18n ?? {}
          }
        });
      }
      return { coreVersion, plugins: visible };
    });
  };
}
export {
  compiledBackendFile,
  newestSourceChange,
  pluginMigrations,
  pluginsRoute,
  registerPluginBackends,
  serveRemotes
};
