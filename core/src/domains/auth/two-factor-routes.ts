import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { User } from '../../db/models/index.js';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.js';
import { IdParams, OkReply } from '../../http/schemas.js';
import { companyRefusal } from '../../auth/caller.js';
import { assertNotLocked, checkPassword, countFailedLogin } from '../../auth/password-check.js';
import { newRecoveryCodes, newTotpSecret, otpauthUri, twoFactor, type challengeTokens } from '../../auth/two-factor.js';
import { publicBranding } from '../branding/service.js';
import { twoFactorRequired } from '../../auth/two-factor-policy.js';
import type { AddressLimiter } from '../../auth/address-limit.js';
import { SessionUserReply, sessionUser } from './serialize.js';
import { recordAuthEvent } from '../../audit/auth-events.js';
import { assertMayActOn } from '../../auth/acting-on.js';

export { REQUIRE_TWO_FACTOR } from '../../auth/two-factor-policy.js';

const Code = Type.String({ pattern: '^\\d{6}$' });
const RecoveryCode = Type.String({ minLength: 10, maxLength: 20 });
const Challenge = Type.String({ minLength: 20, maxLength: 1000 });
const SetupReply = Type.Object({ secret: Type.String(), uri: Type.String() });
const RecoveryReply = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
/** The login's answer when the password was right but a second step is due: a code, or enrolment first. */
export const ChallengeReply = Type.Object({ twoFactor: Type.Union([Type.Literal('verify'), Type.Literal('enrol')]), challenge: Type.String() });

type Challenges = ReturnType<typeof challengeTokens>;

export interface TwoFactorRouteOptions {
  challenges: Challenges;
  addressLimit: AddressLimiter;
  loginRateLimit: { max: number; windowMs: number };
  /** Opens the user's session (auth/routes.ts): the access token, the refresh cookie, the others ended. */
  startSession(user: User, reply: FastifyReply): Promise<string>;
}

/**
 * Two-factor sign-in (issue 34): enrolment from the profile or, when the company requires it, from the login
 * itself; the login's second step with a code or a recovery code; turning it off with the password; an admin's reset.
 * Wrong codes count towards the account lock like wrong passwords, and towards the client address's limit.
 */
const twoFactorRoutes: FastifyPluginAsyncTypebox<TwoFactorRouteOptions> = async (app, opts) => {
  const { challenges } = opts;
  const factor = () => twoFactor(app.atrium.secrets);
  const loginLimit = { max: opts.loginRateLimit.max, timeWindow: opts.loginRateLimit.windowMs };
  // The authenticator app lists the account under the product's name (the operator's branding).
  const issuer = async () => (await publicBranding(app, 'appName').catch(() => null)) || 'Atrium';

  /** The user a challenge names, still the same (no password change since) and allowed to sign in. */
  async function challengedUser(token: string, purpose: 'verify' | 'enrol') {
    const read = challenges.read(token);
    if (!read || read.purpose !== purpose) throw new AppError('ERR_2FA_CHALLENGE_EXPIRED', 401, 'The sign-in step expired: sign in again');
    const user = await User.scoped(read.companyId).findById(read.userId).withGraphFetched('[company.plan, queues]');
    if (!user || user.tokenVersion !== read.tokenVersion) throw new AppError('ERR_2FA_CHALLENGE_EXPIRED', 401, 'The sign-in step expired: sign in again');
    assertNotLocked(user);
    const refusal = companyRefusal(user.company!, user.super);
    if (refusal) throw refusal;
    return user;
  }

  async function wrongCode(request: FastifyRequest, user: User): Promise<never> {
    await countFailedLogin(user);
    await opts.addressLimit.fail(request.ip);
    // A wrong input, not an ended session: the console keeps the user signed in (core §4 ends it on a 401).
    throw badRequest('ERR_2FA_INVALID_CODE', 'The code is not valid (or was already used)', { field: 'body/code' });
  }

  /** Turns the user's second factor off (disabled, or reset by an admin), logged by name in the same transaction. */
  const clearFactor = (request: FastifyRequest, companyId: number, id: number, action: '2fa_disable' | '2fa_reset') => app.knex.transaction(async (trx) => {
    const cleared = await User.scoped(companyId).transacting(trx).where('id', id)
      .patch({ totpSecret: null, totpEnabledAt: null, totpLastStep: null, totpRecovery: null } as Partial<User>);
    if (cleared) await recordAuthEvent(trx, request, { id, companyId }, action);
    return cleared;
  });

  async function startEnrolment(user: User) {
    if (user.totpEnabledAt) throw conflict('ERR_2FA_ALREADY_ENABLED', 'Two-factor sign-in is already on: turn it off first');
    const secret = newTotpSecret();
    await User.scoped(user.companyId).where('id', user.id).patch({ totpSecret: factor().seal(secret), totpLastStep: null } as Partial<User>);
    return { secret, uri: otpauthUri(secret, user.email, await issuer()) };
  }

  /** Confirms the enrolment with a first code; answers the recovery codes, shown this once. */
  async function confirmEnrolment(request: FastifyRequest, user: User, code: string) {
    if (user.totpEnabledAt) throw conflict('ERR_2FA_ALREADY_ENABLED', 'Two-factor sign-in is already on');
    const secret = factor().secretOf(user);
    if (!secret) throw badRequest('ERR_2FA_NOT_STARTED', 'Start the enrolment first', { field: 'body/code' });
    if (!(await factor().acceptCode(user, secret, code))) await wrongCode(request, user);
    const recovery = newRecoveryCodes();
    await app.knex.transaction(async (trx) => {
      const enabled = await User.scoped(user.companyId).transacting(trx).where('id', user.id).whereNull('totpEnabledAt')
        .patch({ totpEnabledAt: new Date().toISOString(), totpRecovery: recovery.stored } as Partial<User>);
      if (enabled) await recordAuthEvent(trx, request, user, '2fa_enable');
    });
    return recovery.codes;
  }

  const me = async (request: FastifyRequest) => {
    const user = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!user) throw notFound('ERR_NO_USER_FOUND');
    return user;
  };

  app.get('/auth/2fa', {
    schema: { tags: ['auth'], response: { 200: Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), recoveryCodesLeft: Type.Integer() }) } },
  }, async (request) => {
    const user = await me(request);
    return {
      enabled: !!user.totpEnabledAt,
      required: await twoFactorRequired(app, user.companyId),
      recoveryCodesLeft: user.totpEnabledAt && user.totpRecovery ? (JSON.parse(user.totpRecovery) as string[]).length : 0,
    };
  });

  app.post('/auth/2fa/setup', { schema: { tags: ['auth'], response: { 200: SetupReply } } }, async (request) => startEnrolment(await me(request)));

  app.post('/auth/2fa/enable', {
    config: { rateLimit: loginLimit },
    schema: { tags: ['auth'], body: Type.Object({ code: Code }), response: { 200: RecoveryReply } },
  }, async (request) => ({ recoveryCodes: await confirmEnrolment(request, await me(request), request.body.code) }));

  app.post('/auth/2fa/disable', {
    config: { rateLimit: loginLimit },
    schema: { tags: ['auth'], body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }), response: { 200: OkReply } },
  }, async (request) => {
    const user = await me(request);
    assertNotLocked(user);
    if (!(await checkPassword(user, request.body.password))) throw badRequest('ERR_INVALID_CURRENT_PASSWORD', 'The password is not right', { field: 'password' });
    await clearFactor(request, user.companyId, user.id, '2fa_disable');
    return { message: 'two-factor sign-in turned off' };
  });

  // An admin resets a user who lost their phone and their recovery codes: the next login enrols again if required.
  app.delete('/users/:id/2fa', { preHandler: app.requireAdmin, schema: { tags: ['users'], params: IdParams, response: { 200: OkReply } } }, async (request) => {
    const target = await User.scoped(request.user.companyId).findById(request.params.id).select('id', 'super');
    if (!target) throw notFound('ERR_NO_USER_FOUND');
    assertMayActOn(request.user, target);
    const reset = await clearFactor(request, request.user.companyId, request.params.id, '2fa_reset');
    if (!reset) throw notFound('ERR_NO_USER_FOUND');
    return { message: 'two-factor sign-in reset' };
  });

  // ---- the login's second step (public: the challenge is the proof of the password) ----
  const publicStep = { public: true, rateLimit: loginLimit };

  app.post('/auth/login/2fa', {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: {
      tags: ['auth'],
      body: Type.Object({ challenge: Challenge, code: Type.Optional(Code), recoveryCode: Type.Optional(RecoveryCode) }),
      response: { 200: Type.Object({ token: Type.String(), user: SessionUserReply, recoveryCodesLeft: Type.Integer() }) },
    },
  }, async (request, reply) => {
    const { challenge, code, recoveryCode } = request.body;
    if (!code === !recoveryCode) throw badRequest('ERR_VALIDATION', 'Send either a code or a recovery code', { field: 'body/code' });
    const user = await challengedUser(challenge, 'verify');
    const secret = factor().secretOf(user);
    // A recovery code used up matters to whoever reviews the account: logged by name, in the same transaction.
    const accepted = code ? !!secret && await factor().acceptCode(user, secret, code)
      : await factor().acceptRecoveryCode(user, recoveryCode!, (trx) => recordAuthEvent(trx, request, user, '2fa_recovery_used'));
    if (!accepted) await wrongCode(request, user);
    const token = await opts.startSession(user, reply);
    const fresh = await User.scoped(user.companyId).findById(user.id).select('totpRecovery');
    return { token, user: (await sessionUser(user, app.tenancy.settings))!, recoveryCodesLeft: fresh?.totpRecovery ? (JSON.parse(fresh.totpRecovery) as string[]).length : 0 };
  });

  // The company requires a second factor and this user has none yet: enrolment is the login's second step.
  app.post('/auth/login/2fa/setup', {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: { tags: ['auth'], body: Type.Object({ challenge: Challenge }), response: { 200: SetupReply } },
  }, async (request) => startEnrolment(await challengedUser(request.body.challenge, 'enrol')));

  app.post('/auth/login/2fa/enable', {
    config: publicStep,
    preHandler: opts.addressLimit.guard,
    schema: {
      tags: ['auth'],
      body: Type.Object({ challenge: Challenge, code: Code }),
      response: { 200: Type.Object({ token: Type.String(), user: SessionUserReply, recoveryCodes: Type.Array(Type.String()) }) },
    },
  }, async (request, reply) => {
    const user = await challengedUser(request.body.challenge, 'enrol');
    const recoveryCodes = await confirmEnrolment(request, user, request.body.code);
    const token = await opts.startSession(user, reply);
    return { token, user: (await sessionUser(user, app.tenancy.settings))!, recoveryCodes };
  });
};

/** The login's second step for this user, when one is due: a code, or the enrolment the company (or the platform) requires. */
export async function secondFactorGate(app: FastifyInstance, challenges: Challenges, user: User) {
  const gate = user.totpEnabledAt ? 'verify' as const
    : (await twoFactorRequired(app, user.companyId)) ? 'enrol' as const : null;
  return gate ? { twoFactor: gate, challenge: challenges.issue(user, gate) } : null;
}

export default twoFactorRoutes;
