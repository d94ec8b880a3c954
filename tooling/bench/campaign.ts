/**
 * A campaign of 10 000 recipients with zero intervals (messageInterval 0, no long pause) on the seeded sandbox
 * connection, through the whole engine: start job, materialised recipients, per-connection durable send jobs, the
 * core's sendToNumber (number check, contact, quiet ticket, message row, provider). Reports sends per second from
 * the campaign's start to its completedAt, and the server's RSS (idle before, peak during, after).
 * Not part of `npm test`: `npm run bench -- --only campaign` or
 * Usage: node --import=tsx tooling/bench/campaign.ts sqlite|mysql [recipients]
 */
import { rmSync } from 'node:fs';
import { buildApp } from '../../core/src/app.js';
import { toDbTime } from '../../core/src/db/time.js';
import { benchEnv, login, rssMiB, startServer, type BenchDb } from './env.js';

const db = (process.argv[2] ?? 'sqlite') as BenchDb;
const recipients = Number(process.argv[3] ?? 10_000);
const BASE = 5511930000000;

// The sandbox's simulated delivery receipts come after the run (as in the ingest leg): they are the provider's, not the engine's.
const env = { ...benchEnv(db, 'campaign'), SANDBOX_ACK_STEP_MS: '600000' };
rmSync(env.DATA_DIR!, { recursive: true, force: true });
if (db === 'mysql') {
  const { dropMysqlDatabase } = await import('../../core/src/db/connection.js');
  await dropMysqlDatabase(env.DATABASE_URL!);
}
// Migrate, seed, and fill the list directly (the import's own speed is not what is measured here).
let contactListId: number;
{
  const app = await buildApp({ env: { ...env, REDIS_URL: '' }, logger: false });
  await app.ready();
  const now = toDbTime(new Date());
  [contactListId] = await app.knex('contactLists').insert({ companyId: 1, name: 'Bench', createdAt: now, updatedAt: now });
  for (let i = 0; i < recipients; i += 500) {
    const rows = Array.from({ length: Math.min(500, recipients - i) }, (_, j) => ({
      companyId: 1, contactListId, name: `Bench ${i + j}`, number: String(BASE + i + j), isWhatsappValid: true, createdAt: now, updatedAt: now,
    }));
    await app.knex('contactListItems').insert(rows);
  }
  await app.close();
}

const server = await startServer(env, 18195);
const pid = server.child.pid!;
try {
  const token = await login(server.url);
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}/api${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  let whatsappId = 0;
  for (let i = 0; i < 200 && !whatsappId; i++) {
    const sandbox = (await call('GET', '/whatsapp') as Array<{ id: number; provider: string; status: string }>).find((c) => c.provider === 'sandbox' && c.status === 'CONNECTED');
    if (sandbox) whatsappId = sandbox.id; else await new Promise((r) => setTimeout(r, 100));
  }
  if (!whatsappId) throw new Error('the sandbox connection did not come up');
  await call('POST', '/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
  await new Promise((r) => setTimeout(r, 3000));
  const idle = rssMiB(pid);
  let peak = idle;
  const sampler = setInterval(() => { peak = Math.max(peak, rssMiB(pid)); }, 250);
  const scheduledAt = new Date(Date.now() + 1000).toISOString();
  const campaign = await call('POST', '/campaigns', { name: 'Bench', whatsappId, contactListId, message1: 'Olá {{name}}, oferta de hoje', scheduledAt });
  let view = campaign;
  let lastLog = 0;
  for (const until = Date.now() + 30 * 60_000; view.status !== 'FINALIZADA' && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 1000));
    view = await call('GET', `/campaigns/${campaign.id}`);
    if (Date.now() - lastLog > 15_000) { lastLog = Date.now(); process.stderr.write(`${JSON.stringify(view.counts)} rss ${rssMiB(pid)} MiB\n`); }
  }
  clearInterval(sampler);
  const seconds = (new Date(view.completedAt ?? Date.now()).getTime() - new Date(scheduledAt).getTime()) / 1000;
  process.stdout.write(JSON.stringify({
    bench: 'campaign', db, recipients, status: view.status, delivered: view.counts.delivered, failed: view.counts.failed,
    seconds: Math.round(seconds * 10) / 10, sendsPerSecond: Math.round((view.counts.delivered / seconds) * 10) / 10,
    idleRssMiB: idle, peakRssMiB: peak, afterRssMiB: rssMiB(pid),
  }) + '\n');
} finally {
  await server.stop();
}
