import fp from "fastify-plugin";
import { DbJobQueue } from "./db-queue.js";
import { RedisJobQueue } from "./redis-queue.js";
import { createReconciler } from "./reconciler.js";
import { createJobParking } from "./plugin-jobs.js";
const jobsPlugin = fp(async (app, opts) => {
  const reconciler = createReconciler(app.log);
  app.decorate("reconciler", reconciler);
  app.addHook("onReady", async () => {
    await reconciler.run();
  });
  if (opts.redisUrl) {
    const jobs2 = new RedisJobQueue(opts.redisUrl, opts.prefix ?? "atrium", app.log, opts.clock);
    app.decorate("jobs", jobs2);
    jobs2.onReconnect(() => {
      void reconciler.run();
    });
    app.addHook("onClose", async () => jobs2.close());
    return;
  }
  const jobs = new DbJobQueue(app.knex, app.log, { leaseMs: opts.leaseMs ?? 3e4, pollMs: opts.pollMs ?? 1e3, clock: opts.clock });
  app.decorate("jobs", jobs);
  app.addHook("onReady", async () => {
    jobs.start();
  });
  app.addHook("onClose", async () => jobs.close());
}, { name: "jobs" });
export {
  createJobParking,
  jobsPlugin
};
