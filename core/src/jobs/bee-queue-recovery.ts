import type BeeQueue from 'bee-queue';
import { createRequire } from 'node:module';

/**
 * bee-queue on a Redis that restarts. bee-queue runs its Lua scripts by hash (EVALSHA) and loads them once, when a
 * queue first connects; a restarted Redis has forgotten them, so every script call then answers NOSCRIPT until the
 * process restarts, and its delayed-job timer, stopped by the first failed raise, never starts again. This wrapper
 * (ours, over bee-queue's internals, kept small so it can go upstream as is) makes one queue:
 * - reload the scripts and try again once when a script call answers NOSCRIPT (on the queue's own connection; a
 *   pipelined batch just fails this once, its caller retries);
 * - after every reconnect of its command connection, reload the scripts, raise the delayed jobs now due (which
 *   restarts the timer) and tell `onReconnect` (the reconciler rebuilds what an emptied Redis lost).
 * docs/operations.md ("Redis") says how this is tested and what to check when bee-queue is upgraded.
 */

/** The parts of bee-queue's internals this relies on (bee-queue 2.0: lib/queue.js, lib/lua/index.js). */
interface QueueInternals {
  client?: RedisV3Client;
  bclient?: RedisV3Client;
  _evalScriptOn(commandable: unknown, args: unknown[]): Promise<unknown>;
  _activateDelayed(): void;
}
interface RedisV3Client { connected: boolean; on(event: 'ready', listener: () => void): void }
interface BeeQueueLua { buildCache(client: unknown): Promise<unknown> }

const lua = createRequire(import.meta.url)('bee-queue/lib/lua/index.js') as BeeQueueLua;

const isNoScript = (err: unknown) => /NOSCRIPT/.test((err as Error | undefined)?.message ?? '');

/**
 * Options for bee-queue's redis@3 client: reconnect for ever (at most every 2 s; its default gives up after an hour
 * and its backoff grows without bound). Its commands wait for the reconnect in the client's offline queue (the
 * worker's blocking pop resumes by itself); an enqueue does not wait (RedisJobQueue.enqueue).
 */
export function beeQueueRedisOptions(url: URL) {
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    password: url.password || undefined,
    db: Number(url.pathname.slice(1) || 0),
    retry_strategy: ({ attempt }: { attempt: number }) => Math.min(attempt * 200, 2000),
    // Counts the whole outage against it (not one attempt): the longest a timer can wait, ~24 days.
    connect_timeout: 2 ** 31 - 1,
  };
}

export function recoverAfterRedisRestart(queue: BeeQueue, hooks: { onReconnect(): void; onError(err: unknown): void }): void {
  const internals = queue as unknown as QueueInternals;
  const evalScriptOn = internals._evalScriptOn;
  internals._evalScriptOn = function (this: QueueInternals, commandable, args) {
    const original = args.slice(); // bee-queue rewrites args (the script's name becomes its hash, a callback is pushed)
    return evalScriptOn.call(this, commandable, args).catch(async (err: unknown) => {
      if (!isNoScript(err) || commandable !== this.client) throw err;
      await lua.buildCache(this.client);
      return evalScriptOn.call(this, commandable, original);
    });
  };
  queue.ready().then(() => {
    // 'ready' again on the command connection: Redis came back (maybe emptied, maybe another server).
    internals.client?.on('ready', () => {
      lua.buildCache(internals.client)
        .then(() => { internals._activateDelayed(); hooks.onReconnect(); })
        .catch(hooks.onError);
    });
  }, () => undefined); // a queue that never connected is reported by its own 'error' handler
}
