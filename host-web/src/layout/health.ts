/**
 * What the console's health banner reads from `GET /api/health` (public, answers 503 with the same body when the
 * server cannot take inbound). The banner polls: every HEALTH_POLL_MS while all is well, every HEALTH_POLL_DEGRADED_MS
 * while something is degraded (so it goes soon after the recovery). Polling rather than a socket event: the socket
 * itself rides on Redis between processes, one of the dependencies it reports.
 */
export const HEALTH_POLL_MS = 30_000;
export const HEALTH_POLL_DEGRADED_MS = 10_000;

export const DEPENDENCIES = ['database', 'redis', 'disk', 'jobs'] as const;
export type Dependency = typeof DEPENDENCIES[number];

/** The degraded dependencies of a health answer, in a fixed order; null when the answer is not a health report. */
export function degradedOf(report: unknown): Dependency[] | null {
  if (!report || typeof report !== 'object' || typeof (report as { ok?: unknown }).ok !== 'boolean') return null;
  return DEPENDENCIES.filter((name) => (report as Record<string, unknown>)[name] === 'degraded');
}

/** One look at the server's health: the degraded dependencies, or null when it could not be read (keep what was shown). */
export async function readHealth(fetcher: typeof fetch = fetch): Promise<Dependency[] | null> {
  try {
    const res = await fetcher('/api/health', { cache: 'no-store' });
    return degradedOf(await res.json());
  } catch {
    return null;
  }
}
