import { runAs } from "./context.js";
import { isExempt } from "./exempt.js";
const WRITES = /* @__PURE__ */ new Set(["POST", "PUT", "PATCH", "DELETE"]);
const routeKey = (request) => `${request.method} ${request.routeOptions.url ?? request.url}`;
function actorOf(request) {
  const user = request.user;
  if (!user?.companyId) return void 0;
  return {
    userId: user.id ?? null,
    companyId: user.companyId,
    impersonatorId: typeof user.imp === "number" ? user.imp : null,
    ip: request.ip ?? null,
    route: routeKey(request),
    written: 0
  };
}
function installAudit(api) {
  api.addHook("preValidation", (request, _reply, done) => {
    if (!WRITES.has(request.method) || request.routeOptions.config?.public || isExempt(routeKey(request))) return done();
    const actor = actorOf(request);
    if (!actor) return done();
    runAs(actor, done);
  });
}
export {
  actorOf,
  installAudit,
  routeKey
};
