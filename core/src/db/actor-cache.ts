/**
 * The callers of the ticket routes (their profile, queues and connection: tickets/access.ts `Actor`),
 * cached per process for a moment: every ticket request loads its caller, two reads of the list's six
 * (two round trips on MariaDB). A change that can alter what a user sees forgets the company's callers at
 * once: an update of a user's actor columns, a user's or a queue's deletion (model hooks), new queues for
 * a user (users/service.ts); the bus repeats it to the other API processes. A change made around those
 * paths (raw SQL) is seen within TTL_MS.
 */
const TTL_MS = 5000;
/** Past this many cached callers the cache starts over rather than grow with every user ever seen. */
const MAX_ENTRIES = 20_000;

interface Entry { at: number; value: Promise<unknown> }
const byCompany = new Map<number, Map<number, Entry>>();
let size = 0;
const listeners = new Set<(companyId: number | 'any') => void>();

/** The database the cached callers were read from: a process that builds one app after another (the tests) starts over with each. */
let source: object | undefined;

export function cachedActor<T>(database: object, companyId: number, userId: number, load: () => Promise<T>): Promise<T> {
  if (database !== source) { forgetLocally('any'); source = database; }
  let users = byCompany.get(companyId);
  const hit = users?.get(userId);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value as Promise<T>;
  if (size >= MAX_ENTRIES) { byCompany.clear(); size = 0; users = undefined; }
  if (!users) byCompany.set(companyId, users = new Map());
  // The promise is cached so concurrent requests share one load; a failed load (a deleted user's 404) is not kept.
  const entry: Entry = { at: Date.now(), value: load() };
  entry.value.catch(() => { if (byCompany.get(companyId)?.get(userId) === entry) forgetLocally(companyId); });
  if (!hit) size += 1;
  users.set(userId, entry);
  return entry.value as Promise<T>;
}

function forgetLocally(companyId: number | 'any') {
  if (companyId === 'any') { byCompany.clear(); size = 0; return; }
  size -= byCompany.get(companyId)?.size ?? 0;
  byCompany.delete(companyId);
}

/** Forgets one company's cached callers (every company's for a change not scoped to one), here and, through the listeners, in the other processes. */
export function forgetActors(companyId: number | 'any') {
  forgetLocally(companyId);
  for (const listener of listeners) listener(companyId);
}

/** A change announced by another process: forgotten here, not announced again. */
export const forgetActorsFromPeer = forgetLocally;

/** Called on every local forgetActors (the bus passes it on to the other processes). Returns the unsubscribe. */
export function onActorsForgotten(listener: (companyId: number | 'any') => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
