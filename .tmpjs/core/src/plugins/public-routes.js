import { PluginManifestError } from "./manifest.js";
const PUBLIC_ROUTE_RATE = { max: 60, windowSeconds: 60 };
const trimSlash = (url) => url.length > 1 ? url.replace(/\/+$/, "") : url;
const methodsOf = (route) => [route.method].flat().map((m) => String(m).toUpperCase());
function guardPublicRoutes(scope, api, plugin) {
  const { manifest } = plugin;
  const declared = manifest.backend?.publicRoutes ?? [];
  const fullUrl = (d) => trimSlash(`${scope.prefix}${d.url}`);
  const found = /* @__PURE__ */ new Set();
  const declarationOf = (route) => {
    const url = trimSlash(route.url ?? "");
    return declared.find((d) => fullUrl(d) === url && methodsOf(route).some((m) => m === d.method || m === "HEAD" && d.method === "GET"));
  };
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, pluginId: manifest.id };
    const declaration = declarationOf(route);
    if (!declaration) {
      if (route.config?.public) {
        throw new PluginManifestError(manifest.id, "backend.publicRoutes", `does not list ${methodsOf(route).join(",")} ${route.url}, which the code marks public: declare it there, or drop config.public`);
      }
      return;
    }
    found.add(declaration);
    const rate = declaration.rateLimit ?? PUBLIC_ROUTE_RATE;
    const limiter = api.rateLimit({ max: rate.max, timeWindow: rate.windowSeconds * 1e3 });
    route.config = { ...route.config, public: true };
    route.onRequest = [...[route.onRequest ?? []].flat(), limiter];
  });
  return function assertDeclaredRoutesExist() {
    const missing = declared.filter((d) => !found.has(d));
    if (missing.length) {
      throw new PluginManifestError(manifest.id, "backend.publicRoutes", `lists ${missing.map((d) => `${d.method} ${d.url}`).join(", ")}, which the plugin does not register`);
    }
  };
}
export {
  PUBLIC_ROUTE_RATE,
  guardPublicRoutes
};
