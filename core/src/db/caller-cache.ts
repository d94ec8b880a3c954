/**
 * Every authenticated request's caller as stored now (auth/caller.ts: exists, profile, super flag, queues,
 * token version, the company's status and due date; the ticket routes' `Actor` is part of it), cached per
 * process for a moment: without it every request would read the user, the company and the queues again.
 *
 * A change that can alter a caller forgets them at once: an update of a user's caller columns, a user's,
 * queue's or company's deletion, a company's status or due date (model hooks), new queues for a user
 * (users/service.ts), a payment (billing/payment.ts). The bus repeats the forget to the other API
 * processes and waits for them to confirm, so the very next request anywhere reads the new state; it also
 * re-checks the sockets of whoever was forgotten (bus/index.ts). A change made around those paths (raw
 * SQL) is seen within TTL_MS.
 */
const TTL_MS = 5000;
/** Past this many cached callers the cache starts over rather than grow with every user ever seen. */
const MAX_ENTRIES = 20_000;

interface Entry { at: number; value: Promise<unknown> }
const byCompany = new Map<number, Map<number, Entry>>();
let size = 0;

/** What was forgotten: one user of a company, a whole company, or every company ('any'). */
export interface CallersForgotten { companyId: number | 'any'; userId?: number }
type Listener = (change: CallersForgotten) => void | Promise<void>;
const listeners = new Set<Listener>();

/** The database the cached callers were read from: a process that builds one app after another (the tests) starts over with each. */
let source: object | undefined;

export function cachedCaller<T>(database: object, companyId: number, userId: number, load: () => Promise<T>): Promise<T> {
  if (database !== source) { forgetLocally({ companyId: 'any' }); source = database; }
  let users = byCompany.get(companyId);
  const hit = users?.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (size >= MAX_ENTRIES) { byCompany.clear(); size = 0; users = undefined; }
  if (!users) byCompany.set(companyId, users = new Map());
  // The promise is cached so concurrent requests share one load; a failed load is not kept.
  const entry: Entry = { at: Date.now(), value: load() };
  entry.value.catch(() => { if (byCompany.get(companyId)?.get(userId) === entry) forgetLocally({ companyId, userId }); });
  if (!hit) size += 1;
  users.set(userId, entry);
  return entry.value as Promise<T>;
}

function forgetLocally({ companyId, userId }: CallersForgotten) {
  if (companyId === 'any') { byCompany.clear(); size = 0; return; }
  const users = byCompany.get(companyId);
  if (!users) return;
  if (userId === undefined) { size -= users.size; byCompany.delete(companyId); return; }
  if (users.delete(userId)) size -= 1;
}

/**
 * Forgets a user's cached caller (a company's, or every company's, for a change not about one user), here
 * and, through the listeners, in the other processes. Resolves once they confirmed (or could not be reached).
 */
export async function forgetCallers(companyId: number | 'any', userId?: number): Promise<void> {
  const change: CallersForgotten = { companyId, ...(userId !== undefined ? { userId } : {}) };
  forgetLocally(change);
  await Promise.allSettled([...listeners].map((listener) => listener(change)));
}

/**
 * forgetCallers for a change made in `trx` (a model hook's `args.transaction`): at once, and again once the
 * transaction has committed, since a listener that re-reads the user on another connection (the sockets' rooms,
 * another process) sees the change only then. Staff writes run in a transaction of their own (the audit log).
 */
export async function forgetCallersOnCommit(trx: unknown, companyId: number | 'any', userId?: number): Promise<void> {
  await forgetCallers(companyId, userId);
  const pending = (trx as { isTransaction?: boolean; executionPromise?: Promise<unknown> } | undefined);
  if (pending?.isTransaction && pending.executionPromise) void pending.executionPromise.then(() => forgetCallers(companyId, userId), () => undefined);
}

/** A change announced by another process: forgotten here, not announced again. */
export const forgetCallersFromPeer = forgetLocally;

/** Called on every local forgetCallers (the bus passes it on to the other processes). Returns the unsubscribe. */
export function onCallersForgotten(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
