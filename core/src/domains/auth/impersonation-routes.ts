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
 * admin for IMPERSONATION_MINUTES, with an access token that names the super user (`imp`), so every change made is
 * logged with both identities. `POST /auth/impersonate/back`: the super user's own access token again (their refresh
 * cookie was never replaced).
 */
const impersonationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/auth/impersonate/:companyId', {
    preHandler: app.requireSuper,
    schema: { tags: ['auth'], params: Type.Object({ companyId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }), response: { 200: ImpersonationReply } },
  }, async (request) => {
    const superUser = await User.scoped(request.user.companyId).findById(request.user.id);
    if (!superUser) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended');
    const admin = await User.scoped(request.params.companyId).where({ profile: 'admin', super: false }).orderBy('id').first().withGraphFetched('[company.plan, queues]');
    if (!admin) throw notFound('ERR_NO_USER_FOUND', 'This company has no admin to view as');
    const expiresAt = new Date(Date.now() + IMPERSONATION_MINUTES * 60_000);
    const token = app.jwt.sign({ id: admin.id, companyId: admin.companyId, profile: 'admin', super: false, tv: admin.tokenVersion, imp: superUser.id }, { expiresIn: `${IMPERSONATION_MINUTES}m` });
    await recordImpersonation(app.knex, request, { id: admin.id, companyId: admin.companyId }, superUser.id, 'impersonate');
    return {
      token, user: (await sessionUser(admin, app.tenancy.settings))!,
      impersonation: { by: superUser.id, byName: superUser.name, companyName: admin.company!.name, expiresAt: expiresAt.toISOString() },
    };
  });

  app.post('/auth/impersonate/back', {
    schema: { tags: ['auth'], response: { 200: BackReply } },
  }, async (request) => {
    const imp = (request.user as { imp?: number }).imp;
    if (!imp) throw forbidden('ERR_NO_PERMISSION', 'This session is not viewing as another user');
    const superUser = await User.unscoped('the super user behind an impersonation, in their own company').findById(imp).withGraphFetched('[company.plan, queues]');
    if (!superUser?.super) throw new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended: sign in');
    await recordImpersonation(app.knex, request, { id: request.user.id, companyId: request.user.companyId }, imp, 'impersonate_back');
    const token = app.jwt.sign({ id: superUser.id, companyId: superUser.companyId, profile: superUser.profile, super: true, tv: superUser.tokenVersion });
    return { token, user: (await sessionUser(superUser, app.tenancy.settings))! };
  });
};

export default impersonationRoutes;
