import { cachedCaller } from '../db/caller-cache.js';
import { User } from '../db/models/index.js';
import { AppError } from '../http/errors.js';
import { daysUntil } from '../util/dates.js';

/**
 * The user behind a token as stored now: what every request is checked against (auth/index.ts), what the
 * ticket routes decide visibility with (`Actor` in domains/tickets/access.ts is its subset) and what the
 * bus places a user's sockets by. The token's own copy of the profile is never trusted.
 */
export interface Caller {
  id: number;
  companyId: number;
  name: string;
  profile: 'admin' | 'user';
  super: boolean;
  /** profile admin or super: sees every ticket of the company. */
  isAdmin: boolean;
  allTicket: boolean;
  queueIds: number[];
  whatsappId: number | null;
  /** Bumped by logout, a login (sessions are single), a password change and a reused refresh token: older tokens are dead. */
  tokenVersion: number;
  /** The user's open sessions (refresh token families): an access token or socket of another session is refused. */
  sessionIds: number[];
  /** The company's `status` (active) and due date, as on its row. */
  company: { status: boolean; dueDate: string | null };
}

/** The caller as stored now, or undefined when the user is gone. */
export async function readCaller(companyId: number, userId: number): Promise<Caller | undefined> {
  // Two small reads side by side: a graph fetch of the queues cost more CPU than both (every ticket request loads the caller).
  const [[row], queues, sessions] = await Promise.all([
    User.plainRows<Record<string, unknown>>(User.scoped(companyId)
      .join('companies', 'companies.id', 'users.companyId')
      .where('users.id', userId)
      // tokenVersion under another name: the model's row reader drops its hidden columns.
      .select('users.id', 'users.companyId', 'users.name', 'users.profile', 'users.super', 'users.allTicket', 'users.whatsappId',
        'users.tokenVersion as sessionVersion', 'companies.status as companyStatus', 'companies.dueDate as companyDueDate')),
    User.knex()('userQueues').where({ companyId, userId }).select('queueId') as Promise<Array<{ queueId: number }>>,
    User.knex()('refreshTokenFamilies').where({ companyId, userId }).select('id') as Promise<Array<{ id: number }>>,
  ]);
  if (!row) return undefined;
  const isSuper = Boolean(row.super);
  return {
    id: Number(row.id), companyId: Number(row.companyId), name: String(row.name),
    profile: row.profile === 'admin' ? 'admin' : 'user', super: isSuper,
    isAdmin: row.profile === 'admin' || isSuper,
    allTicket: row.allTicket === 'enabled',
    queueIds: queues.map((q) => Number(q.queueId)),
    whatsappId: row.whatsappId === null || row.whatsappId === undefined ? null : Number(row.whatsappId),
    tokenVersion: Number(row.sessionVersion),
    sessionIds: sessions.map((s) => Number(s.id)),
    company: { status: Boolean(Number(row.companyStatus)), dueDate: (row.companyDueDate as string | null) ?? null },
  };
}

/** The caller, cached per process until a change forgets it (db/caller-cache.ts). */
export function loadCaller(companyId: number, userId: number): Promise<Caller | undefined> {
  return cachedCaller(User.knex(), companyId, userId, () => readCaller(companyId, userId));
}

export type CompanyAccess = { status: boolean; dueDate?: string | null };

/**
 * Why the company's users may not work now, or undefined: an inactive company, or one past its due date
 * (core §5). The super user's company is never blocked; `renewal` (an expired company's billing token) skips
 * the due date, the one thing it exists to fix.
 */
export function companyRefusal(company: CompanyAccess, isSuper: boolean, renewal = false): AppError | undefined {
  if (isSuper) return undefined;
  if (!company.status) return new AppError('ERR_COMPANY_INACTIVE', 401, 'This company is inactive. Contact support.');
  const { dueDate } = company;
  if (!renewal && dueDate && daysUntil(dueDate) < 0) {
    return new AppError('ERR_SUBSCRIPTION_EXPIRED', 401, `Your subscription expired on ${dueDate}. Contact support to renew it.`, { dueDate });
  }
  return undefined;
}

/** What a token says about its session: its user, version and session, and for an impersonation the super user's. */
export interface SessionClaims {
  id: number; companyId: number; tv?: unknown; sid?: unknown; scope?: string;
  /** An impersonation: the super user behind it, their company, their own session and its token version. */
  imp?: unknown; impCompanyId?: unknown; impSid?: unknown; impTv?: unknown;
}

/**
 * Whether a token (its user, company and token version) still opens a session, checked against the stored
 * caller: undefined when it does, else the refusal. A deleted user is 401; a token of an older version is
 * 403, so the console asks for a new one once and the refresh decides (a password change keeps the session
 * that made it, a login elsewhere does not).
 */
export function sessionRefusal(caller: Caller | undefined, token: SessionClaims): AppError | undefined {
  if (!caller) return new AppError('ERR_SESSION_EXPIRED', 401, 'Session ended: sign in');
  // An impersonation belongs to the super user's session, not the viewed user's: their logins and version leave it be.
  if (typeof token.imp !== 'number' && token.tv !== caller.tokenVersion) return new AppError('ERR_SESSION_EXPIRED', 403, 'Session replaced: refresh the token');
  // A token of a session ended on its own (GET /auth/sessions, "back" from an impersonation): its refresh then
  // fails too. Only the renewal token has no session; it is bounded by its own lifetime and the token version.
  if (typeof token.sid === 'number' ? !caller.sessionIds.includes(token.sid) : token.scope !== 'billing') {
    return new AppError('ERR_SESSION_EXPIRED', 403, 'Session ended: refresh the token');
  }
  return companyRefusal(caller.company, caller.super, token.scope === 'billing');
}

/**
 * An impersonation lives only while the super user behind it does, as they are now: still a super user, of the
 * token version and with the very session the view was opened from (their logout, a login elsewhere, the end of
 * that session, a new password, their deletion or demotion end it).
 */
export function impersonatorRefusal(impersonator: Caller | undefined, token: SessionClaims): AppError | undefined {
  const alive = impersonator?.super && impersonator.tokenVersion === token.impTv
    && typeof token.impSid === 'number' && impersonator.sessionIds.includes(token.impSid);
  return alive ? undefined : new AppError('ERR_SESSION_EXPIRED', 403, 'The view as another user has ended: refresh the token');
}

/** The caller behind a token and whether its session still stands: every request and socket is checked by this. */
export async function checkToken(token: SessionClaims): Promise<{ caller?: Caller; refusal?: AppError }> {
  const caller = await loadCaller(token.companyId, token.id);
  const refusal = sessionRefusal(caller, token);
  if (refusal || typeof token.imp !== 'number') return { caller, refusal };
  const impersonator = typeof token.impCompanyId === 'number' ? await loadCaller(token.impCompanyId, token.imp) : undefined;
  return { caller, refusal: impersonatorRefusal(impersonator, token) };
}
