const DEFAULT_TTL_MS = 6e4;
const DEFAULT_MAX_ENTRIES = 5e4;
class LocalCache {
  constructor(options) {
    this.options = options;
  }
  options;
  companies = /* @__PURE__ */ new Map();
  size = 0;
  get(companyId, key) {
    let keys = this.companies.get(companyId);
    const hit = keys?.get(key);
    if (hit && Date.now() - hit.at < (this.options.ttlMs ?? DEFAULT_TTL_MS)) return hit.value;
    if (this.size >= (this.options.maxEntries ?? DEFAULT_MAX_ENTRIES)) {
      this.companies.clear();
      this.size = 0;
      keys = void 0;
    }
    if (!keys) this.companies.set(companyId, keys = /* @__PURE__ */ new Map());
    const entry = { at: Date.now(), value: this.options.load(companyId, key) };
    entry.value.catch(() => {
      if (this.companies.get(companyId)?.get(key) === entry) this.forget(companyId, key);
    });
    if (!keys.has(key)) this.size += 1;
    keys.set(key, entry);
    return entry.value;
  }
  forget(companyId, key) {
    const keys = this.companies.get(companyId);
    if (!keys) return;
    if (key === void 0) {
      this.size -= keys.size;
      this.companies.delete(companyId);
      return;
    }
    if (keys.delete(key)) this.size -= 1;
  }
}
class SharedCaches {
  caches = /* @__PURE__ */ new Map();
  listeners = /* @__PURE__ */ new Set();
  define(name, options) {
    if (this.caches.has(name)) throw new Error(`cache "${name}" is defined twice`);
    const local = new LocalCache(options);
    this.caches.set(name, local);
    return {
      get: (companyId, key) => local.get(companyId, key ?? ""),
      forget: async (companyId, key) => {
        local.forget(companyId, key);
        const change = { cache: name, companyId, ...key !== void 0 ? { key } : {} };
        await Promise.allSettled([...this.listeners].map((listener) => listener(change)));
      }
    };
  }
  /** A plugin's view: its names prefixed with its id, so two plugins never share a cache by accident. */
  forPlugin(pluginId) {
    return { define: (name, options) => this.define(`${pluginId}:${name}`, options) };
  }
  /** A forget announced by another process: done here, not announced again. */
  forgetFromPeer({ cache, companyId, key }) {
    this.caches.get(cache)?.forget(companyId, key);
  }
  /** Called on every local forget (the bus passes it on to the other processes). Returns the unsubscribe. */
  onForget(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
export {
  SharedCaches
};
