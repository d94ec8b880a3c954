/**
 * Per-company caches kept in each process and forgotten in every process (`sdk.cache`): what a hot path
 * needs to decide without a statement (a company's phrase campaigns, whether a ticket has a flow run) and
 * what changes rarely enough that a change can afford to tell every process.
 *
 * `forget` drops the entry here at once and, through the listeners (the bus, with Redis), in the other API
 * processes, and resolves once they confirmed (or could not be reached in time). A load in flight when its
 * entry is forgotten is not kept: the next `get` loads again, so a value read before a change never
 * outlives the change's `forget`. The TTL bounds what a forget that did not reach a process can cost.
 */

/** A value of one company, or one of its keys (a ticket id, a connection id). */
export type CacheKey = string | number;

export interface CacheOptions<V, K extends CacheKey> {
  /** Reads the value when the cache has none; called once for concurrent gets. */
  load(companyId: number, key: K): Promise<V>;
  /** How long a value is trusted without a forget (default 60 s). */
  ttlMs?: number;
  /** Past this many entries (all companies) the cache starts over (default 50 000). */
  maxEntries?: number;
}

export interface CompanyCache<V, K extends CacheKey = ''> {
  /** The value (loaded when missing or expired). */
  get(companyId: number, key?: K): Promise<V>;
  /** Forgets one key of the company, or the whole company, in every process; resolves when they confirmed. */
  forget(companyId: number, key?: K): Promise<void>;
}

/** `sdk.cache`: one mechanism for every plugin's per-company caches. */
export interface CacheApi {
  /** A cache named once per plugin (the core prefixes the plugin's id); defining a name twice throws. */
  define<V, K extends CacheKey = ''>(name: string, options: CacheOptions<V, K>): CompanyCache<V, K>;
}

/** What a forget says to the other processes: the cache, the company, maybe one key. */
export interface CacheForgotten { cache: string; companyId: number; key?: CacheKey }
type Listener = (change: CacheForgotten) => Promise<void>;

interface Entry { at: number; value: Promise<unknown> }

const DEFAULT_TTL_MS = 60_000;
const DEFAULT_MAX_ENTRIES = 50_000;

class LocalCache<V, K extends CacheKey> {
  private companies = new Map<number, Map<CacheKey, Entry>>();
  private size = 0;

  constructor(private readonly options: CacheOptions<V, K>) {}

  get(companyId: number, key: K): Promise<V> {
    let keys = this.companies.get(companyId);
    const hit = keys?.get(key);
    if (hit && Date.now() - hit.at < (this.options.ttlMs ?? DEFAULT_TTL_MS)) return hit.value as Promise<V>;
    if (this.size >= (this.options.maxEntries ?? DEFAULT_MAX_ENTRIES)) { this.companies.clear(); this.size = 0; keys = undefined; }
    if (!keys) this.companies.set(companyId, keys = new Map());
    // The promise is cached, so concurrent gets share one load; a failed load is not kept.
    const entry: Entry = { at: Date.now(), value: this.options.load(companyId, key) };
    entry.value.catch(() => { if (this.companies.get(companyId)?.get(key) === entry) this.forget(companyId, key); });
    if (!keys.has(key)) this.size += 1;
    keys.set(key, entry);
    return entry.value as Promise<V>;
  }

  forget(companyId: number, key?: CacheKey) {
    const keys = this.companies.get(companyId);
    if (!keys) return;
    if (key === undefined) { this.size -= keys.size; this.companies.delete(companyId); return; }
    if (keys.delete(key)) this.size -= 1;
  }
}

/** The process's caches by name, and the bus's hook to repeat a forget in the other processes. */
export class SharedCaches {
  private caches = new Map<string, LocalCache<unknown, CacheKey>>();
  private listeners = new Set<Listener>();

  define<V, K extends CacheKey = ''>(name: string, options: CacheOptions<V, K>): CompanyCache<V, K> {
    if (this.caches.has(name)) throw new Error(`cache "${name}" is defined twice`);
    const local = new LocalCache<V, K>(options);
    this.caches.set(name, local as unknown as LocalCache<unknown, CacheKey>);
    return {
      get: (companyId, key) => local.get(companyId, (key ?? '') as K),
      forget: async (companyId, key) => {
        local.forget(companyId, key);
        const change: CacheForgotten = { cache: name, companyId, ...(key !== undefined ? { key } : {}) };
        await Promise.allSettled([...this.listeners].map((listener) => listener(change)));
      },
    };
  }

  /** A plugin's view: its names prefixed with its id, so two plugins never share a cache by accident. */
  forPlugin(pluginId: string): CacheApi {
    return { define: (name, options) => this.define(`${pluginId}:${name}`, options) };
  }

  /** A forget announced by another process: done here, not announced again. */
  forgetFromPeer({ cache, companyId, key }: CacheForgotten) {
    this.caches.get(cache)?.forget(companyId, key);
  }

  /** Called on every local forget (the bus passes it on to the other processes). Returns the unsubscribe. */
  onForget(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
