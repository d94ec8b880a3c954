/**
 * Ticket list under load: GET /api/tickets with the console's usual filters on 100 000 tickets and
 * 1 000 000 messages; 10 keep-alive connections from a second process (as the peer was measured).
 * Usage: node --import=tsx tooling/bench/list.ts sqlite|mysql [seconds]
 */
import { benchEnv, login, prepareDatabase, rssMiB, runLoad, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const seconds = Number(process.argv[3] ?? 15);
const env = benchEnv(db, 'full');
await prepareDatabase(env);
const server = await startServer(env, 18190);
try {
  const token = await login(server.url);
  const queues = (await (await fetch(`${server.url}/api/queue`, { headers: { authorization: `Bearer ${token}` } })).json().catch(() => [])) as Array<{ id: number }>;
  const queueIds = Array.isArray(queues) && queues.length ? JSON.stringify(queues.slice(0, 2).map((q) => q.id)) : '[1,2]';
  const scenarios: Array<[string, string]> = [
    ['open tickets, show all', '/api/tickets?status=open&showAll=true'],
    ['open tickets of two queues', `/api/tickets?status=open&showAll=true&queueIds=${encodeURIComponent(queueIds)}`],
    ['pending tickets', '/api/tickets?status=pending&showAll=true'],
    ['search a word in messages', '/api/tickets?searchParam=garantia&showAll=true'],
  ];
  const results = [];
  const idle = rssMiB(server.child.pid!);
  for (const [name, path] of scenarios) {
    const probe = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!probe.ok) {
      results.push({ name, path, error: `HTTP ${probe.status}` });
      continue;
    }
    await runLoad(`${server.url}${path}`, 10, 2, token); // warm-up
    const load = await runLoad(`${server.url}${path}`, 10, seconds, token);
    results.push({ name, path, ...load, rssMiB: rssMiB(server.child.pid!) });
  }
  process.stdout.write(JSON.stringify({ bench: 'ticket-list', db, connections: 10, seconds, idleRssMiB: idle, results }) + '\n');
} finally {
  await server.stop();
}
