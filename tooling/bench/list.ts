/**
 * Ticket list under load: GET /api/tickets with the console's usual filters on 100 000 tickets and
 * 1 000 000 messages; 10 keep-alive connections from a second process (as the peer was measured).
 * Usage: node --import=tsx tooling/bench/list.ts sqlite|mysql [seconds] [connections]
 * (one connection measures a request's own time, without the queue of the other nine).
 */
import { benchEnv, login, measureScenarios, prepareDatabase, rssMiB, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const seconds = Number(process.argv[3] ?? 15);
const connections = Number(process.argv[4] ?? 10);
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
    // Issue 35: the open tickets' matches are older than the newest 5 000 matching messages (closed tickets).
    ['search a word in open tickets', '/api/tickets?searchParam=garantia&status=open&showAll=true'],
  ];
  // The second page by cursor (issue 27), from the cursor the first page answers (absent before cursors existed).
  const first = (await (await fetch(`${server.url}/api/tickets?status=open&showAll=true`, { headers: { authorization: `Bearer ${token}` } })).json()) as { nextUpdatedAt?: string; nextTicketId?: number };
  if (first.nextTicketId) {
    scenarios.push(['open tickets, next page by cursor', `/api/tickets?status=open&showAll=true&nextUpdatedAt=${encodeURIComponent(first.nextUpdatedAt!)}&nextTicketId=${first.nextTicketId}`]);
  }
  const searched = (await (await fetch(`${server.url}/api/tickets?searchParam=garantia&status=open&showAll=true`, { headers: { authorization: `Bearer ${token}` } })).json()) as { tickets?: unknown[]; nextUpdatedAt?: string; nextTicketId?: number };
  process.stderr.write(`search "garantia" in open tickets: first page holds ${searched.tickets?.length ?? 'no'} tickets\n`);
  if (searched.nextTicketId) {
    scenarios.push(['search in open tickets, next page by cursor', `/api/tickets?searchParam=garantia&status=open&showAll=true&nextUpdatedAt=${encodeURIComponent(searched.nextUpdatedAt!)}&nextTicketId=${searched.nextTicketId}`]);
  }
  // Issue 35's goals, reported beside the figures: a search's p99 on each database, the MariaDB list's p99.
  const goalOf = (path: string) => path.includes('searchParam=') ? `p99 ≤ ${db === 'mysql' ? 120 : 60} ms` : db === 'mysql' ? 'p99 ≤ 30 ms' : undefined;
  const idle = rssMiB(server.child.pid!);
  const results = await measureScenarios(server, token, scenarios, connections, seconds, goalOf);
  process.stdout.write(JSON.stringify({ bench: 'ticket-list', db, connections, seconds, idleRssMiB: idle, results }) + '\n');
} finally {
  await server.stop();
}
