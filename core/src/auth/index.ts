import fp from 'fastify-plugin';
import jwt from '@fastify/jwt';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../http/errors.js';
import { checkToken } from './caller.js';
import { createSessionTokens, type SessionOptions } from './sessions.js';

export { REFRESH_COOKIE } from './sessions.js';

export interface AuthUser {
  /** Who and where; after `authenticate`, profile and super are the stored ones (auth/caller.ts), not the token's copy. */
  id: number; companyId: number; profile: 'admin' | 'user'; super: boolean;
  /** The user's token version when the token was signed: a token of an older version is dead. */
  tv?: number;
  /** The session (refresh token family, auth/sessions.ts) the access token belongs to. */
  sid?: number;
  /**
   * The super user viewing the company as this user (POST /auth/impersonate/:companyId): their id, company, own
   * session and token version; `sid` is then the impersonation's session, listed among this user's.
   */
  imp?: number;
  impCompanyId?: number;
  impSid?: number;
  impTv?: number;
  /** 'billing': the renewal token an expired company's admin gets at login, good only on billing routes. */
  scope?: 'billing';
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: AuthUser;
    user: AuthUser;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook: a valid access token of a user that still exists, of the current token version, in an
     * active company within its due date (auth/caller.ts), or 401/403 (the console refreshes once on 403).
     */
    authenticate(request: FastifyRequest): Promise<void>;
    requireAdmin(request: FastifyRequest): Promise<void>;
    requireSuper(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    /** Routes are authenticated by default; a public route says so. */
    public?: boolean;
    /** A route an expired company may still call with its renewal token (invoices, checkout). */
    billing?: boolean;
  }
}

export const authPlugin = fp(async (app: FastifyInstance, opts: { secret: string; accessTtl: string; sessions: SessionOptions }) => {
  await app.register(cookie);
  await app.register(jwt, { secret: opts.secret, sign: { expiresIn: opts.accessTtl } });
  app.decorate('sessionTokens', createSessionTokens(app, opts.sessions));

  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw new AppError('ERR_SESSION_EXPIRED', 401, 'No session: sign in');
    try {
      await request.jwtVerify();
    } catch {
      // 403 tells the console to refresh the access token once and retry.
      throw new AppError('ERR_SESSION_EXPIRED', 403, 'Session expired: refresh the token');
    }
    const token = request.user;
    const { caller, refusal } = await checkToken(token);
    if (refusal) throw refusal;
    // What the routes check (requireAdmin, the users routes, plugins) is the user as stored now.
    request.user = { ...token, profile: caller!.profile, super: caller!.super };
    if (request.user.scope === 'billing' && !request.routeOptions.config?.billing) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', 401, 'The subscription has expired: only its invoices can be paid');
    }
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    if (request.user?.profile !== 'admin' && !request.user?.super) throw forbidden('ERR_NO_PERMISSION', 'Only an admin may do this');
  });
  app.decorate('requireSuper', async (request: FastifyRequest) => {
    if (!request.user?.super) throw forbidden('ERR_NO_PERMISSION', 'Only the super user may do this');
  });
}, { name: 'auth' });
