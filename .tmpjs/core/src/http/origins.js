import cors from "@fastify/cors";
import { forbidden } from "./errors.js";
function originPolicy(publicUrl, corsOrigins) {
  const allowed = [.../* @__PURE__ */ new Set([new URL(publicUrl).origin, ...corsOrigins])];
  const set = new Set(allowed);
  return {
    allowed,
    allows(origin, host) {
      if (!origin) return true;
      if (set.has(origin)) return true;
      try {
        return host !== void 0 && new URL(origin).host === host.toLowerCase();
      } catch {
        return false;
      }
    }
  };
}
async function installCors(app, policy, corsOrigins) {
  app.addHook("onRequest", async (request) => {
    if (request.method !== "OPTIONS" || !request.headers["access-control-request-method"]) return;
    if (corsOrigins.length && policy.allows(request.headers.origin, void 0)) return;
    throw forbidden("ERR_ORIGIN_NOT_ALLOWED", corsOrigins.length ? `${request.headers.origin ?? "This origin"} is not in CORS_ORIGINS` : "Cross-origin calls are off: the operator lists the allowed origins in CORS_ORIGINS");
  });
  if (!corsOrigins.length) return;
  await app.register(cors, { origin: policy.allowed, credentials: true, maxAge: 600 });
}
export {
  installCors,
  originPolicy
};
