import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { LocalLeases, RedisLeases, type LeaseStore } from './leases.js';
import { providerFactory } from './providers/index.js';
import { SessionManager } from './sessions.js';

/**
 * Decorates app.sessions; when the app is ready starts every connection not stopped on purpose (the
 * seeded sandbox connection comes up by itself on a fresh install); stops them all on close.
 * With REDIS_URL each session is driven by the one process holding its lease, and every process
 * sweeps for sessions whose holder went away.
 */
export const sessionsPlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const LEASE_TTL_MS = config.sessionLeaseMs;
  const leases: LeaseStore = config.redisUrl
    ? await RedisLeases.connect(config.redisUrl, `atrium:${config.database.url.replace(/[^\w]/g, '').slice(-40)}`, LEASE_TTL_MS,
      (err) => app.log.error({ err }, 'redis (session leases) error'))
    : new LocalLeases();
  const sessions = new SessionManager({
    bus: app.bus,
    log: app.log,
    leases,
    createProvider: providerFactory({ config, storage: app.storage, knex: app.knex }),
    leaseRenewMs: LEASE_TTL_MS / 3,
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
    await leases.close();
  });
}, { name: 'sessions', dependencies: ['bus', 'storage'] });
