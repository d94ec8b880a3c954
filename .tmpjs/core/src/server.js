import { buildApp } from "./app.js";
import { isRedisConnectionError } from "./redis/client.js";
const app = await buildApp();
process.on("unhandledRejection", (err) => {
  if (isRedisConnectionError(err)) {
    app.log.warn({ err }, "redis unreachable (unawaited command)");
    return;
  }
  app.log.fatal({ err }, "unhandled rejection");
  process.exit(1);
});
try {
  await app.listen({ port: app.config.port, host: app.config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
const lines = [
  "",
  `  Atrium is running: ${app.config.publicUrl}/  (API docs: ${app.config.publicUrl}/api/docs)`,
  `  Database: ${app.config.database.kind}${app.config.redisUrl ? " \xB7 Redis: on" : " \xB7 Redis: off (in-process jobs)"}`
];
if (app.firstStart) {
  lines.push(`  Sign in as ${app.config.admin.email}` + (app.firstStart.generatedPassword ? ` with password ${app.firstStart.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)` : ""));
}
process.stdout.write(lines.join("\n") + "\n\n");
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, async () => {
    await app.close();
    process.exit(0);
  });
}
