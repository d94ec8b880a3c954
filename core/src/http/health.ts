import type { FastifyInstance } from 'fastify';
import { Type, type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** How long a dependency's check may take before it counts as degraded: a probe answers in bounded time. */
const CHECK_TIMEOUT_MS = 1500;

export type DependencyState = 'ok' | 'degraded';

export interface HealthReport {
  ok: boolean;
  version: string;
  database: DependencyState;
  redis?: DependencyState;
  jobs: DependencyState;
  disk: DependencyState;
  diskFreeBytes?: number;
}

function within<T>(check: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => { timer = setTimeout(() => reject(new Error('check timed out')), ms); });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}

const state = (check: Promise<unknown>): Promise<DependencyState> => within(check).then(() => 'ok' as const, () => 'degraded' as const);

/**
 * Each dependency as it is now: the database (one trivial statement), Redis when configured (through the job queue,
 * its main user), the job queue, and the data folder's free space against `DISK_MIN_FREE_MB`. `ok` is false when the
 * server cannot take inbound messages: the database unreachable or the disk below its threshold. Redis away leaves
 * `ok` true: inbound is still stored, and its jobs are rebuilt by the reconciler when Redis is back.
 */
export async function healthReport(app: FastifyInstance, version: string): Promise<HealthReport> {
  const [database, jobs] = await Promise.all([
    state(app.knex.raw('select 1')),
    within(app.jobs.health()).catch(() => 'degraded' as const),
    app.disk.check(),
  ]);
  const diskFreeBytes = app.disk.freeBytes;
  const disk: DependencyState = app.disk.low ? 'degraded' : 'ok';
  return {
    ok: database === 'ok' && disk === 'ok',
    version,
    database,
    ...(app.config.redisUrl ? { redis: jobs } : {}),
    jobs,
    disk,
    ...(diskFreeBytes === undefined ? {} : { diskFreeBytes }),
  };
}

const State = Type.Union([Type.Literal('ok'), Type.Literal('degraded')]);
const HealthReply = Type.Object({
  ok: Type.Boolean(), version: Type.String(), database: State, redis: Type.Optional(State), jobs: State, disk: State, diskFreeBytes: Type.Optional(Type.Number()),
});

/**
 * GET /api/health: every dependency's state, 503 when the server cannot take inbound (monitoring, the console's
 * banner). GET /api/ready: the same verdict without the detail, for a load balancer's probe.
 */
export const healthRoutes = (version: string): FastifyPluginAsyncTypebox => async (app) => {
  app.get('/health', { config: { public: true }, schema: { hide: true, response: { 200: HealthReply, 503: HealthReply } } }, async (_request, reply) => {
    const report = await healthReport(app as unknown as FastifyInstance, version);
    reply.header('cache-control', 'no-store');
    return reply.code(report.ok ? 200 : 503).send(report);
  });
  app.get('/ready', { config: { public: true }, schema: { hide: true, response: { 200: Type.Object({ ready: Type.Boolean() }), 503: Type.Object({ ready: Type.Boolean() }) } } }, async (_request, reply) => {
    const report = await healthReport(app as unknown as FastifyInstance, version);
    return reply.code(report.ok ? 200 : 503).send({ ready: report.ok });
  });
};
