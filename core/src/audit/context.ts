import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the current staff change: set for the length of an authenticated write request (audit/install.ts),
 * absent everywhere else (the inbound message path, jobs, reads), where the audit adds no work at all.
 */
export interface AuditActor {
  userId: number | null;
  /** The actor's own company (a change's entry goes to the company whose row changed). */
  companyId: number;
  /** The super user behind an impersonation, when there is one. */
  impersonatorId: number | null;
  ip: string | null;
  /** `METHOD /api/url` of the route (its pattern, not the filled path). */
  route: string | null;
  /** How many entries this request wrote (the completeness test and the fallback read it). */
  written: number;
}

const storage = new AsyncLocalStorage<AuditActor>();

export const currentActor = (): AuditActor | undefined => storage.getStore();

/** Runs `fn` with `actor` as the author of every change made inside it. */
export const runAs = <T>(actor: AuditActor, fn: () => T): T => storage.run(actor, fn);
