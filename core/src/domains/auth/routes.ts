import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { createHash, randomInt } from 'node:crypto';
import { PasswordReset, User } from '../../db/models/index.js';
import { dbNow, toDbTime } from '../../db/time.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { AnyObject, Email } from '../../http/schemas.js';
import { REFRESH_COOKIE } from '../../auth/index.js';
import { hashPassword, verifyPassword } from '../../util/password.js';
import { daysUntil } from '../../util/dates.js';
import { sessionUser } from './serialize.js';
import { createAddressLimiter } from '../../auth/address-limit.js';

const LOCK_AFTER_FAILURES = 5;
const LOCK_MINUTES = 15;
const RESET_CODE_MINUTES = 30;

interface RefreshPayload { id: number; companyId: number; tv: number }

const SessionReply = Type.Object({ token: Type.String(), user: AnyObject, warning: Type.Optional(AnyObject) });

export interface AuthRouteOptions {
  refreshSecret: string;
  refreshTtlSeconds: number;
  loginRateLimit: { max: number; windowMs: number };
  /** Failures per client address across accounts (login, reset codes): see auth/address-limit.ts. */
  addressLimit: { max: number; windowMs: number; redisUrl?: string; prefix: string };
  secureCookies: boolean;
}

const authRoutes: FastifyPluginAsyncTypebox<AuthRouteOptions> = async (app, opts) => {
  const signAccess = (user: User) =>
    app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super });
  const signRefresh = (user: User) =>
    app.jwt.sign({ id: user.id, companyId: user.companyId, tv: user.tokenVersion } as never, { key: opts.refreshSecret, expiresIn: opts.refreshTtlSeconds });
  const cookieOptions = { httpOnly: true, sameSite: 'strict' as const, secure: opts.secureCookies, path: '/api/auth', maxAge: opts.refreshTtlSeconds };
  const addressLimit = await createAddressLimiter(opts.addressLimit, (err) => app.log.error({ err }, 'redis (address limit) error'));
  app.addHook('onClose', () => addressLimit.close());

  const signRenewal = (user: User) =>
    app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: false, scope: 'billing' }, { expiresIn: '30m' });
  /** What a successful login does besides answering: presence, "logged in elsewhere", the refresh cookie. */
  const startSession = async (user: User, reply: FastifyReply) => {
    await user.$query().patch({ failedLogins: 0, lockedUntil: null, online: true, lastSeenAt: dbNow() } as Partial<User>);
    // Tell the user's other sessions they were replaced by this login.
    app.bus.emitToUser(user.companyId, user.id, 'auth', { action: 'update', user: { id: user.id } });
    reply.setCookie(REFRESH_COOKIE, signRefresh(user), cookieOptions);
  };

  app.post('/auth/login', {
    config: {
      public: true,
      rateLimit: {
        // After body parsing, so the key can hold the e-mail: one address cannot lock out everyone behind a NAT.
        hook: 'preHandler',
        max: opts.loginRateLimit.max,
        timeWindow: opts.loginRateLimit.windowMs,
        keyGenerator: (req) => `${req.ip}:${String((req.body as { email?: string } | undefined)?.email ?? '').toLowerCase()}`,
      },
    },
    preHandler: addressLimit.guard,
    schema: {
      tags: ['auth'],
      body: Type.Object({ email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: SessionReply },
    },
  }, async (request, reply) => {
    const email = request.body.email.trim().toLowerCase();
    const user = await User.unscoped('login looks a user up by e-mail across companies').findOne({ email }).withGraphFetched('[company.plan, queues]');
    if (!user) {
      await verifyPassword(request.body.password, 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA'); // same cost either way
      await addressLimit.fail(request.ip);
      throw new AppError('ERR_INVALID_CREDENTIALS', 401, 'Invalid e-mail or password');
    }
    if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
      await addressLimit.fail(request.ip);
      throw new AppError('ERR_ACCOUNT_LOCKED', 429, `Too many failed logins; try again after ${user.lockedUntil}`, { lockedUntil: user.lockedUntil });
    }
    if (!(await verifyPassword(request.body.password, user.passwordHash))) {
      const failed = user.failedLogins + 1;
      const lock = failed >= LOCK_AFTER_FAILURES;
      await user.$query().patch({
        failedLogins: lock ? 0 : failed,
        lockedUntil: lock ? toDbTime(Date.now() + LOCK_MINUTES * 60_000) : null,
      } as Partial<User>);
      await addressLimit.fail(request.ip);
      throw new AppError('ERR_INVALID_CREDENTIALS', 401, 'Invalid e-mail or password');
    }
    const dueDate = user.company?.dueDate;
    if (dueDate && daysUntil(dueDate) < 0 && !user.super) {
      // Refused (core §5); the company's admin gets a token good only for paying its invoices (docs/decisions.md, Billing).
      const renewal = user.profile === 'admin' ? { renewalToken: signRenewal(user) } : {};
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 401, `Your subscription expired on ${dueDate}. Contact support to renew it.`, { dueDate, ...renewal });
    }
    await startSession(user, reply);
    const days = dueDate ? daysUntil(dueDate) : null;
    return {
      token: signAccess(user),
      user: (await sessionUser(user, app.tenancy.settings))!,
      ...(days !== null && days < 5 ? { warning: { code: 'WARN_DUE_DATE_SOON', dueDate, daysLeft: days } } : {}),
    };
  });

  // After paying with a renewal token: the full session the login refused, once the due date has moved.
  app.post('/auth/renewed', {
    config: { billing: true },
    schema: { tags: ['auth'], response: { 200: SessionReply } },
  }, async (request, reply) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id).withGraphFetched('[company.plan, queues]');
    if (!user) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended');
    const dueDate = user.company?.dueDate;
    if (dueDate && daysUntil(dueDate) < 0 && !user.super) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 401, `Your subscription expired on ${dueDate}.`, { dueDate });
    }
    await startSession(user, reply);
    return { token: signAccess(user), user: (await sessionUser(user, app.tenancy.settings))! };
  });

  app.post('/auth/refresh_token', {
    config: { public: true },
    schema: { tags: ['auth'], response: { 200: SessionReply } },
  }, async (request, reply) => {
    const token = request.cookies[REFRESH_COOKIE];
    if (!token) throw new AppError('ERR_SESSION_EXPIRED', 401, 'No refresh token');
    let payload: RefreshPayload;
    try {
      payload = app.jwt.verify<RefreshPayload>(token, { key: opts.refreshSecret });
    } catch {
      throw new AppError('ERR_SESSION_EXPIRED', 401, 'Refresh token invalid or expired');
    }
    const user = await User.scoped(payload.companyId).findById(payload.id).withGraphFetched('[company.plan, queues]');
    if (!user || user.tokenVersion !== payload.tv) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended');
    reply.setCookie(REFRESH_COOKIE, signRefresh(user), cookieOptions);
    return { token: signAccess(user), user: (await sessionUser(user, app.tenancy.settings))! };
  });

  app.delete('/auth/logout', {
    schema: { tags: ['auth'], response: { 200: Type.Object({ message: Type.String() }) } },
  }, async (request, reply) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id);
    // Bumping the version revokes every refresh token of the user.
    if (user) await user.$query().patch({ tokenVersion: user.tokenVersion + 1, online: false, lastSeenAt: dbNow() } as Partial<User>);
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
    return { message: 'logged out' };
  });

  app.get('/auth/me', { schema: { tags: ['auth'], response: { 200: AnyObject } } }, async (request) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!user) throw notFound('ERR_NO_USER_FOUND');
    return (await sessionUser(user, app.tenancy.settings))!;
  });

  // Password reset: a 6-digit code by mail, valid for 30 minutes, 5 tries.
  const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

  app.post('/forgetpassword/:email', {
    config: { public: true, rateLimit: { max: 5, timeWindow: 60_000 } },
    preHandler: addressLimit.guard,
    schema: { tags: ['auth'], params: Type.Object({ email: Email }), response: { 200: Type.Object({ status: Type.Number(), message: Type.String() }) } },
  }, async (request) => {
    // Every code request counts against the address: it probes which e-mails exist and sends mail.
    await addressLimit.fail(request.ip);
    const email = request.params.email.trim().toLowerCase();
    const user = await User.unscoped('password reset looks a user up by e-mail').findOne({ email });
    if (!user) throw notFound('ERR_USER_DONT_EXISTS', 'No user with this e-mail');
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await PasswordReset.query().where({ userId: user.id, usedAt: null }).patch({ usedAt: dbNow() } as Partial<PasswordReset>);
    await PasswordReset.query().insert({ userId: user.id, codeHash: hashCode(code), expiresAt: toDbTime(Date.now() + RESET_CODE_MINUTES * 60_000), attempts: 0 } as Partial<PasswordReset>);
    await app.mailer.send({
      to: user.email,
      subject: 'Atrium: password reset code',
      text: `Your verification code is ${code}. It expires in ${RESET_CODE_MINUTES} minutes.`,
    });
    return { status: 200, message: 'mail sent' };
  });

  app.post('/resetpasswords/:email/:token/:newPassword', {
    config: { public: true, rateLimit: { max: 10, timeWindow: 60_000 } },
    preHandler: addressLimit.guard,
    schema: {
      tags: ['auth'],
      params: Type.Object({
        email: Email,
        token: Type.String({ pattern: '^[0-9]{6}$' }),
        newPassword: Type.String({ minLength: 8, maxLength: 50, pattern: '^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d).+$' }),
      }),
      response: { 200: Type.Object({ message: Type.String() }) },
    },
  }, async (request) => {
    const email = request.params.email.trim().toLowerCase();
    const user = await User.unscoped('password reset looks a user up by e-mail').findOne({ email });
    if (!user) {
      await addressLimit.fail(request.ip);
      throw notFound('ERR_USER_DONT_EXISTS');
    }
    const reset = await PasswordReset.query().where({ userId: user.id }).whereNull('usedAt').orderBy('id', 'desc').first();
    if (!reset || Date.parse(reset.expiresAt) < Date.now() || reset.attempts >= 5) {
      await addressLimit.fail(request.ip);
      throw badRequest('ERR_INVALID_RESET_CODE', 'The code expired; ask for a new one');
    }
    if (reset.codeHash !== hashCode(request.params.token)) {
      await reset.$query().patch({ attempts: reset.attempts + 1 } as Partial<PasswordReset>);
      await addressLimit.fail(request.ip);
      throw badRequest('ERR_INVALID_RESET_CODE', 'Wrong verification code');
    }
    await reset.$query().patch({ usedAt: dbNow() } as Partial<PasswordReset>);
    await user.$query().patch({ passwordHash: await hashPassword(request.params.newPassword), tokenVersion: user.tokenVersion + 1, failedLogins: 0, lockedUntil: null } as Partial<User>);
    return { message: 'password updated' };
  });
};

export default authRoutes;
