import type { FastifyInstance, FastifyRequest } from 'fastify';
import { runAs, type AuditActor } from './context.js';
import { isExempt } from './exempt.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const routeKey = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url ?? request.url}`;

/** The actor of a request: the signed-in user, and the super user behind an impersonation (the token's `imp`). */
export function actorOf(request: FastifyRequest): AuditActor | undefined {
  const user = request.user as { id?: number; companyId?: number; imp?: number } | undefined;
  if (!user?.companyId) return undefined;
  return {
    userId: user.id ?? null, companyId: user.companyId, impersonatorId: typeof user.imp === 'number' ? user.imp : null,
    ip: request.ip ?? null, route: routeKey(request), written: 0,
  };
}

/**
 * Makes every authenticated write route (but the exempt ones, audit/exempt.ts) an audited one: the handler runs
 * with its caller as the actor, so each change its models make is logged in the change's transaction
 * (audit/model-hooks.ts) and a plugin's writes through sdk.db likewise (sdk/db.ts). preValidation: after the body
 * is parsed (a stream's callbacks would lose the context) and after authentication (onRequest).
 */
export function installAudit(api: FastifyInstance) {
  api.addHook('preValidation', (request, _reply, done) => {
    if (!WRITES.has(request.method) || request.routeOptions.config?.public || isExempt(routeKey(request))) return done();
    const actor = actorOf(request);
    if (!actor) return done();
    runAs(actor, done);
  });
}
