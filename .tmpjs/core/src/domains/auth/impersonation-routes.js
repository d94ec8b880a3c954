import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { AppError, forbidden, notFound } from "../../http/errors.js";
import { recordImpersonation } from "../../audit/auth-events.js";
import { sessionUser, SessionUserReply } from "./serialize.js";
const IMPERSONATION_MINUTES = 30;
const ImpersonationReply = Type.Object({
  token: Type.String(),
  user: SessionUserReply,
  impersonation: Type.Object({ by: Type.Integer(), byName: Type.String(), companyName: Type.String(), expiresAt: Type.String() })
});
const BackReply = Type.Object({ token: Type.String(), user: SessionUserReply });
const ACCOUNT_ROUTES = /* @__PURE__ */ new Set(["POST /api/auth/2fa/setup", "POST /api/auth/2fa/enable", "POST /api/auth/2fa/disable", "DELETE /api/users/:id/2fa"]);
function refusesWhileImpersonating(request) {
  const key = `${request.method} ${request.routeOptions.url ?? ""}`;
  if (ACCOUNT_ROUTES.has(key)) return true;
  const body = request.body;
  return key === "PUT /api/users/:id" && typeof body?.password === "string" && body.password !== "";
}
function installImpersonationLimits(api) {
  api.addHook("preHandler", async (request) => {
    if (request.user?.imp && refusesWhileImpersonating(request)) {
      throw forbidden("ERR_IMPERSONATION_FORBIDDEN", "Not while viewing as another user: passwords and two-factor sign-in stay their own");
    }
  });
}
const impersonationRoutes = async (app) => {
  app.post("/auth/impersonate/:companyId", {
    preHandler: app.requireSuper,
    schema: { tags: ["auth"], params: Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2147483647 }) }), response: { 200: ImpersonationReply } }
  }, async (request) => {
    const { sid } = request.user;
    if (request.user.imp || typeof sid !== "number") throw forbidden("ERR_NO_PERMISSION", "Only from the super user's own session");
    const superUser = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!superUser) throw new AppError("ERR_SESSION_EXPIRED", 401, "Session ended");
    const admin = await User.scoped(request.params.companyId).where({ profile: "admin", super: false }).orderBy("id").first().withGraphFetched("[company.plan, queues]");
    if (!admin) throw notFound("ERR_NO_USER_FOUND", "This company has no admin to view as");
    const expiresAt = new Date(Date.now() + IMPERSONATION_MINUTES * 6e4);
    const token = await app.sessionTokens.openImpersonation(
      admin,
      superUser,
      sid,
      request,
      expiresAt,
      (trx) => recordImpersonation(trx, request, { id: admin.id, companyId: admin.companyId }, superUser.id, "impersonate")
    );
    return {
      token,
      user: await sessionUser(admin, app.tenancy.settings),
      impersonation: { by: superUser.id, byName: superUser.name, companyName: admin.company.name, expiresAt: expiresAt.toISOString() }
    };
  });
  app.post("/auth/impersonate/back", {
    schema: { tags: ["auth"], response: { 200: BackReply } }
  }, async (request) => {
    const { imp, impCompanyId, impSid, sid } = request.user;
    if (!imp || !impCompanyId || !impSid || !sid) throw forbidden("ERR_NO_PERMISSION", "This session is not viewing as another user");
    const superUser = await User.scoped(impCompanyId).findById(imp).withGraphFetched("[company.plan, queues]");
    if (!superUser?.super) throw new AppError("ERR_SESSION_EXPIRED", 401, "Session ended: sign in");
    const viewed = { id: request.user.id, companyId: request.user.companyId };
    const ended = await app.sessionTokens.endOne(viewed, sid, (trx) => recordImpersonation(trx, request, viewed, imp, "impersonate_back"));
    if (!ended) throw new AppError("ERR_SESSION_EXPIRED", 403, "The view as another user has ended: refresh the token");
    return { token: app.sessionTokens.accessToken(superUser, impSid), user: await sessionUser(superUser, app.tenancy.settings) };
  });
};
var impersonation_routes_default = impersonationRoutes;
export {
  IMPERSONATION_MINUTES,
  impersonation_routes_default as default,
  installImpersonationLimits,
  refusesWhileImpersonating
};
