/**
 * The service desk dashboard's reads (issue 30) on 100 000 tickets: the "now" view and the period figures over a
 * week and over the default month (≈ 86 000 of the bench's tickets). Goal: p99 ≤ 100 ms. One connection by
 * default: a supervisor's request's own time, not a queue of them.
 * Usage: node --import=tsx tooling/bench/dashboard.ts sqlite|mysql [seconds] [connections]
 */
import { benchEnv, login, measureScenarios, prepareDatabase, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const seconds = Number(process.argv[3] ?? 10);
const connections = Number(process.argv[4] ?? 1);
const env = benchEnv(db, 'full');
await prepareDatabase(env);
const server = await startServer(env, 18192);
try {
  const token = await login(server.url);
  const scenarios: Array<[string, string]> = [
    ['service desk now', '/api/dashboard/service'],
    ['period figures, 7 days', '/api/dashboard/service/period?days=7'],
    ['period figures, 30 days', '/api/dashboard/service/period?days=30'],
    ['period CSV, 30 days', '/api/dashboard/service/period/export?days=30'],
  ];
  const results = await measureScenarios(server, token, scenarios, connections, seconds, () => 'p99 ≤ 100 ms');
  process.stdout.write(JSON.stringify({ bench: 'dashboard', db, connections, seconds, results }) + '\n');
} finally {
  await server.stop();
}
