import { Type } from "@sinclair/typebox";
import { RefreshTokenFamily, User } from "../../db/models/index.js";
import { forbidden, notFound } from "../../http/errors.js";
import { assertMayActOn } from "../../auth/acting-on.js";
import { OkReply } from "../../http/schemas.js";
import { deviceOf } from "../../auth/device.js";
import { recordAuthEvent } from "../../audit/auth-events.js";
const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
const SessionReply = Type.Object({
  id: Type.Integer(),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.Union([Type.String(), Type.Null()]),
  lastUsedAt: Type.Union([Type.String(), Type.Null()]),
  /** The session the request was made from. */
  current: Type.Boolean(),
  /** A super user viewing the console as this user (an impersonation): who, and when the view ends by itself. */
  impersonatedBy: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  expiresAt: Type.Union([Type.String(), Type.Null()])
});
const sessionRoutes = async (app) => {
  const shown = async (request, owner, families) => {
    const impersonatorIds = [...new Set(families.map((f) => f.impersonatorId).filter((id) => typeof id === "number"))];
    const names = new Map(impersonatorIds.length === 0 ? [] : (await User.unscoped("the super users behind the listed impersonations").findByIds(impersonatorIds).select("id", "name")).map((u) => [u.id, u.name]));
    return families.map((family) => ({
      id: family.id,
      ...deviceOf(family.userAgent),
      userAgent: family.userAgent ?? null,
      ip: family.ip ?? null,
      createdAt: family.createdAt ?? null,
      lastUsedAt: family.lastUsedAt ?? family.createdAt ?? null,
      current: owner.id === request.user.id && owner.companyId === request.user.companyId && family.id === request.user.sid,
      impersonatedBy: typeof family.impersonatorId === "number" ? { id: family.impersonatorId, name: names.get(family.impersonatorId) ?? "" } : null,
      expiresAt: family.expiresAt ?? null
    }));
  };
  const managedUser = async (request, id) => {
    const user = request.user.super ? await User.unscoped("the super user manages the sessions of any company's user").findById(id).select("id", "companyId", "super") : await User.scoped(request.user.companyId).findById(id).select("id", "companyId", "super");
    if (!user) throw notFound("ERR_NO_USER_FOUND", "User not found");
    assertMayActOn(request.user, user);
    return { id: user.id, companyId: user.companyId };
  };
  const end = async (request, owner, sid) => {
    const family = await RefreshTokenFamily.scoped(owner.companyId).where({ id: sid, userId: owner.id }).select("impersonatorId").first();
    if (typeof family?.impersonatorId === "number" && !request.user.super) {
      throw forbidden("ERR_NO_PERMISSION", "Only a super user may end a super user's view of this account");
    }
    const ended = await app.sessionTokens.endOne(owner, sid, (trx) => recordAuthEvent(trx, request, owner, "session_end", "sessions", sid));
    if (!ended) throw notFound("ERR_SESSION_NOT_FOUND", "No such session");
    return { message: "session ended" };
  };
  const me = (request) => ({ id: request.user.id, companyId: request.user.companyId });
  app.get("/auth/sessions", { schema: { tags: ["auth"], response: { 200: Type.Array(SessionReply) } } }, async (request) => shown(request, me(request), await app.sessionTokens.list(me(request))));
  app.delete("/auth/sessions/:sessionId", {
    schema: { tags: ["auth"], params: Type.Object({ sessionId: Id }), response: { 200: OkReply } }
  }, async (request) => end(request, me(request), request.params.sessionId));
  app.get("/users/:id/sessions", {
    preHandler: app.requireAdmin,
    schema: { tags: ["users"], params: Type.Object({ id: Id }), response: { 200: Type.Array(SessionReply) } }
  }, async (request) => {
    const owner = await managedUser(request, request.params.id);
    return shown(request, owner, await app.sessionTokens.list(owner));
  });
  app.delete("/users/:id/sessions/:sessionId", {
    preHandler: app.requireAdmin,
    schema: { tags: ["users"], params: Type.Object({ id: Id, sessionId: Id }), response: { 200: OkReply } }
  }, async (request) => end(request, await managedUser(request, request.params.id), request.params.sessionId));
};
var session_routes_default = sessionRoutes;
export {
  session_routes_default as default
};
