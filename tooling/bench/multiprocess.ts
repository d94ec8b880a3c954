/**
 * Scale-out leg (issue 18): the ticket list (open tickets, show all) served by 1 and then by 3 API
 * processes on one MariaDB + Redis, with the same 12 keep-alive connections in both runs; with 3
 * processes the connections are spread over the processes' ports, 4 each, as a round-robin balancer
 * would spread them. Reports each run and the throughput ratio. Not part of `npm test`.
 * Its dataset is smaller than the list leg's (the ratio is what it measures): 20 000 tickets.
 * Usage: node --import=tsx tooling/bench/multiprocess.ts mysql [seconds]
 */
import { benchEnv, login, prepareDatabase, rssMiB, runLoad, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'mysql') as BenchDb;
const seconds = Number(process.argv[3] ?? 15);
const CONNECTIONS = 12;
const PATH = '/api/tickets?status=open&showAll=true';
const SIZE = { contacts: 5_000, tickets: 20_000, messagesPerTicket: 5 };

if (db !== 'mysql') {
  // Several processes share sessions, jobs and events through Redis: without it there is one process.
  process.stdout.write(JSON.stringify({ bench: 'multiprocess', db, skipped: 'needs MariaDB + Redis' }) + '\n');
  process.exit(0);
}

const env = benchEnv(db, 'multi');
await prepareDatabase(env, SIZE);

async function measure(processes: number) {
  const servers = [];
  try {
    for (let i = 0; i < processes; i++) servers.push(await startServer(env, 18290 + i));
    const token = await login(servers[0].url);
    for (const s of servers) await runLoad(`${s.url}${PATH}`, 2, 2, token); // warm-up, every process
    const per = CONNECTIONS / processes;
    const loads = await Promise.all(servers.map((s) => runLoad(`${s.url}${PATH}`, per, seconds, token)));
    const sum = (key: string) => loads.reduce((n, l) => n + (l[key] ?? 0), 0);
    return {
      name: `${processes} process${processes > 1 ? 'es' : ''}`,
      rps: Math.round(sum('rps') * 10) / 10,
      // Each port's percentiles; the slowest port's are reported.
      p50: Math.max(...loads.map((l) => l.p50)),
      p99: Math.max(...loads.map((l) => l.p99)),
      errors: sum('errors'),
      non2xx: sum('non2xx'),
      perProcessRps: loads.map((l) => l.rps),
      rssMiB: servers.map((s) => rssMiB(s.child.pid!)),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const one = await measure(1);
const three = await measure(3);
process.stdout.write(JSON.stringify({
  bench: 'multiprocess', db, connections: CONNECTIONS, seconds, tickets: SIZE.tickets,
  ratio: Math.round((three.rps / one.rps) * 100) / 100,
  results: [one, three],
}) + '\n');
