import type { createClient } from 'redis';

export type RedisClient = ReturnType<typeof createClient>;

/** Longest wait between reconnect attempts: Redis is a dependency that comes and goes, so a client never gives up. */
const MAX_RECONNECT_DELAY_MS = 2000;

/**
 * How long a command waits for an answer (and, while Redis is away, in the client's offline queue) before it fails,
 * also when Redis is stalled with the connection open (boundedCommands).
 * Callers on a request's path answer quickly instead of waiting out an outage (node-redis' default is 5 s).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 2000;

export interface RedisClientLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A connected node-redis client for one of the core's jobs (`name`: the bus, the session leases …) that survives Redis
 * going away: it reconnects for ever (at most every 2 s), its errors are logged (once per outage, not once per
 * attempt) instead of ending the process, and its commands fail after REDIS_COMMAND_TIMEOUT_MS while Redis is away.
 * Every core client is made here; `duplicate()` of it (a subscriber) gets the same handling through `watchRedisClient`.
 */
export async function connectRedis(url: string, name: string, log: RedisClientLog): Promise<RedisClient> {
  const { createClient } = await import('redis'); // only with Redis: the clients cost RSS a single process never uses
  const client: RedisClient = createClient({
    url,
    socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) },
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS },
  });
  watchRedisClient(client, name, log);
  await client.connect();
  return boundedCommands(client);
}

/** A command that got no answer within REDIS_COMMAND_TIMEOUT_MS (named so isRedisConnectionError knows it). */
class TimeoutError extends Error {
  constructor() { super(`Redis did not answer within ${REDIS_COMMAND_TIMEOUT_MS} ms`); }
}

/** Client methods that are not commands (the connection's own life, events, copies): never bounded. */
const UNBOUNDED = new Set(['connect', 'quit', 'close', 'disconnect', 'destroy', 'duplicate', 'on', 'once', 'off', 'addListener', 'removeListener', 'removeAllListeners', 'emit', 'ref', 'unref']);

/** Whether a client's last bounded command went unanswered (until an answer comes): see boundedCommands. */
interface Stall { stalled: boolean }

function within<T>(work: Promise<T>, stall: Stall): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => { stall.stalled = true; reject(new TimeoutError()); }, REDIS_COMMAND_TIMEOUT_MS);
  });
  // Any answer (or the connection's end failing it) means Redis is no longer stalled on this connection.
  work.then(() => { stall.stalled = false; }, () => { stall.stalled = false; });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The client with every command's answer bounded by REDIS_COMMAND_TIMEOUT_MS. node-redis' own timeout covers a
 * command only until it is written: once sent, it waits for its answer as long as the connection stays open, and a
 * stalled Redis (paused, swapping, a network black hole) keeps it open, so every request waiting on Redis hung.
 * The late answer is still read when it comes (a written command cannot be dropped without misaligning the replies);
 * the caller has moved on with a TimeoutError. Transactions (`multi()…exec()`) are bounded at `exec`.
 * After a command went unanswered, `isReady` is false until an answer comes (the late ones do once Redis moves
 * again): callers that check it (the address limit, the bus's forgets) skip Redis at once instead of waiting again.
 */
function boundedCommands<C extends object>(client: C, stall: Stall = { stalled: false }): C {
  const proxy: C = new Proxy(client, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === 'isReady') return Boolean(value) && !stall.stalled;
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      if (typeof prop !== 'string' || UNBOUNDED.has(prop)) {
        return (...args: unknown[]) => { const result = method.apply(target, args); return result === target ? proxy : result; };
      }
      return (...args: unknown[]) => {
        const result = method.apply(target, args);
        if (result === target) return proxy;
        if (result && typeof (result as Promise<unknown>).then === 'function') return within(result as Promise<unknown>, stall);
        // A transaction or pipeline builder: its exec answers.
        if (result && typeof result === 'object' && typeof (result as { exec?: unknown }).exec === 'function') return boundedCommands(result, stall);
        return result;
      };
    },
  });
  return proxy;
}

/**
 * Closes a client without waiting on Redis: a client that is not ready (Redis away or stalled) is dropped at once
 * (its QUIT would wait in the offline queue for a Redis that may never come back, and a shutdown hung on it); a
 * ready one quits politely, dropped if that takes longer than the command timeout.
 */
export async function closeRedis(client: RedisClient | undefined): Promise<void> {
  if (!client) return;
  const drop = () => { try { client.destroy(); } catch { /* already closed */ } };
  if (!client.isReady) { drop(); return; }
  await within(client.quit(), { stalled: false }).catch(drop);
}

/** Logs a client's outage once and its return, and keeps its 'error' events from ending the process. */
export function watchRedisClient(client: RedisClient, name: string, log: RedisClientLog): RedisClient {
  let down = false;
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err, client: name }, 'redis unreachable: reconnecting');
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info({ client: name }, 'redis reachable again');
  });
  return client;
}

/** A duplicate of `client` (a subscriber: one connection may not both subscribe and command), watched and connected. */
export async function duplicateRedis(client: RedisClient, name: string, log: RedisClientLog): Promise<RedisClient> {
  const copy = watchRedisClient(client.duplicate(), name, log);
  await copy.connect();
  return boundedCommands(copy);
}

/** node-redis' errors for a connection that is down or a command that timed out: an outage, not a bug. */
export function isRedisConnectionError(err: unknown): boolean {
  // node-redis' error classes leave `name` as 'Error': their constructor tells them apart.
  const name = (err as Error | undefined)?.constructor?.name ?? '';
  return ['TimeoutError', 'SocketClosedUnexpectedlyError', 'ClientClosedError', 'ClientOfflineError', 'ConnectionTimeoutError', 'ReconnectStrategyError', 'AbortError']
    .includes(name) || /ECONNREFUSED|ECONNRESET|Redis connection|NOSCRIPT/.test((err as Error | undefined)?.message ?? '');
}

/**
 * The client as the socket.io Redis adapter should get it: the adapter publishes without waiting for or catching the
 * answer, so with Redis away every emit would leave a rejected promise behind and end the process. Through this view
 * a failed publish is logged (an event missed by the other processes, which their clients' reconnect catches up on).
 */
export function publishingSafely(client: RedisClient, onError: (err: unknown) => void): RedisClient {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'publish' || prop === 'PUBLISH') {
        return (...args: unknown[]) => (target.publish as (...a: unknown[]) => Promise<number>)(...args).catch((err: unknown) => { onError(err); return 0; });
      }
      const value = Reflect.get(target, prop, target) as unknown;
      // node-redis methods use private fields: they must run on the client itself, not on this view.
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
