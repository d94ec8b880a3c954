import { buildApp } from './app.js';
import { isRedisConnectionError } from './redis/client.js';

const app = await buildApp();
// Last line of defence (every client handles its own errors, redis/client.ts): a Redis outage surfacing as a promise
// nobody awaited is logged, not the end of the process. Anything else still ends it, as Node does by default.
process.on('unhandledRejection', (err) => {
  if (isRedisConnectionError(err)) { app.log.warn({ err }, 'redis unreachable (unawaited command)'); return; }
  app.log.fatal({ err }, 'unhandled rejection');
  process.exit(1);
});
try {
  await app.listen({ port: app.config.port, host: app.config.host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
const lines = [
  '',
  `  Atrium is running: ${app.config.publicUrl}/  (API docs: ${app.config.publicUrl}/api/docs)`,
  `  Database: ${app.config.database.kind}${app.config.redisUrl ? ' · Redis: on' : ' · Redis: off (in-process jobs)'}`,
];
if (app.firstStart) {
  lines.push(`  Sign in as ${app.config.admin.email}` + (app.firstStart.generatedPassword ? ` with password ${app.firstStart.generatedPassword} (shown once; set ADMIN_PASSWORD to choose it)` : ''));
}
process.stdout.write(lines.join('\n') + '\n\n');

// A shutdown closes every dependency's clients and waits for running work, each bounded (docs/operations.md); should
// something still hang, the process exits anyway after SHUTDOWN_TIMEOUT_MS, with 1 (not a clean shutdown).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    setTimeout(() => {
      app.log.error({ signal, timeoutMs: app.config.shutdownTimeoutMs }, 'shutdown did not finish in time: exiting anyway');
      process.exit(1);
    }, app.config.shutdownTimeoutMs).unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  });
}
