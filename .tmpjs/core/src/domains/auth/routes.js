import { recordAuthEvent, recordSignIn } from "../../audit/auth-events.js";
import { ALLOW_MULTIPLE_SESSIONS } from "../../auth/sessions.js";
import { Type } from "@sinclair/typebox";
import { createHash, randomInt } from "node:crypto";
import { PasswordReset, User } from "../../db/models/index.js";
import { dbNow, toDbTime } from "../../db/time.js";
import { AppError, badRequest, notFound } from "../../http/errors.js";
import { Email } from "../../http/schemas.js";
import { companyRefusal } from "../../auth/caller.js";
import { assertNotLocked, checkPassword } from "../../auth/password-check.js";
import { hashPassword, verifyPassword } from "../../util/password.js";
import { daysUntil } from "../../util/dates.js";
import { SessionUserReply, SessionWarning, sessionUser } from "./serialize.js";
import twoFactorRoutes, { ChallengeReply, secondFactorGate } from "./two-factor-routes.js";
import { challengeTokens } from "../../auth/two-factor.js";
import { billCompanyNow } from "../billing/generation.js";
import { createAddressLimiter } from "../../auth/address-limit.js";
import { SecretString } from "../../secrets/index.js";
const RESET_CODE_MINUTES = 30;
const SessionReply = Type.Object({ token: Type.String(), user: SessionUserReply, warning: Type.Optional(SessionWarning) });
const authRoutes = async (app, opts) => {
  const addressLimit = await createAddressLimiter(opts.addressLimit, app.log);
  app.addHook("onClose", () => addressLimit.close());
  const signRenewal = (user) => app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: false, tv: user.tokenVersion, scope: "billing" }, { expiresIn: "30m" });
  const startSession = async (user, reply) => {
    const keepOthers = await app.tenancy.settings.isEnabled(user.companyId, ALLOW_MULTIPLE_SESSIONS);
    const token = await app.sessionTokens.open(user, reply, { announce: true, keepOthers, patch: { failedLogins: 0, lockedUntil: null, online: true, lastSeenAt: dbNow() } });
    await recordSignIn(app.knex, reply.request, user, "login");
    return token;
  };
  const challenges = challengeTokens(opts.jwtSecret);
  await app.register(twoFactorRoutes, { challenges, addressLimit, loginRateLimit: opts.loginRateLimit, startSession });
  app.post("/auth/login", {
    config: {
      public: true,
      rateLimit: {
        // After body parsing, so the key can hold the e-mail: one address cannot lock out everyone behind a NAT.
        hook: "preHandler",
        max: opts.loginRateLimit.max,
        timeWindow: opts.loginRateLimit.windowMs,
        keyGenerator: (req) => `${req.ip}:${String(req.body?.email ?? "").toLowerCase()}`
      }
    },
    preHandler: addressLimit.guard,
    schema: {
      tags: ["auth"],
      body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Type.Union([SessionReply, ChallengeReply]) }
    }
  }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const user = await User.unscoped("login looks a user up by e-mail across companies").findOne({ email }).withGraphFetched("[company.plan, queues]");
    if (!user) {
      await verifyPassword(request.body.password, "scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA");
      await addressLimit.fail(request.ip);
      throw new AppError("ERR_INVALID_CREDENTIALS", 401, "Invalid e-mail or password");
    }
    try {
      assertNotLocked(user);
    } catch (err) {
      await addressLimit.fail(request.ip);
      await recordSignIn(app.knex, request, user, "login_failed");
      throw err;
    }
    if (!await checkPassword(user, request.body.password)) {
      await addressLimit.fail(request.ip);
      await recordSignIn(app.knex, request, user, "login_failed");
      throw new AppError("ERR_INVALID_CREDENTIALS", 401, "Invalid e-mail or password");
    }
    const company = user.company;
    const refusal = companyRefusal(company, user.super);
    if (refusal?.code === "ERR_SUBSCRIPTION_EXPIRED" && user.profile === "admin") {
      await billCompanyNow(app, company.id);
      throw new AppError(refusal.code, refusal.statusCode, refusal.message, { ...refusal.details, renewalToken: signRenewal(user) });
    }
    if (refusal) throw refusal;
    const gate = await secondFactorGate(app, challenges, user);
    if (gate) return gate;
    const token = await startSession(user, reply);
    const dueDate = company.dueDate;
    const days = dueDate ? daysUntil(dueDate) : null;
    return {
      token,
      user: await sessionUser(user, app.tenancy.settings),
      ...dueDate && days !== null && days < 5 ? { warning: { code: "WARN_DUE_DATE_SOON", dueDate, daysLeft: days } } : {}
    };
  });
  app.post("/auth/renewed", {
    config: { billing: true },
    schema: { tags: ["auth"], response: { 200: Type.Union([SessionReply, ChallengeReply]) } }
  }, async (request, reply) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id).withGraphFetched("[company.plan, queues]");
    if (!user) throw new AppError("ERR_SESSION_EXPIRED", 401, "Session ended");
    const refusal = companyRefusal(user.company, user.super);
    if (refusal) throw refusal;
    const gate = await secondFactorGate(app, challenges, user);
    if (gate) return gate;
    const token = await startSession(user, reply);
    return { token, user: await sessionUser(user, app.tenancy.settings) };
  });
  app.post("/auth/refresh_token", {
    config: { public: true },
    schema: { tags: ["auth"], response: { 200: SessionReply } }
  }, async (request, reply) => {
    const { user, token } = await app.sessionTokens.refresh(request, reply);
    return { token, user: await sessionUser(user, app.tenancy.settings) };
  });
  app.delete("/auth/logout", {
    schema: { tags: ["auth"], response: { 200: Type.Object({ message: Type.String() }) } }
  }, async (request, reply) => {
    const { imp, impCompanyId, impSid } = request.user;
    if (imp && impCompanyId && request.user.sid !== void 0) {
      await app.sessionTokens.endOne({ id: request.user.id, companyId: request.user.companyId }, request.user.sid);
    }
    const user = imp && impCompanyId ? await User.scoped(impCompanyId).findById(imp) : await User.scoped(request.user.companyId).findById(request.user.id);
    const sid = imp ? impSid : request.user.sid;
    if (user && sid !== void 0 && await app.tenancy.settings.isEnabled(user.companyId, ALLOW_MULTIPLE_SESSIONS)) {
      await app.sessionTokens.endOne(user, sid, (trx) => recordAuthEvent(trx, request, user, "logout", "sessions", sid));
    } else if (user) {
      await app.sessionTokens.endAll(user, { online: false, lastSeenAt: dbNow() });
    }
    app.sessionTokens.clearCookie(reply);
    return { message: "logged out" };
  });
  app.get("/auth/me", { schema: { tags: ["auth"], response: { 200: SessionUserReply } } }, async (request) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!user) throw notFound("ERR_NO_USER_FOUND");
    return await sessionUser(user, app.tenancy.settings);
  });
  const hashCode = (code) => createHash("sha256").update(code).digest("hex");
  app.post("/forgetpassword/:email", {
    config: { public: true, rateLimit: { max: 5, timeWindow: 6e4 } },
    preHandler: addressLimit.guard,
    schema: { tags: ["auth"], params: Type.Object({ email: Email }), response: { 200: Type.Object({ status: Type.Number(), message: Type.String() }) } }
  }, async (request) => {
    await addressLimit.fail(request.ip);
    const email = request.params.email.trim().toLowerCase();
    const user = await User.unscoped("password reset looks a user up by e-mail").findOne({ email });
    if (!user) throw notFound("ERR_USER_DONT_EXISTS", "No user with this e-mail");
    const code = String(randomInt(0, 1e6)).padStart(6, "0");
    await PasswordReset.query().where({ userId: user.id, usedAt: null }).patch({ usedAt: dbNow() });
    await PasswordReset.query().insert({ userId: user.id, codeHash: hashCode(code), expiresAt: toDbTime(Date.now() + RESET_CODE_MINUTES * 6e4), attempts: 0 });
    await app.mailer.send({
      to: user.email,
      subject: "Atrium: password reset code",
      text: `Your verification code is ${code}. It expires in ${RESET_CODE_MINUTES} minutes.`
    });
    return { status: 200, message: "mail sent" };
  });
  app.post("/resetpasswords/:email/:token/:newPassword", {
    config: { public: true, rateLimit: { max: 10, timeWindow: 6e4 } },
    preHandler: addressLimit.guard,
    schema: {
      tags: ["auth"],
      // The spec puts the code and the new password in the path: SecretString keeps both out of the request log.
      params: Type.Object({
        email: Email,
        token: SecretString({ pattern: "^[0-9]{6}$" }),
        newPassword: SecretString({ minLength: 8, maxLength: 50, pattern: "^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).+$" })
      }),
      response: { 200: Type.Object({ message: Type.String() }) }
    }
  }, async (request) => {
    const email = request.params.email.trim().toLowerCase();
    const user = await User.unscoped("password reset looks a user up by e-mail").findOne({ email });
    if (!user) {
      await addressLimit.fail(request.ip);
      throw notFound("ERR_USER_DONT_EXISTS");
    }
    const reset = await PasswordReset.query().where({ userId: user.id }).whereNull("usedAt").orderBy("id", "desc").first();
    if (!reset || Date.parse(reset.expiresAt) < Date.now() || reset.attempts >= 5) {
      await addressLimit.fail(request.ip);
      throw badRequest("ERR_INVALID_RESET_CODE", "The code expired; ask for a new one");
    }
    if (reset.codeHash !== hashCode(request.params.token)) {
      await reset.$query().patch({ attempts: reset.attempts + 1 });
      await addressLimit.fail(request.ip);
      throw badRequest("ERR_INVALID_RESET_CODE", "Wrong verification code");
    }
    await app.sessionTokens.endAll(user, { passwordHash: await hashPassword(request.params.newPassword), failedLogins: 0, lockedUntil: null }, async (trx) => {
      await reset.$query(trx).patch({ usedAt: dbNow() });
      await recordAuthEvent(trx, request, user, "password_change");
    });
    return { message: "password updated" };
  });
};
var routes_default = authRoutes;
export {
  routes_default as default
};
