import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.js';
import { closeRedis, connectRedis, isRedisConnectionError, type RedisClientLog } from '../redis/client.js';

/**
 * Failures per client address across accounts (password spraying): failed logins, reset-code
 * requests and wrong reset codes share one budget per address (`max` in a fixed window of `windowMs`
 * from the first failure). Past it, those routes answer 429 ERR_TOO_MANY_ATTEMPTS with Retry-After
 * until the window ends, whatever the account. Independent of the per-account lockout.
 * With Redis the count is shared by every process; without it, it lives in this process.
 */
export interface AddressLimiter {
  /** preHandler: refuses the request with 429 ERR_TOO_MANY_ATTEMPTS while the address is over its budget. */
  guard(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts one failure for the address. */
  fail(address: string): Promise<void>;
  close(): Promise<void>;
}

export interface AddressLimitOptions { max: number; windowMs: number; redisUrl?: string; prefix: string }

/** Counts per address: `count` returns the failures in the current window and the ms it has left. */
interface FailureStore {
  count(key: string): Promise<{ failures: number; msLeft: number }>;
  add(key: string): Promise<void>;
  close(): Promise<void>;
}

function memoryStore(windowMs: number): FailureStore {
  const windows = new Map<string, { failures: number; endsAt: number }>();
  const live = (key: string) => {
    const w = windows.get(key);
    if (w && w.endsAt <= Date.now()) { windows.delete(key); return undefined; }
    return w;
  };
  return {
    async count(key) {
      const w = live(key);
      return w ? { failures: w.failures, msLeft: w.endsAt - Date.now() } : { failures: 0, msLeft: 0 };
    },
    async add(key) {
      const w = live(key);
      if (w) { w.failures += 1; return; }
      // Many addresses (a scan): drop the windows that ended so the map stays small.
      if (windows.size >= 10_000) for (const k of windows.keys()) live(k);
      windows.set(key, { failures: 1, endsAt: Date.now() + windowMs });
    },
    async close() { windows.clear(); },
  };
}

/**
 * Shared by every process through Redis. While Redis is unreachable this process counts on its own (the memory store):
 * sign-in keeps working (never a 500 for a dependency's outage) and an address is still limited, per process.
 */
async function redisStore(url: string, windowMs: number, log: RedisClientLog): Promise<FailureStore> {
  const client = await connectRedis(url, 'address limit', log);
  const local = memoryStore(windowMs);
  const orLocal = async <T>(shared: () => Promise<T>, fallback: () => Promise<T>) => {
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
    add: (key) => orLocal(async () => { await client.multi().set(key, '0', { PX: windowMs, NX: true }).incr(key).exec(); }, () => local.add(key)),
    close: () => closeRedis(client),
  };
}

export async function createAddressLimiter(opts: AddressLimitOptions, log: RedisClientLog): Promise<AddressLimiter> {
  const store = opts.redisUrl ? await redisStore(opts.redisUrl, opts.windowMs, log) : memoryStore(opts.windowMs);
  const keyOf = (address: string) => `${opts.prefix}:auth-failures:${address}`;
  return {
    async guard(request, reply) {
      const { failures, msLeft } = await store.count(keyOf(request.ip));
      if (failures < opts.max) return;
      const retryAfter = Math.max(1, Math.ceil(msLeft / 1000));
      reply.header('retry-after', String(retryAfter));
      throw new AppError('ERR_TOO_MANY_ATTEMPTS', 429, `Too many failed attempts from this address; try again in ${retryAfter} s`, { retryAfter });
    },
    async fail(address) {
      await store.add(keyOf(address));
    },
    close: () => store.close(),
  };
}
