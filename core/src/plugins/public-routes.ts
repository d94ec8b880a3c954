import type { FastifyInstance, RouteOptions } from 'fastify';
import { PluginManifestError, type DiscoveredPlugin, type PublicRouteDeclaration } from './manifest.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every route a plugin registers: the plugin's id. */
    pluginId?: string;
  }
}

/** A webhook caller gets this many requests per address and window unless the manifest says otherwise. */
export const PUBLIC_ROUTE_RATE = { max: 60, windowSeconds: 60 };

const trimSlash = (url: string) => (url.length > 1 ? url.replace(/\/+$/, '') : url);
const methodsOf = (route: RouteOptions) => [route.method].flat().map((m) => String(m).toUpperCase());

/**
 * Makes exactly the routes a plugin's manifest lists under backend.publicRoutes public (no session, no plan
 * check, rate-limited per address), and refuses to start when the code marks another route public or a
 * declared route does not exist. Call before the plugin registers its routes; call the returned check after.
 */
export function guardPublicRoutes(scope: FastifyInstance, api: FastifyInstance, plugin: DiscoveredPlugin) {
  const { manifest } = plugin;
  const declared = manifest.backend?.publicRoutes ?? [];
  const fullUrl = (d: PublicRouteDeclaration) => trimSlash(`${scope.prefix}${d.url}`);
  const found = new Set<PublicRouteDeclaration>();
  const declarationOf = (route: RouteOptions) => {
    const url = trimSlash(route.url ?? '');
    // Fastify adds a HEAD route for every GET: it shares the GET's declaration.
    return declared.find((d) => fullUrl(d) === url && methodsOf(route).some((m) => m === d.method || (m === 'HEAD' && d.method === 'GET')));
  };

  scope.addHook('onRoute', (route) => {
    // Every plugin route names its plugin (logs, the generated security suites).
    route.config = { ...route.config, pluginId: manifest.id };
    const declaration = declarationOf(route);
    if (!declaration) {
      if (route.config?.public) {
        throw new PluginManifestError(manifest.id, 'backend.publicRoutes', `does not list ${methodsOf(route).join(',')} ${route.url}, which the code marks public: declare it there, or drop config.public`);
      }
      return;
    }
    found.add(declaration);
    const rate = declaration.rateLimit ?? PUBLIC_ROUTE_RATE;
    const limiter = api.rateLimit({ max: rate.max, timeWindow: rate.windowSeconds * 1000 });
    route.config = { ...route.config, public: true };
    route.onRequest = [...[route.onRequest ?? []].flat(), limiter] as RouteOptions['onRequest'];
  });

  return function assertDeclaredRoutesExist() {
    const missing = declared.filter((d) => !found.has(d));
    if (missing.length) {
      throw new PluginManifestError(manifest.id, 'backend.publicRoutes', `lists ${missing.map((d) => `${d.method} ${d.url}`).join(', ')}, which the plugin does not register`);
    }
  };
}
