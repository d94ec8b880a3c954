import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { User } from '../../db/models/index.js';
import { AppError, forbidden, notFound } from '../../http/errors.js';
import { recordImpersonation } from '../../audit/auth-events.js';
import { sessionUser, SessionUserReply } from './serialize.js';

/** How long a super user may view a company as its admin: the access token's life, no refresh. */
export const IMPERSONATION_MINUTES = 30;

const ImpersonationReply = Type.Object({
  token: Type.String(), user: SessionUserReply,
  impersonation: Type.Object({ by: Type.Integer(), byName: Type.String(), companyName: Type.String(), expiresAt: Type.String() }),
});
const BackReply = Type.Object({ token: Type.String(), user: SessionUserReply });

/**
 * The routes a session opened by impersonation may not call (issue 34): the admin's own password and second factor
 * stay theirs. Checked on every request of such a session (installImpersonationLimits).
 */
const ACCOUNT_ROUTES = new Set(['POST /api/auth/2fa/setup', 'POST /api/auth/2fa/enable', 'POST /api/auth/2fa/disable', 'DELETE /api/users/:id/2fa']);

export function refusesWhileImpersonating(request: FastifyRequest): boolean {
  const key = `${request.method} ${request.routeOptions.url ?? ''}`;
  if (ACCOUNT_ROUTES.has(key)) return true;
  const body = request.body as { password?: unknown } | undefined;
  return key === 'PUT /api/users/:id' && typeof body?.password === 'string' && body.password !== '';
}

/** Every API route (the /api scope's hook): an impersonating session is refused the admin's own account routes. */
export function installImpersonationLimits(api: FastifyInstance) {
  api.addHook('preHandler', async (request) => {
    if (request.user?.imp && refusesWhileImpersonating(request)) {
      throw forbidden('ERR_IMPERSONATION_FORBIDDEN', 'Not while viewing as another user: passwords and two-factor sign-in stay their own');
    }
  });
}

/**
 * `POST /auth/impersonate/:companyId` (the family's form): the super user opens that company's console as its first
 * admin for IMPERSONATION_MINUTES. The view is a session of the admin's (listed among their sessions, marked, and
 * endable by a super user only) that belongs to the super user's own session: their logout, the end of that session,
 * a login elsewhere, their deletion or demotion end it, as does "back" and its own time limit (auth/caller.ts). Its
 * token names the super user (`imp`), so every change made is logged with both identities.
 * `POST /auth/impersonate/back`: ends the view and answers an access token of the super user's own session (their
 * refresh cookie was never replaced); no session, no token.
 */
const impersonationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/auth/impersonate/:companyId', {
    preHandler: app.requireSuper,
    schema: { tags: ['auth'], params: Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }), response: { 200: ImpersonationReply } },
  }, async (request) => {
    const { sid } = request.user;
    // Only from a session of the super user's own, which the view then belongs to.
    if (request.user.imp || typeof sid !== 'number') throw forbidden('ERR_NO_PERMISSION', 'Only from the super user\'s own session');
    const superUser = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!superUser) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended');
    const admin = await User.scoped(request.params.companyId).where({ profile: 'admin', super: false }).orderBy('id').first().withGraphFetched('[company.plan, queues]');
    if (!admin) throw notFound('ERR_NO_USER_FOUND', 'This company has no admin to view as');
    const expiresAt = new Date(Date.now() + IMPERSONATION_MINUTES * 60_000);
    const token = await app.sessionTokens.openImpersonation(admin, superUser, sid, request, expiresAt,
      (trx) => recordImpersonation(trx, request, { id: admin.id, companyId: admin.companyId }, superUser.id, 'impersonate'));
    return {
      token, user: (await sessionUser(admin, app.tenancy.settings))!,
      impersonation: { by: superUser.id, byName: superUser.name, companyName: admin.company!.name, expiresAt: expiresAt.toISOString() },
    };
  });

  app.post('/auth/impersonate/back', {
    schema: { tags: ['auth'], response: { 200: BackReply } },
  }, async (request) => {
    const { imp, impCompanyId, impSid, sid } = request.user;
    // authenticate has checked the view and the super user's session behind it (auth/caller.ts, checkToken).
    if (!imp || !impCompanyId || !impSid || !sid) throw forbidden('ERR_NO_PERMISSION', 'This session is not viewing as another user');
    const superUser = await User.scoped(impCompanyId).findById(imp).withGraphFetched('[company.plan, queues]');
    if (!superUser?.super) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended: sign in');
    const viewed = { id: request.user.id, companyId: request.user.companyId };
    const ended = await app.sessionTokens.endOne(viewed, sid, (trx) => recordImpersonation(trx, request, viewed, imp, 'impersonate_back'));
    if (!ended) throw new AppError('ERR_SESSION_EXPIRED', 403, 'The view as another user has ended: refresh the token');
    return { token: app.sessionTokens.accessToken(superUser, impSid), user: (await sessionUser(superUser, app.tenancy.settings))! };
  });
};

export default impersonationRoutes;
