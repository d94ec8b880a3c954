import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RefreshTokenFamily, User } from '../db/models/index.js';
import { dbNow } from '../db/time.js';
import { AppError } from '../http/errors.js';
import { companyRefusal } from './caller.js';
import type { Config } from '../config/index.js';

/**
 * Sessions (docs/security.md, "Sessions"). A session is a family of refresh tokens (refreshTokenFamilies):
 * opening one ends the user's others (sessions are single, core §4); each refresh moves it one generation
 * on; an older generation presented again ends it. Access tokens carry the user's token version (`tv`)
 * and their session (`sid`): every end of a session also moves the version, so its access tokens and
 * sockets stop at once (auth/caller.ts), while the family decides whose refresh may go on.
 */

export const REFRESH_COOKIE = 'jrt';

export interface SessionOptions {
  /** The app's config.jwt, read at each signing (secrets, lifetimes, the refresh reuse grace). */
  jwt: Config['jwt'];
  secureCookies: boolean;
}

/** A refresh token: its session (`sid`, the refresh token family) and generation. */
interface RefreshPayload { id: number; companyId: number; sid?: number; gen?: number }

export interface SessionTokens {
  /**
   * Opens a new session for the user and ends their others: with `announce` (a login) their sockets first
   * hear "logged in elsewhere" (core §4). Writes `patch` with the new token version, sets the refresh
   * cookie and answers the access token.
   */
  open(user: User, reply: FastifyReply, options?: { announce?: boolean; patch?: Partial<User> }): Promise<string>;
  /** Ends every session of the user (refresh tokens, and through the token version access tokens and sockets), writing `patch` too. */
  endAll(user: User, patch?: Partial<User>): Promise<void>;
  /** The refresh cookie's next generation: the user and a new access token, or the reason the session is over. */
  refresh(request: FastifyRequest, reply: FastifyReply): Promise<{ user: User; token: string }>;
  clearCookie(reply: FastifyReply): void;
}

declare module 'fastify' {
  interface FastifyInstance { sessionTokens: SessionTokens }
}

const ended = (message = 'Session ended') => new AppError('ERR_SESSION_EXPIRED', 401, message);

export function createSessionTokens(app: FastifyInstance, { jwt, secureCookies }: SessionOptions): SessionTokens {
  const signAccess = (user: User, sid: number) =>
    app.jwt.sign({ id: user.id, companyId: user.companyId, profile: user.profile, super: user.super, tv: user.tokenVersion, sid }, { expiresIn: jwt.accessTtl });
  const setRefreshCookie = (reply: FastifyReply, user: User, sid: number, gen: number) => reply.setCookie(
    REFRESH_COOKIE,
    app.jwt.sign({ id: user.id, companyId: user.companyId, sid, gen } as never, { key: jwt.refreshSecret, expiresIn: jwt.refreshTtlSeconds }),
    { httpOnly: true, sameSite: 'strict', secure: secureCookies, path: '/api/auth', maxAge: jwt.refreshTtlSeconds },
  );
  const families = (user: User) => RefreshTokenFamily.scoped(user.companyId).where({ userId: user.id });

  /** Ends the user's other sessions: families first, so a refresh in between cannot sign a token of the new version. */
  const endAll = async (user: User, patch: Partial<User> = {}) => {
    await families(user).delete();
    const tokenVersion = user.tokenVersion + 1;
    await user.$query().patch({ ...patch, tokenVersion } as Partial<User>);
    user.tokenVersion = tokenVersion;
  };

  return {
    endAll,
    async open(user, reply, { announce = false, patch = {} } = {}) {
      // Before the version moves, so the other sessions' sockets hear why they are about to be closed.
      if (announce) app.bus.emitToUser(user.companyId, user.id, 'auth', { action: 'update', user: { id: user.id } });
      await endAll(user, patch);
      const family = await RefreshTokenFamily.scoped(user.companyId).insertAndFetch({ userId: user.id, generation: 0 } as Partial<RefreshTokenFamily>);
      setRefreshCookie(reply, user, family.id, family.generation);
      return signAccess(user, family.id);
    },
    async refresh(request, reply) {
      const cookie = request.cookies[REFRESH_COOKIE];
      if (!cookie) throw ended('No refresh token');
      let payload: RefreshPayload;
      try {
        payload = app.jwt.verify<RefreshPayload>(cookie, { key: jwt.refreshSecret });
      } catch {
        throw ended('Refresh token invalid or expired');
      }
      // A refresh token from before sessions were families (no sid) opens nothing: sign in again.
      const { sid, gen } = payload;
      if (!Number.isInteger(sid) || !Number.isInteger(gen)) throw ended();
      const user = await User.scoped(payload.companyId).findById(payload.id).withGraphFetched('[company.plan, queues]');
      if (!user) throw ended();
      // An expired or inactive company's session does not go on (core §5): the login says why and what to do.
      const refusal = companyRefusal(user.company!, user.super);
      if (refusal) throw refusal;
      const rotation = await rotate(user, sid!, gen!, jwt.refreshReuseGraceMs);
      if (rotation === 'reused') {
        // Someone holds a copy of this session's refresh token: the session ends, its access tokens and sockets too.
        request.log.warn({ userId: user.id, sid }, 'a refresh token was used again after its rotation: session ended');
        await user.$query().patch({ tokenVersion: user.tokenVersion + 1 } as Partial<User>);
        reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' });
        throw ended('This session was ended: its refresh token was used twice');
      }
      if (rotation === 'ended') throw ended();
      setRefreshCookie(reply, user, sid!, rotation);
      return { user, token: signAccess(user, sid!) };
    },
    clearCookie(reply) { reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' }); },
  };
}

/**
 * Moves family `sid` from generation `gen` to the next by a conditional UPDATE (two refreshes cannot both
 * move it): the new generation, 'ended' when the family is gone (logout, another login, a new password),
 * or 'reused'. The generation just replaced is still answered within `graceMs` of its rotation, with the
 * current one (two tabs refreshing with the same cookie at once); any other older generation is a replay
 * of a token already used, and ends the family.
 */
async function rotate(user: User, sid: number, gen: number, graceMs: number): Promise<number | 'ended' | 'reused'> {
  const family = () => RefreshTokenFamily.scoped(user.companyId).where({ id: sid, userId: user.id });
  const moved = await family().where({ generation: gen }).patch({ generation: gen + 1, rotatedAt: dbNow() } as Partial<RefreshTokenFamily>);
  if (moved === 1) return gen + 1;
  const current = await family().first();
  if (!current) return 'ended';
  const rotatedAt = current.rotatedAt ? Date.parse(current.rotatedAt) : NaN;
  if (current.generation === gen + 1 && Date.now() - rotatedAt <= graceMs) return current.generation;
  await family().delete();
  return 'reused';
}
