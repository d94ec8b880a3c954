import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Knex } from 'knex';
import { RefreshTokenFamily, User } from '../db/models/index.js';
import { dbNow, toDbTime } from '../db/time.js';
import { AppError } from '../http/errors.js';
import { companyRefusal } from './caller.js';
import { forgetCallers } from '../db/caller-cache.js';
import type { Config } from '../config/index.js';
import { withRetries } from '../db/errors.js';

/**
 * Sessions (docs/security.md, "Sessions"). A session is a family of refresh tokens (refreshTokenFamilies):
 * opening one ends the user's others (sessions are single, core §4) unless their company allows several
 * (`keepOthers`); each refresh moves it one generation on; an older generation presented again ends it.
 * Access tokens carry the user's token version (`tv`) and their session (`sid`): ending every session moves
 * the version, so all their access tokens and sockets stop at once (auth/caller.ts); ending one session
 * (`endOne`) deletes its family, and the caller's live session ids (auth/caller.ts) refuse its tokens and
 * sockets alone, while the family decides whose refresh may go on.
 */

export const REFRESH_COOKIE = 'jrt';
/** The company setting that lets a user keep several sessions (a phone and a desk); off, a login ends the others. */
export const ALLOW_MULTIPLE_SESSIONS = 'allowMultipleSessions';

export interface SessionOptions {
  /** The app's config.jwt, read at each signing (secrets, lifetimes, the refresh reuse grace). */
  jwt: Config['jwt'];
  secureCookies: boolean;
}

/** More work of the same change, in its transaction (its audit entry). */
type InTransaction = (trx: Knex.Transaction) => Promise<void>;

/** A refresh token: its session (`sid`, the refresh token family) and generation. */
interface RefreshPayload { id: number; companyId: number; sid?: number; gen?: number }

export interface SessionTokens {
  /**
   * Opens a new session for the user and ends their others: with `announce` (a login) their sockets first
   * hear "logged in elsewhere" (core §4). Writes `patch` with the new token version, sets the refresh
   * cookie and answers the access token. With `keepOthers` (a company that allows several sessions) the
   * others go on and the version stays.
   */
  open(user: User, reply: FastifyReply, options?: { announce?: boolean; patch?: Partial<User>; keepOthers?: boolean; inTransaction?: InTransaction }): Promise<string>;
  /** Ends one session of the user (its refresh token, its access tokens and sockets); false when it is not theirs. */
  endOne(user: { id: number; companyId: number }, sid: number, inTransaction?: (trx: Knex.Transaction) => Promise<void>): Promise<boolean>;
  /** The user's open sessions, newest first: idle ones and impersonations whose super user's session ended are left out. */
  list(user: { id: number; companyId: number }): Promise<RefreshTokenFamily[]>;
  /**
   * Opens an impersonation (POST /auth/impersonate/:companyId): a session of `viewed` that belongs to the super
   * user's session `superSid` and ends by itself at `expiresAt`. Answers the access token, good until then.
   */
  openImpersonation(viewed: User, superUser: User, superSid: number, request: FastifyRequest, expiresAt: Date, inTransaction?: InTransaction): Promise<string>;
  /** An access token of the user's own session `sid` (coming back from an impersonation: no new session). */
  accessToken(user: User, sid: number): string;
  /**
   * Ends every session of the user (refresh tokens, and through the token version access tokens and sockets), writing
   * `patch` too; `inTransaction` (its audit entry, a used reset code) commits with it or neither does.
   */
  endAll(user: User, patch?: Partial<User>, inTransaction?: InTransaction): Promise<void>;
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
  const families = (user: { id: number; companyId: number }) => RefreshTokenFamily.scoped(user.companyId).where({ userId: user.id });
  /** The user's own sessions: a login, a logout or a new password ends these, never a super user's view of them. */
  const ownFamilies = (user: { id: number; companyId: number }) => families(user).whereNull('impersonatorId');
  const idleSince = () => (jwt.sessionIdleMs > 0 ? toDbTime(Date.now() - jwt.sessionIdleMs) : null);
  const device = (request: FastifyRequest) => ({
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) || null, ip: request.ip?.slice(0, 64) ?? null,
  });

  /**
   * Ends the user's sessions in `trx`: families first, so a refresh in between cannot sign a token of the new
   * version. Answers the new version, for the user once the transaction commits.
   */
  const endAllIn = async (trx: Knex.Transaction, user: User, patch: Partial<User>) => {
    await ownFamilies(user).transacting(trx).delete();
    const tokenVersion = user.tokenVersion + 1;
    await user.$query(trx).patch({ ...patch, tokenVersion } as Partial<User>);
    return tokenVersion;
  };
  // A transaction of its own holds the change and its audit entry: lost to a deadlock, it is run again whole.
  const inOwnTransaction = <T>(work: (trx: Knex.Transaction) => Promise<T>) => withRetries(() => app.knex.transaction(work));

  return {
    async endAll(user, patch = {}, inTransaction) {
      user.tokenVersion = await inOwnTransaction(async (trx) => {
        const tokenVersion = await endAllIn(trx, user, patch);
        if (inTransaction) await inTransaction(trx);
        return tokenVersion;
      });
    },
    async open(user, reply, { announce = false, patch = {}, keepOthers = false, inTransaction } = {}) {
      // Before the version moves, so the other sessions' sockets hear why they are about to be closed.
      if (!keepOthers && announce) app.bus.emitToUser(user.companyId, user.id, 'auth', { action: 'update', user: { id: user.id } });
      const { request } = reply;
      // The others ended, `patch` (a new password) written, the new session opened and `inTransaction` run: all or none.
      const { family, tokenVersion } = await inOwnTransaction(async (trx) => {
        let version = user.tokenVersion;
        if (!keepOthers) version = await endAllIn(trx, user, patch);
        else if (Object.keys(patch).length > 0) await user.$query(trx).patch(patch);
        const opened = await RefreshTokenFamily.scoped(user.companyId).transacting(trx).insertAndFetch({
          userId: user.id, generation: 0, ...device(request), lastUsedAt: dbNow(),
        } as Partial<RefreshTokenFamily>);
        if (inTransaction) await inTransaction(trx);
        return { family: opened, tokenVersion: version };
      });
      user.tokenVersion = tokenVersion;
      // The cached caller's live sessions must hold the new one before its first request (auth/caller.ts).
      await forgetCallers(user.companyId, user.id);
      setRefreshCookie(reply, user, family.id, family.generation);
      return signAccess(user, family.id);
    },
    async endOne(user, sid, inTransaction) {
      // `inTransaction` (its audit entry) commits with the end of the session, or neither does.
      const ended = await app.knex.transaction(async (trx) => {
        const deleted = await families(user).transacting(trx).where({ id: sid }).delete();
        if (deleted && inTransaction) await inTransaction(trx);
        return deleted;
      });
      // Every process forgets the caller and re-checks the user's sockets: this session's are closed (bus/index.ts).
      if (ended) await forgetCallers(user.companyId, user.id);
      return ended > 0;
    },
    list: async (user) => {
      const idle = idleSince();
      const now = dbNow();
      return families(user).where((shown) => shown
        .where((own) => {
          own.whereNull('impersonatorId');
          if (idle) own.where((recent) => recent.where('lastUsedAt', '>=', idle).orWhereNull('lastUsedAt'));
        })
        // A view is listed while it lasts and the super user's session it belongs to does.
        .orWhere((view) => view.whereNotNull('impersonatorId').where('expiresAt', '>', now)
          .whereExists(RefreshTokenFamily.knex()('refreshTokenFamilies as behind')
            .whereRaw('?? = ??', ['behind.id', 'refreshTokenFamilies.impersonatorSessionId'])
            .whereRaw('?? = ??', ['behind.userId', 'refreshTokenFamilies.impersonatorId']))))
        .orderBy('lastUsedAt', 'desc').orderBy('id', 'desc');
    },
    async openImpersonation(viewed, superUser, superSid, request, expiresAt, inTransaction) {
      const family = await inOwnTransaction(async (trx) => {
        const opened = await RefreshTokenFamily.scoped(viewed.companyId).transacting(trx).insertAndFetch({
          userId: viewed.id, generation: 0, ...device(request), lastUsedAt: dbNow(),
          impersonatorId: superUser.id, impersonatorSessionId: superSid, expiresAt: toDbTime(expiresAt),
        } as Partial<RefreshTokenFamily>);
        if (inTransaction) await inTransaction(trx);
        return opened;
      });
      // The viewed user's cached caller must hold the new session before its first request (auth/caller.ts).
      await forgetCallers(viewed.companyId, viewed.id);
      const seconds = Math.max(1, Math.round((expiresAt.getTime() - Date.now()) / 1000));
      return app.jwt.sign({
        id: viewed.id, companyId: viewed.companyId, profile: viewed.profile, super: false, tv: viewed.tokenVersion, sid: family.id,
        imp: superUser.id, impCompanyId: superUser.companyId, impSid: superSid, impTv: superUser.tokenVersion,
      }, { expiresIn: seconds });
    },
    accessToken: (user, sid) => signAccess(user, sid),
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
      const rotation = await rotate(user, sid!, gen!, jwt.refreshReuseGraceMs, idleSince());
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
async function rotate(user: User, sid: number, gen: number, graceMs: number, idleSince: string | null): Promise<number | 'ended' | 'reused'> {
  // An impersonation has no refresh token; a session unused past the idle limit is over (its browser was closed).
  const family = () => RefreshTokenFamily.scoped(user.companyId).where({ id: sid, userId: user.id }).whereNull('impersonatorId');
  if (idleSince && (await family().where('lastUsedAt', '<', idleSince).delete()) > 0) return 'ended';
  const moved = await family().where({ generation: gen }).patch({ generation: gen + 1, rotatedAt: dbNow(), lastUsedAt: dbNow() } as Partial<RefreshTokenFamily>);
  if (moved === 1) return gen + 1;
  const current = await family().first();
  if (!current) return 'ended';
  const rotatedAt = current.rotatedAt ? Date.parse(current.rotatedAt) : NaN;
  if (current.generation === gen + 1 && Date.now() - rotatedAt <= graceMs) return current.generation;
  await family().delete();
  return 'reused';
}
