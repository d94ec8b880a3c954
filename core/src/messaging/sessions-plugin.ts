import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { redisPrefix } from '../config/index.js';
import { LocalLeases, RedisLeases, type LeaseStore } from './leases.js';
import { providerFactory } from './providers/index.js';
import { SessionRpc } from './session-rpc.js';
import { SessionManager } from './sessions.js';

/** How long a forwarded send or command may take in the process that drives the session. */
const RPC_TIMEOUT_MS = 20_000;

/**
 * Decorates app.sessions; when the app is ready starts every connection not stopped on purpose (the
 * seeded sandbox connection comes up by itself on a fresh install); stops them all on close.
 * With REDIS_URL each session is driven by the one process holding its lease, and every process
 * sweeps for sessions whose holder went away.
 */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const LEASE_TTL_MS = config.sessionLeaseMs;
  const prefix = redisPrefix(config);
  const leases: LeaseStore = config.redisUrl
    ? await RedisLeases.connect(config.redisUrl, prefix, LEASE_TTL_MS, app.log)
    : new LocalLeases();
  // Commands and sends for a session another process drives are forwarded to it.
  const rpc = config.redisUrl
    ? await SessionRpc.connect(config.redisUrl, prefix, leases.owner, RPC_TIMEOUT_MS, app.log)
    : undefined;
  const sessions = new SessionManager({
    bus: app.bus,
    log: app.log,
    leases,
    createProvider: providerFactory({ config, storage: app.storage, knex: app.knex, registry: app.providerRegistry }),
    leaseRenewMs: LEASE_TTL_MS / 3,
    providerOperation: (op) => app.providerRegistry.operation(op),
    rpc,
  });
  app.decorate('sessions', sessions);

  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await sessions.startAll();
    if (leases.distributed) {
      sweep = setInterval(() => void sessions.startAll().catch((err) => app.log.error({ err }, 'session sweep failed')), LEASE_TTL_MS);
      sweep.unref();
    }
  });
  // preClose: the database is still open, so in-flight status writes finish before knex is destroyed.
  app.addHook('preClose', async () => {
    if (sweep) clearInterval(sweep);
    await sessions.shutdown();
    await rpc?.close();
    await leases.close();
  });
}, { name: 'sessions', dependencies: ['bus', 'storage'] });
