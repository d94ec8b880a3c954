import type { Knex } from 'knex';
import type { FastifyRequest } from 'fastify';
import { routeKey } from './install.js';
import { writeAudit } from './record.js';
import { currentActor } from './context.js';

/**
 * Sign-ins, which no staff request's actor covers (the login route is public): a session opened, or a password
 * refused for a known user. An unknown e-mail names no company and is left to the address limits.
 */
export async function recordSignIn(knex: Knex, request: FastifyRequest, user: { id: number; companyId: number }, action: 'login' | 'login_failed', impersonatorId: number | null = null) {
  await writeAudit(knex, [{ companyId: user.companyId, action, entity: 'users', entityId: user.id }], {
    userId: user.id, companyId: user.companyId, impersonatorId, ip: request.ip ?? null, route: routeKey(request), written: 0,
  });
}

/** A super user starting or ending a view as a company's admin: logged in that company, with both identities. */
export async function recordImpersonation(knex: Knex | Knex.Transaction, request: FastifyRequest, admin: { id: number; companyId: number }, superUserId: number, action: 'impersonate' | 'impersonate_back') {
  await writeAudit(knex, [{ companyId: admin.companyId, action, entity: 'users', entityId: admin.id }], {
    userId: admin.id, companyId: admin.companyId, impersonatorId: superUserId, ip: request.ip ?? null, route: routeKey(request), written: 0,
  });
}

/** Sign-in and session events logged by name rather than as a generic update of the user row. */
export type AuthAction = '2fa_enable' | '2fa_disable' | '2fa_reset' | '2fa_recovery_used' | 'password_change' | 'session_end' | 'logout';

/**
 * A named auth event about `user`, through `db` (the change's transaction when there is one): written by the
 * staff request's actor (an admin resetting a user's 2FA) or, on the public sign-in steps, by the user themself.
 */
export async function recordAuthEvent(db: Knex | Knex.Transaction, request: FastifyRequest, user: { id: number; companyId: number }, action: AuthAction, entity = 'users', entityId: number = user.id) {
  const actor = currentActor() ?? { userId: user.id, companyId: user.companyId, impersonatorId: null, ip: request.ip ?? null, route: routeKey(request), written: 0 };
  await writeAudit(db, [{ companyId: user.companyId, action, entity, entityId }], actor);
}
