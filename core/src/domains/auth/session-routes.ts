import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { RefreshTokenFamily, User } from '../../db/models/index.js';
import { forbidden, notFound } from '../../http/errors.js';
import { assertMayActOn } from '../../auth/acting-on.js';
import { OkReply } from '../../http/schemas.js';
import { deviceOf } from '../../auth/device.js';
import { recordAuthEvent } from '../../audit/auth-events.js';

const Id = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
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
  expiresAt: Type.Union([Type.String(), Type.Null()]),
});

type Owner = { id: number; companyId: number };

/**
 * Sessions a person can see and end (issue 34): their own (GET/DELETE /auth/sessions), or, for an admin, those of
 * a user of their company (GET/DELETE /users/:id/sessions; the super user's of any company). Ending one closes its
 * sockets at once and its refresh token stops working (auth/sessions.ts, endOne).
 */
const sessionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const shown = async (request: FastifyRequest, owner: Owner, families: RefreshTokenFamily[]) => {
    const impersonatorIds = [...new Set(families.map((f) => f.impersonatorId).filter((id): id is number => typeof id === 'number'))];
    const names = new Map(impersonatorIds.length === 0 ? [] : (await User.unscoped('the super users behind the listed impersonations')
      .findByIds(impersonatorIds).select('id', 'name')).map((u) => [u.id, u.name] as const));
    return families.map((family) => ({
      id: family.id, ...deviceOf(family.userAgent), userAgent: family.userAgent ?? null, ip: family.ip ?? null,
      createdAt: family.createdAt ?? null, lastUsedAt: family.lastUsedAt ?? family.createdAt ?? null,
      current: owner.id === request.user.id && owner.companyId === request.user.companyId && family.id === request.user.sid,
      impersonatedBy: typeof family.impersonatorId === 'number' ? { id: family.impersonatorId, name: names.get(family.impersonatorId) ?? '' } : null,
      expiresAt: family.expiresAt ?? null,
    }));
  };

  /**
   * The user an admin names: of the admin's own company, never a super user; the super user names any company's
   * user (their sessions are the platform's to end).
   */
  const managedUser = async (request: FastifyRequest, id: number): Promise<Owner> => {
    const user = request.user.super
      ? await User.unscoped('the super user manages the sessions of any company\'s user').findById(id).select('id', 'companyId', 'super')
      : await User.scoped(request.user.companyId).findById(id).select('id', 'companyId', 'super');
    if (!user) throw notFound('ERR_NO_USER_FOUND', 'User not found');
    assertMayActOn(request.user, user);
    return { id: user.id, companyId: user.companyId };
  };

  const end = async (request: FastifyRequest, owner: Owner, sid: number) => {
    // A super user's view of this account is theirs to end ("back", their own sessions), not the account's.
    const family = await RefreshTokenFamily.scoped(owner.companyId).where({ id: sid, userId: owner.id }).select('impersonatorId').first();
    if (typeof family?.impersonatorId === 'number' && !request.user.super) {
      throw forbidden('ERR_NO_PERMISSION', 'Only a super user may end a super user\'s view of this account');
    }
    const ended = await app.sessionTokens.endOne(owner, sid, (trx) => recordAuthEvent(trx, request, owner, 'session_end', 'sessions', sid));
    if (!ended) throw notFound('ERR_SESSION_NOT_FOUND', 'No such session');
    return { message: 'session ended' };
  };

  const me = (request: FastifyRequest): Owner => ({ id: request.user.id, companyId: request.user.companyId });

  app.get('/auth/sessions', { schema: { tags: ['auth'], response: { 200: Type.Array(SessionReply) } } }, async (request) =>
    shown(request, me(request), await app.sessionTokens.list(me(request))));

  app.delete('/auth/sessions/:sessionId', {
    schema: { tags: ['auth'], params: Type.Object({ sessionId: Id }), response: { 200: OkReply } },
  }, async (request) => end(request, me(request), request.params.sessionId));

  app.get('/users/:id/sessions', {
    preHandler: app.requireAdmin,
    schema: { tags: ['users'], params: Type.Object({ id: Id }), response: { 200: Type.Array(SessionReply) } },
  }, async (request) => {
    const owner = await managedUser(request, request.params.id);
    return shown(request, owner, await app.sessionTokens.list(owner));
  });

  app.delete('/users/:id/sessions/:sessionId', {
    preHandler: app.requireAdmin,
    schema: { tags: ['users'], params: Type.Object({ id: Id, sessionId: Id }), response: { 200: OkReply } },
  }, async (request) => end(request, await managedUser(request, request.params.id), request.params.sessionId));
};

export default sessionRoutes;
