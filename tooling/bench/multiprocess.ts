/**
 * Scale-out leg (issue 18): the ticket list (open tickets, show all) served by 1 and then by 3 API
 * processes on one MariaDB + Redis, with the same 12 keep-alive connections in both runs; with 3
 * processes the connections are spread over the processes' ports, 4 each, as a round-robin balancer
 * would spread them. Then, on the same processes, inbound ingestion over SESSIONS sandbox connections: the
 * sessions are shared among the processes (each drives its share), and every message goes to the process
 * driving its connection, as a phone network reaches the socket that holds the number. Reports each run and
 * the ratios of 3 processes to 1. Not part of `npm test`.
 * Its dataset is smaller than the list leg's (the ratios are what it measures): 20 000 tickets.
 * Usage: node --import=tsx tooling/bench/multiprocess.ts mysql [seconds]
 */
import { createClient } from 'redis';
import { redisPrefix } from '../../core/src/config/index.js';
import { createKnex } from '../../core/src/db/connection.js';
import { benchEnv, login, prepareDatabase, rssMiB, runLoad, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'mysql') as BenchDb;
const seconds = Number(process.argv[3] ?? 15);
const CONNECTIONS = 12;
const PATH = '/api/tickets?status=open&showAll=true';
const SIZE = { contacts: 5_000, tickets: 20_000, messagesPerTicket: 5 };
/** Sandbox connections for the ingestion run, and the messages sent through them (from fresh contacts each run). */
const SESSIONS = 6;
const MESSAGES = 3000;
const CONTACTS = 600;
const IN_FLIGHT = 32;

if (db !== 'mysql') {
  // Several processes share sessions, jobs and events through Redis: without it there is one process.
  process.stdout.write(JSON.stringify({ bench: 'multiprocess', db, skipped: 'needs MariaDB + Redis' }) + '\n');
  process.exit(0);
}

// Short leases: the sessions are shared within seconds of the processes starting.
const env = { ...benchEnv(db, 'multi'), SESSION_LEASE_MS: '2000', SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '60000' };
await prepareDatabase(env, SIZE);
const knex = createKnex({ kind: 'mysql', url: env.DATABASE_URL! });
const sandboxIds = async () => (await knex('whatsapps').where({ companyId: 1, provider: 'sandbox' }).orderBy('id').select('id')).map((r: { id: number }) => r.id);
for (let i = (await sandboxIds()).length; i < SESSIONS; i++) {
  const now = new Date().toISOString().replace('T', ' ').slice(0, 23);
  await knex('whatsapps').insert({ companyId: 1, name: `Bench sandbox ${i + 1}`, provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, createdAt: now, updatedAt: now });
}
const connections = (await sandboxIds()).slice(0, SESSIONS);
const redis = createClient({ url: env.REDIS_URL });
await redis.connect();
const leaseKey = (id: number) => `${redisPrefix({ database: { kind: 'mysql', url: env.DATABASE_URL! } })}:session-lease:${id}`;

/** Waits until every connection is CONNECTED and driven by one of `pids`, none past its share; returns connection id → pid. */
async function sharedSessions(pids: number[]): Promise<Map<number, number>> {
  const share = Math.ceil(connections.length / pids.length);
  for (let i = 0; i < 600; i++) {
    const holders = await Promise.all(connections.map(async (id) => Number((await redis.get(leaseKey(id)))?.split(':')[0])));
    const connected = await knex('whatsapps').whereIn('id', connections).where('status', 'CONNECTED').count({ n: '*' }).first();
    const balanced = pids.every((pid) => holders.filter((h) => h === pid).length <= share) && holders.every((h) => pids.includes(h));
    if (balanced && Number(connected?.n) === connections.length) return new Map(connections.map((id, j) => [id, holders[j]]));
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sessions were not shared among the processes within 60 s');
}

let run = 0;
async function ingest(servers: Array<{ url: string; child: { pid?: number } }>, token: string) {
  const byPid = new Map(servers.map((s) => [s.child.pid!, s.url]));
  const holder = await sharedSessions([...byPid.keys()]);
  run += 1;
  const tag = `multi-${run}-${Date.now()}`;
  const stored = async () => Number((await knex('messages').where('body', 'like', `${tag} %`).count({ n: '*' }).first())?.n);
  const started = performance.now();
  let next = 0;
  let refused = 0;
  await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
    while (next < MESSAGES) {
      const i = next++;
      const id = connections[i % connections.length];
      const res = await fetch(`${byPid.get(holder.get(id)!)}/api/sandbox/${id}/inbound`, {
        method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ number: `55329${run}${String(i % CONTACTS).padStart(6, '0')}`, name: `Multi ${i % CONTACTS}`, body: `${tag} ${i}`, providerId: `${tag}-${i}` }),
      });
      if (!res.ok) refused += 1;
      await res.arrayBuffer();
    }
  }));
  while ((await stored()) < MESSAGES - refused && performance.now() - started < 120_000) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  const count = await stored();
  return { messages: count, refused, seconds: Math.round(seconds * 100) / 100, msgPerSec: Math.round((count / seconds) * 10) / 10, sessionsPerProcess: [...byPid.keys()].map((pid) => [...holder.values()].filter((h) => h === pid).length) };
}

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
      ingest: await ingest(servers, token),
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}

const one = await measure(1);
const three = await measure(3);
await redis.quit();
await knex.destroy();
process.stdout.write(JSON.stringify({
  bench: 'multiprocess', db, connections: CONNECTIONS, seconds, tickets: SIZE.tickets, sessions: SESSIONS, messages: MESSAGES,
  ratio: Math.round((three.rps / one.rps) * 100) / 100,
  ingestRatio: Math.round((three.ingest.msgPerSec / one.ingest.msgPerSec) * 100) / 100,
  results: [one, three],
}) + '\n');
