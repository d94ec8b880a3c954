import { AppError } from "../http/errors.js";
import { connectRedis, isRedisConnectionError } from "../redis/client.js";
function memoryStore(windowMs) {
  const windows = /* @__PURE__ */ new Map();
  const live = (key) => {
    const w = windows.get(key);
    if (w && w.endsAt <= Date.now()) {
      windows.delete(key);
      return void 0;
    }
    return w;
  };
  return {
    async count(key) {
      const w = live(key);
      return w ? { failures: w.failures, msLeft: w.endsAt - Date.now() } : { failures: 0, msLeft: 0 };
    },
    async add(key) {
      const w = live(key);
      if (w) {
        w.failures += 1;
        return;
      }
      if (windows.size >= 1e4) for (const k of windows.keys()) live(k);
      windows.set(key, { failures: 1, endsAt: Date.now() + windowMs });
    },
    async close() {
      windows.clear();
    }
  };
}
async function redisStore(url, windowMs, log) {
  const client = await connectRedis(url, "address limit", log);
  const local = memoryStore(windowMs);
  const orLocal = async (shared, fallback) => {
    if (!client.isReady) return fallback();
    try {
      return await shared();
    } catch (err) {
      if (!isRedisConnectionError(err)) throw err;
      return fallback();
    }
  };
  return {
    count: (key) => orLocal(async () => {
      const [failures, msLeft] = await Promise.all([client.get(key), client.pTTL(key)]);
      return { failures: Number(failures ?? 0), msLeft: Math.max(0, Number(msLeft)) };
    }, () => local.count(key)),
    // The window starts with the first failure (SET NX with its expiry), then only counts.
    add: (key) => orLocal(async () => {
      await client.multi().set(key, "0", { PX: windowMs, NX: true }).incr(key).exec();
    }, () => local.add(key)),
    async close() {
      await client.quit().catch(() => void 0);
    }
  };
}
async function createAddressLimiter(opts, log) {
  const store = opts.redisUrl ? await redisStore(opts.redisUrl, opts.windowMs, log) : memoryStore(opts.windowMs);
  const keyOf = (address) => `${opts.prefix}:auth-failures:${address}`;
  return {
    async guard(request, reply) {
      const { failures, msLeft } = await store.count(keyOf(request.ip));
      if (failures < opts.max) return;
      const retryAfter = Math.max(1, Math.ceil(msLeft / 1e3));
      reply.header("retry-after", String(retryAfter));
      throw new AppError("ERR_TOO_MANY_ATTEMPTS", 429, `Too many failed attempts from this address; try again in ${retryAfter} s`, { retryAfter });
    },
    async fail(address) {
      await store.add(keyOf(address));
    },
    close: () => store.close()
  };
}
export {
  createAddressLimiter
};
