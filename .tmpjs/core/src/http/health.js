import { Type } from "@fastify/type-provider-typebox";
const CHECK_TIMEOUT_MS = 1500;
function within(check, ms = CHECK_TIMEOUT_MS) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("check timed out")), ms);
  });
  return Promise.race([check, timeout]).finally(() => clearTimeout(timer));
}
const state = (check) => within(check).then(() => "ok", () => "degraded");
async function healthReport(app, version) {
  const [database, jobs] = await Promise.all([
    state(app.knex.raw("select 1")),
    within(app.jobs.health()).catch(() => "degraded"),
    app.disk.check()
  ]);
  const diskFreeBytes = app.disk.freeBytes;
  const disk = app.disk.low ? "degraded" : "ok";
  return {
    ok: database === "ok" && disk === "ok",
    version,
    database,
    ...app.config.redisUrl ? { redis: jobs } : {},
    jobs,
    disk,
    ...diskFreeBytes === void 0 ? {} : { diskFreeBytes }
  };
}
const State = Type.Union([Type.Literal("ok"), Type.Literal("degraded")]);
const HealthReply = Type.Object({
  ok: Type.Boolean(),
  version: Type.String(),
  database: State,
  redis: Type.Optional(State),
  jobs: State,
  disk: State,
  diskFreeBytes: Type.Optional(Type.Number())
});
const healthRoutes = (version) => async (app) => {
  app.get("/health", { config: { public: true }, schema: { hide: true, response: { 200: HealthReply, 503: HealthReply } } }, async (_request, reply) => {
    const report = await healthReport(app, version);
    reply.header("cache-control", "no-store");
    return reply.code(report.ok ? 200 : 503).send(report);
  });
  app.get("/ready", { config: { public: true }, schema: { hide: true, response: { 200: Type.Object({ ready: Type.Boolean() }), 503: Type.Object({ ready: Type.Boolean() }) } } }, async (_request, reply) => {
    const report = await healthReport(app, version);
    return reply.code(report.ok ? 200 : 503).send({ ready: report.ok });
  });
};
export {
  healthReport,
  healthRoutes
};
