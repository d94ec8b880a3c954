import { RefreshTokenFamily, User } from "../db/models/index.js";
import { dbNow, toDbTime } from "../db/time.js";
import { AppError } from "../http/errors.js";
import { companyRefusal } from "./caller.js";
import { forgetCallers } from "../db/caller-cache.js";
import { withRetries } from "../db/errors.js";
const REFRESH_COOKIE = "jrt";
const ALLOW_MULTIPLE_SESSIONS = "allowMultipleSessions";
const ended = (message = "Session ended") => new AppError("ERR_SESSION_EXPIRED", 401, message);
function createSessionTokens(app, { jwt, secureCookies }) {
  const signAccess = (user, sid) => app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, tv: user.tokenVersion, sid }, { expiresIn: jwt.accessTtl });
  const setRefreshCookie = (reply, user, sid, gen) => reply.setCookie(
    REFRESH_COOKIE,
    app.jwt.sign({ id: user.id, companyId: user.companyId, sid, gen }, { key: jwt.refreshSecret, expiresIn: jwt.refreshTtlSeconds }),
    { httpOnly: true, sameSite: "strict", secure: secureCookies, path: "/api/auth", maxAge: jwt.refreshTtlSeconds }
  );
  const families = (user) => RefreshTokenFamily.scoped(user.companyId).where({ userId: user.id });
  const ownFamilies = (user) => families(user).whereNull("impersonatorId");
  const idleSince = () => jwt.sessionIdleMs > 0 ? toDbTime(Date.now() - jwt.sessionIdleMs) : null;
  const device = (request) => ({
    userAgent: String(request.headers["user-agent"] ?? "").slice(0, 300) || null,
    ip: request.ip?.slice(0, 64) ?? null
  });
  const endAllIn = async (trx, user, patch) => {
    await ownFamilies(user).transacting(trx).delete();
    const tokenVersion = user.tokenVersion + 1;
    await user.$query(trx).patch({ ...patch, tokenVersion });
    return tokenVersion;
  };
  const inOwnTransaction = (work) => withRetries(() => app.knex.transaction(work));
  return {
    async endAll(user, patch = {}, inTransaction) {
      user.tokenVersion = await inOwnTransaction(async (trx) => {
        const tokenVersion = await endAllIn(trx, user, patch);
        if (inTransaction) await inTransaction(trx);
        return tokenVersion;
      });
    },
    async open(user, reply, { announce = false, patch = {}, keepOthers = false, inTransaction } = {}) {
      if (!keepOthers && announce) app.bus.emitToUser(user.companyId, user.id, "auth", { action: "update", user: { id: user.id } });
      const { request } = reply;
      const { family, tokenVersion } = await inOwnTransaction(async (trx) => {
        let version = user.tokenVersion;
        if (!keepOthers) version = await endAllIn(trx, user, patch);
        else if (Object.keys(patch).length > 0) await user.$query(trx).patch(patch);
        const opened = await RefreshTokenFamily.scoped(user.companyId).transacting(trx).insertAndFetch({
          userId: user.id,
          generation: 0,
          ...device(request),
          lastUsedAt: dbNow()
        });
        if (inTransaction) await inTransaction(trx);
        return { family: opened, tokenVersion: version };
      });
      user.tokenVersion = tokenVersion;
      await forgetCallers(user.companyId, user.id);
      setRefreshCookie(reply, user, family.id, family.generation);
      return signAccess(user, family.id);
    },
    async endOne(user, sid, inTransaction) {
      const ended2 = await app.knex.transaction(async (trx) => {
        const deleted = await families(user).transacting(trx).where({ id: sid }).delete();
        if (deleted && inTransaction) await inTransaction(trx);
        return deleted;
      });
      if (ended2) await forgetCallers(user.companyId, user.id);
      return ended2 > 0;
    },
    list: async (user) => {
      const idle = idleSince();
      const now = dbNow();
      return families(user).where((shown) => shown.where((own) => {
        own.whereNull("impersonatorId");
        if (idle) own.where((recent) => recent.where("lastUsedAt", ">=", idle).orWhereNull("lastUsedAt"));
      }).orWhere((view) => view.whereNotNull("impersonatorId").where("expiresAt", ">", now).whereExists(RefreshTokenFamily.knex()("refreshTokenFamilies as behind").whereRaw("?? = ??", ["behind.id", "refreshTokenFamilies.impersonatorSessionId"]).whereRaw("?? = ??", ["behind.userId", "refreshTokenFamilies.impersonatorId"])))).orderBy("lastUsedAt", "desc").orderBy("id", "desc");
    },
    async openImpersonation(viewed, superUser, superSid, request, expiresAt, inTransaction) {
      const family = await inOwnTransaction(async (trx) => {
        const opened = await RefreshTokenFamily.scoped(viewed.companyId).transacting(trx).insertAndFetch({
          userId: viewed.id,
          generation: 0,
          ...device(request),
          lastUsedAt: dbNow(),
          impersonatorId: superUser.id,
          impersonatorSessionId: superSid,
          expiresAt: toDbTime(expiresAt)
        });
        if (inTransaction) await inTransaction(trx);
        return opened;
      });
      await forgetCallers(viewed.companyId, viewed.id);
      const seconds = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1e3));
      return app.jwt.sign({
        id: viewed.id,
        companyId: viewed.companyId,
        profile: viewed.profile,
        super: false,
        tv: viewed.tokenVersion,
        sid: family.id,
        imp: superUser.id,
        impCompanyId: superUser.companyId,
        impSid: superSid,
        impTv: superUser.tokenVersion
      }, { expiresIn: seconds });
    },
    accessToken: (user, sid) => signAccess(user, sid),
    async refresh(request, reply) {
      const cookie = request.cookies[REFRESH_COOKIE];
      if (!cookie) throw ended("No refresh token");
      let payload;
      try {
        payload = app.jwt.verify(cookie, { key: jwt.refreshSecret });
      } catch {
        throw ended("Refresh token invalid or expired");
      }
      const { sid, gen } = payload;
      if (!Number.isInteger(sid) || !Number.isInteger(gen)) throw ended();
      const user = await User.scoped(payload.companyId).findById(payload.id).withGraphFetched("[company.plan, queues]");
      if (!user) throw ended();
      const refusal = companyRefusal(user.company, user.super);
      if (refusal) throw refusal;
      const rotation = await rotate(user, sid, gen, jwt.refreshReuseGraceMs, idleSince());
      if (rotation === "reused") {
        request.log.warn({ userId: user.id, sid }, "a refresh token was used again after its rotation: session ended");
        await user.$query().patch({ tokenVersion: user.tokenVersion + 1 });
        reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
        throw ended("This session was ended: its refresh token was used twice");
      }
      if (rotation === "ended") throw ended();
      setRefreshCookie(reply, user, sid, rotation);
      return { user, token: signAccess(user, sid) };
    },
    clearCookie(reply) {
      reply.clearCookie(REFRESH_COOKIE, { path: "/api/auth" });
    }
  };
}
async function rotate(user, sid, gen, graceMs, idleSince) {
  const family = () => RefreshTokenFamily.scoped(user.companyId).where({ id: sid, userId: user.id }).whereNull("impersonatorId");
  if (idleSince && await family().where("lastUsedAt", "<", idleSince).delete() > 0) return "ended";
  const moved = await family().where({ generation: gen }).patch({ generation: gen + 1, rotatedAt: dbNow(), lastUsedAt: dbNow() });
  if (moved === 1) return gen + 1;
  const current = await family().first();
  if (!current) return "ended";
  const rotatedAt = current.rotatedAt ? Date.parse(current.rotatedAt) : NaN;
  if (current.generation === gen + 1 && Date.now() - rotatedAt <= graceMs) return current.generation;
  await family().delete();
  return "reused";
}
export {
  ALLOW_MULTIPLE_SESSIONS,
  REFRESH_COOKIE,
  createSessionTokens
};
