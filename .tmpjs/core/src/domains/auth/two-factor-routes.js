import { Type } from "@sinclair/typebox";
import { User } from "../../db/models/index.js";
import { AppError, badRequest, conflict, notFound } from "../../http/errors.js";
import { IdParams, OkReply } from "../../http/schemas.js";
import { companyRefusal } from "../../auth/caller.js";
import { assertNotLocked, checkPassword, countFailedLogin } from "../../auth/password-check.js";
import { newRecoveryCodes, newTotpSecret, otpauthUri, twoFactor } from "../../auth/two-factor.js";
import { publicBranding } from "../branding/service.js";
import { twoFactorRequired } from "../../auth/two-factor-policy.js";
import { SessionUserReply, sessionUser } from "./serialize.js";
import { recordAuthEvent } from "../../audit/auth-events.js";
import { assertMayActOn } from "../../auth/acting-on.js";
import { REQUIRE_TWO_FACTOR } from "../../auth/two-factor-policy.js";
const Code = Type.String({ pattern: "^\\d{6}$" });
const RecoveryCode = Type.String({ minLength: 10, maxLength: 20 });
const Challenge = Type.String({ minLength: 20, maxLength: 1e3 });
const SetupReply = Type.Object({ secret: Type.String(), uri: Type.String() });
const RecoveryReply = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
const ChallengeReply = Type.Object({ twoFactor: Type.Union([Type.Literal("verify"), Type.Literal("enrol")]), challenge: Type.String() });
const twoFactorRoutes = async (app, opts) => {
  const { challenges } = opts;
  const factor = () => twoFactor(app.atrium.secrets);
  const loginLimit = { max: opts.loginRateLimit.max, timeWindow: opts.loginRateLimit.windowMs };
  const issuer = async () => await publicBranding(app, "appName").catch(() => null) || "Atrium";
  async function challengedUser(token, purpose) {
    const read = challenges.read(token);
    if (!read || read.purpose !== purpose) throw new AppError("ERR_2FA_CHALLENGE_EXPIRED", 401, "The sign-in step expired: sign in again");
    const user = await User.scoped(read.companyId).findById(read.userId).withGraphFetched("[company.plan, queues]");
    if (!user || user.tokenVersion !== read.tokenVersion) throw new AppError("ERR_2FA_CHALLENGE_EXPIRED", 401, "The sign-in step expired: sign in again");
    assertNotLocked(user);
    const refusal = companyRefusal(user.company, user.super);
    if (refusal) throw refusal;
    return user;
  }
  async function wrongCode(request, user) {
    await countFailedLogin(user);
    await opts.addressLimit.fail(request.ip);
    throw badRequest("ERR_2FA_INVALID_CODE", "The code is not valid (or was already used)", { field: "body/code" });
  }
  const clearFactor = (request, companyId, id, action) => app.knex.transaction(async (trx) => {
    const cleared = await User.scoped(companyId).transacting(trx).where("id", id).patch({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecovery: null });
    if (cleared) await recordAuthEvent(trx, request, { id, companyId }, action);
    return cleared;
  });
  async function startEnrolment(user) {
    if (user.totpEnabledAt) throw conflict("ERR_2FA_ALREADY_ENABLED", "Two-factor sign-in is already on: turn it off first");
    const secret = newTotpSecret();
    await User.scoped(user.companyId).where("id", user.id).patch({ totpSecret: factor().seal(secret), totpLastStep: null });
    return { secret, uri: otpauthUri(secret, user.email, await issuer()) };
  }
  async function confirmEnrolment(request, user, code) {
    if (user.totpEnabledAt) throw conflict("ERR_2FA_ALREADY_ENABLED", "Two-factor sign-in is already on");
    const secret = factor().secretOf(user);
    if (!secret) throw badRequest("ERR_2FA_NOT_STARTED", "Start the enrolment first", { field: "body/code" });
    if (!await factor().acceptCode(user, secret, code)) await wrongCode(request, user);
    const recovery = newRecoveryCodes();
    await app.knex.transaction(async (trx) => {
      const enabled = await User.scoped(user.companyId).transacting(trx).where("id", user.id).whereNull("totpEnabledAt").patch({ totpEnabledAt: (/* @__PURE__ */ new Date()).toISOString(), totpRecovery: recovery.stored });
      if (enabled) await recordAuthEvent(trx, request, user, "2fa_enable");
    });
    return recovery.codes;
  }
  const me = async (request) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!user) throw notFound("ERR_NO_USER_FOUND");
    return user;
  };
  app.get("/auth/2fa", {
    schema: { tags: ["auth"], response: { 200: Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), recoveryCodesLeft: Type.Integer() }) } }
  }, async (request) => {
    const user = await me(request);
    return {
      enabled: !!user.totpEnabledAt,
      required: await twoFactorRequired(app, user.companyId),
      recoveryCodesLeft: user.totpEnabledAt && user.totpRecovery ? JSON.parse(user.totpRecovery).length : 0
    };
  });
  app.post("/auth/2fa/setup", { schema: { tags: ["auth"], response: { 200: SetupReply } } }, async (request) => startEnrolment(await me(request)));
  app.post("/auth/2fa/enable", {
    config: { rateLimit: loginLimit },
    schema: { tags: ["auth"], body: Type.Object({ code: Code }), response: { 200: RecoveryReply } }
  }, async (request) => ({ recoveryCodes: await confirmEnrolment(request, await me(request), request.body.code) }));
  app.post("/auth/2fa/disable", {
    config: { rateLimit: loginLimit },
    schema: { tags: ["auth"], body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: OkReply } }
  }, async (request) => {
    const user = await me(request);
    assertNotLocked(user);
    if (!await checkPassword(user, request.body.password)) throw badRequest("ERR_INVALID_CURRENT_PASSWORD", "The password is not right", { field: "password" });
    await clearFactor(request, user.companyId, user.id, "2fa_disable");
    return { message: "two-factor sign-in turned off" };
  });
  app.delete("/users/:id/2fa", { preHandler: app.requireAdmin, schema: { tags: ["users"], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const target = await User.scoped(request.user.companyId).findById(request.params.id).select("id", "super");
    if (!target) throw notFound("ERR_NO_USER_FOUND");
    assertMayActOn(request.user, target);
    const reset = await clearFactor(request, request.user.companyId, request.params.id, "2fa_reset");
    if (!reset) throw notFound("ERR_NO_USER_FOUND");
    return { message: "two-factor sign-in reset" };
  });
  const publicStep = { public: true, rateLimit: loginLimit };
  app.post("/auth/login/2fa", {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: {
      tags: ["auth"],
      body: Type.Object({ challenge: Challenge, code: Type.Optional(Code), recoveryCode: Type.Optional(RecoveryCode) }),
      response: { 200: Type.Object({ token: Type.String(), user: SessionUserReply, recoveryCodesLeft: Type.Integer() }) }
    }
  }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    if (!code === !recoveryCode) throw badRequest("ERR_VALIDATION", "Send either a code or a recovery code", { field: "body/code" });
    const user = await challengedUser(challenge, "verify");
    const secret = factor().secretOf(user);
    const accepted = code ? !!secret && await factor().acceptCode(user, secret, code) : await factor().acceptRecoveryCode(user, recoveryCode, (trx) => recordAuthEvent(trx, request, user, "2fa_recovery_used"));
    if (!accepted) await wrongCode(request, user);
    const token = await opts.startSession(user, reply);
    const fresh = await User.scoped(user.companyId).findById(user.id).select("totpRecovery");
    return { token, user: await sessionUser(user, app.tenancy.settings), recoveryCodesLeft: fresh?.totpRecovery ? JSON.parse(fresh.totpRecovery).length : 0 };
  });
  app.post("/auth/login/2fa/setup", {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: { tags: ["auth"], body: Type.Object({ challenge: Challenge }), response: { 200: SetupReply } }
  }, async (request) => startEnrolment(await challengedUser(request.body.challenge, "enrol")));
  app.post("/auth/login/2fa/enable", {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: {
      tags: ["auth"],
      body: Type.Object({ challenge: Challenge, code: Code }),
      response: { 200: Type.Object({ token: Type.String(), user: SessionUserReply, recoveryCodes: Type.Array(Type.String()) }) }
    }
  }, async (request, reply) => {
    const user = await challengedUser(request.body.challenge, "enrol");
    const recoveryCodes = await confirmEnrolment(request, user, request.body.code);
    const token = await opts.startSession(user, reply);
    return { token, user: await sessionUser(user, app.tenancy.settings), recoveryCodes };
  });
};
async function secondFactorGate(app, challenges, user) {
  const gate = user.totpEnabledAt ? "verify" : await twoFactorRequired(app, user.companyId) ? "enrol" : null;
  return gate ? { twoFactor: gate, challenge: challenges.issue(user, gate) } : null;
}
var two_factor_routes_default = twoFactorRoutes;
export {
  ChallengeReply,
  REQUIRE_TWO_FACTOR,
  two_factor_routes_default as default,
  secondFactorGate
};
