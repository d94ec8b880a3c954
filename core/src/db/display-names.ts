/**
 * Each company's display names (connections, queues with their colour, users) as every ticket view shows
 * them, cached per process for a few seconds: the ticket list and every ticket event read them, and they
 * change rarely. A rename through the models empties the company's entry at once (TenantModel's
 * `displayColumns`); another API instance sees it within the TTL. A row created after the entry was
 * loaded is simply missing from it, and the reader loads it (view.ts), so new rows never wait.
 */
export interface DisplayNames {
  /** Connections with their channel kind (`provider`): the ticket list shows the channel's icon. */
  whatsapps: Map<number, { id: number; name: string; provider?: string }>;
  queues: Map<number, { id: number; name: string; color: string }>;
  users: Map<number, { id: number; name: string }>;
}

const TTL_MS = 5000;
/** Past this many companies the cache starts over rather than grow with every company ever seen. */
const MAX_COMPANIES = 5000;

interface Entry { at: number; value?: Promise<DisplayNames>; loaded?: DisplayNames }
const entries = new Map<number, Entry>();

/** The company's names if loaded and fresh, without loading them. */
export function freshDisplayNames(companyId: number): DisplayNames | undefined {
  const hit = entries.get(companyId);
  return hit && Date.now() - hit.at < TTL_MS ? hit.loaded : undefined;
}

export function cachedDisplayNames(companyId: number, load: () => Promise<DisplayNames>): Promise<DisplayNames> {
  const hit = entries.get(companyId);
  if (hit?.value && Date.now() - hit.at < TTL_MS) return hit.value;
  if (entries.size >= MAX_COMPANIES) entries.clear();
  // The promise is cached, so concurrent requests share one load; a failed load is not kept.
  const entry: Entry = { at: Date.now() };
  const value = load().then((names) => { entry.loaded = names; return names; }, (err) => {
    if (entries.get(companyId) === entry) entries.delete(companyId);
    throw err;
  });
  entry.value = value;
  entries.set(companyId, entry);
  return value;
}

/** Drops one company's names (or every company's, for a write not scoped to one). */
export function forgetDisplayNames(companyId: number | 'any') {
  if (companyId === 'any') entries.clear();
  else entries.delete(companyId);
}
