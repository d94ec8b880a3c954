/**
 * Server memory: resident set of the server process holding 50 sandbox connections (sessions
 * running) on the 100 000-ticket dataset, idle and after a minute-long mix of list requests.
 * Usage: node --import=tsx tooling/bench/memory.ts sqlite|mysql
 */
import { randomBytes } from 'node:crypto';
import { buildApp } from '../../core/src/app.js';
import { toDbTime } from '../../core/src/db/time.js';
import { benchEnv, login, prepareDatabase, rssMiB, runLoad, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const env = benchEnv(db, 'full');
await prepareDatabase(env);
{
  const app = await buildApp({ env, logger: false });
  const have = Number((await app.knex('whatsapps').where({ companyId: 1, provider: 'sandbox' }).count({ n: '*' }).first())?.n ?? 0);
  for (let i = have; i < 50; i++) {
    await app.knex('whatsapps').insert({ companyId: 1, name: `Sandbox ${i + 1}`, provider: 'sandbox', status: 'DISCONNECTED', isDefault: false, token: randomBytes(16).toString('hex'), createdAt: toDbTime(new Date()), updatedAt: toDbTime(new Date()) });
  }
  await app.close();
}
const server = await startServer(env, 18192);
try {
  const token = await login(server.url);
  await new Promise((r) => setTimeout(r, 5000)); // sessions come up
  const connections = (await (await fetch(`${server.url}/api/whatsapp`, { headers: { authorization: `Bearer ${token}` } })).json().catch(() => [])) as Array<{ status: string }>;
  const connected = Array.isArray(connections) ? connections.filter((c) => c.status === 'CONNECTED').length : 0;
  const idle = rssMiB(server.child.pid!);
  let peak = idle;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(server.child.pid!)); }, 250);
  for (const path of ['/api/tickets?status=open&showAll=true', '/api/tickets?status=pending&showAll=true', '/api/tickets?status=closed&showAll=true']) {
    await runLoad(`${server.url}${path}`, 10, 10, token).catch(() => undefined);
  }
  clearInterval(sampler);
  process.stdout.write(JSON.stringify({ bench: 'memory', db, sandboxConnections: connected, idleRssMiB: idle, peakRssMiBUnderListLoad: peak, afterRssMiB: rssMiB(server.child.pid!) }) + '\n');
} finally {
  await server.stop();
}
