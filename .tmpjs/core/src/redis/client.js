const MAX_RECONNECT_DELAY_MS = 2e3;
const REDIS_COMMAND_TIMEOUT_MS = 2e3;
async function connectRedis(url, name, log) {
  const { createClient } = await import("redis");
  const client = createClient({
    url,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, MAX_RECONNECT_DELAY_MS) },
    commandOptions: { timeout: REDIS_COMMAND_TIMEOUT_MS }
  });
  watchRedisClient(client, name, log);
  await client.connect();
  return client;
}
function watchRedisClient(client, name, log) {
  let down = false;
  client.on("error", (err) => {
    if (down) return;
    down = true;
    log.warn({ err, client: name }, "redis unreachable: reconnecting");
  });
  client.on("ready", () => {
    if (!down) return;
    down = false;
    log.info({ client: name }, "redis reachable again");
  });
  return client;
}
async function duplicateRedis(client, name, log) {
  const copy = watchRedisClient(client.duplicate(), name, log);
  await copy.connect();
  return copy;
}
function isRedisConnectionError(err) {
  const name = err?.constructor?.name ?? "";
  return ["TimeoutError", "SocketClosedUnexpectedlyError", "ClientClosedError", "ClientOfflineError", "ConnectionTimeoutError", "ReconnectStrategyError", "AbortError"].includes(name) || /ECONNREFUSED|ECONNRESET|Redis connection|NOSCRIPT/.test(err?.message ?? "");
}
function publishingSafely(client, onError) {
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "publish" || prop === "PUBLISH") {
        return (...args) => target.publish(...args).catch((err) => {
          onError(err);
          return 0;
        });
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    }
  });
}
export {
  REDIS_COMMAND_TIMEOUT_MS,
  connectRedis,
  duplicateRedis,
  isRedisConnectionError,
  publishingSafely,
  watchRedisClient
};
