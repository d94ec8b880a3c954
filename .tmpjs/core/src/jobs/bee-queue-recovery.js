import { createRequire } from "node:module";
const lua = createRequire(import.meta.url)("bee-queue/lib/lua/index.js");
const isNoScript = (err) => /NOSCRIPT/.test(err?.message ?? "");
function beeQueueRedisOptions(url) {
  return {
    host: url.hostname,
    port: Number(url.port || 6379),
    password: url.password || void 0,
    db: Number(url.pathname.slice(1) || 0),
    retry_strategy: ({ attempt }) => Math.min(attempt * 200, 2e3),
    // Counts the whole outage against it (not one attempt): the longest a timer can wait, ~24 days.
    connect_timeout: 2 ** 31 - 1
  };
}
function recoverAfterRedisRestart(queue, hooks) {
  const internals = queue;
  const evalScriptOn = internals._evalScriptOn;
  internals._evalScriptOn = function(commandable, args) {
    const original = args.slice();
    return evalScriptOn.call(this, commandable, args).catch(async (err) => {
      if (!isNoScript(err) || commandable !== this.client) throw err;
      await lua.buildCache(this.client);
      return evalScriptOn.call(this, commandable, original);
    });
  };
  queue.ready().then(() => {
    internals.client?.on("ready", () => {
      lua.buildCache(internals.client).then(() => {
        internals._activateDelayed();
        hooks.onReconnect();
      }).catch(hooks.onError);
    });
  }, () => void 0);
}
export {
  beeQueueRedisOptions,
  recoverAfterRedisRestart
};
