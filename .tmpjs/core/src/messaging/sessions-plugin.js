import fp from "fastify-plugin";
import { redisPrefix } from "../config/index.js";
import { LocalLeases, RedisLeases } from "./leases.js";
import { providerFactory } from "./providers/index.js";
import { SessionRpc } from "./session-rpc.js";
import { SessionManager } from "./sessions.js";
const RPC_TIMEOUT_MS = 2e4;
const sessionsPlugin = fp(async (app) => {
  const config = app.config;
  const LEASE_TTL_MS = config.sessionLeaseMs;
  const prefix = redisPrefix(config);
  const leases = config.redisUrl ? await RedisLeases.connect(config.redisUrl, prefix, LEASE_TTL_MS, app.log) : new LocalLeases();
  const rpc = config.redisUrl ? await SessionRpc.connect(config.redisUrl, prefix, leases.owner, RPC_TIMEOUT_MS, app.log) : void 0;
  const sessions = new SessionManager({
    bus: app.bus,
    log: app.log,
    leases,
    createProvider: providerFactory({ config, storage: app.storage, knex: app.knex, registry: app.providerRegistry }),
    leaseRenewMs: LEASE_TTL_MS / 3,
    providerOperation: (op) => app.providerRegistry.operation(op),
    rpc
  });
  app.decorate("sessions", sessions);
  let sweep;
  app.addHook("onReady", async () => {
    await sessions.startAll();
    if (leases.distributed) {
      sweep = setInterval(() => void sessions.startAll().catch((err) => app.log.error({ err }, "session sweep failed")), LEASE_TTL_MS);
      sweep.unref();
    }
  });
  app.addHook("preClose", async () => {
    if (sweep) clearInterval(sweep);
    await sessions.shutdown();
    await rpc?.close();
    await leases.close();
  });
}, { name: "sessions", dependencies: ["bus", "storage"] });
export {
  sessionsPlugin
};
