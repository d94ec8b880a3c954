#!/usr/bin/env node
/**
 * Start-up time and idle memory of the server, compiled (as `npm start` runs it) or through tsx
 * (as it ran before issue 18): a fresh SQLite database in a temp folder, time from spawn to the first
 * 200 from /api/health, then VmRSS after 10 s idle. Two starts per round: the first migrates and
 * seeds the new database, the second finds it ready.
 * Usage: node tooling/bench/startup.mjs [compiled|tsx] [rounds]   (compile first: npm run build -w @atrium/core)
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const mode = process.argv[2] ?? 'compiled';
const rounds = Number(process.argv[3] ?? 3);
// The V8 flags of `npm start` (core/package.json `serve`: heap ceiling, young generation size).
const flags = JSON.parse(readFileSync(path.join(root, 'core/package.json'), 'utf8')).scripts.serve.split(/\s+/).filter((a) => a.startsWith('--'));
const args = mode === 'tsx' ? [...flags, '--import=tsx', 'src/server.ts'] : [...flags, 'dist/server.js'];

const freePort = () => new Promise((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => { const { port } = server.address(); server.close(() => resolve(port)); });
});
const rssMiB = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startOnce(dataDir) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: path.join(root, 'core'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', REDIS_URL: '', DATABASE_URL: '', ADMIN_PASSWORD: 'Startup-123' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let ms;
  while (ms === undefined) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try { if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) ms = performance.now() - started; } catch { await sleep(20); }
  }
  await sleep(10_000);
  const rss = rssMiB(child.pid);
  await new Promise((resolve) => { child.once('exit', resolve); child.kill('SIGTERM'); });
  return { ms: Math.round(ms), rss: Math.round(rss * 10) / 10 };
}

const results = [];
for (let i = 0; i < rounds; i++) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-startup-'));
  try {
    const first = await startOnce(dataDir);
    const again = await startOnce(dataDir);
    results.push({ mode, firstStartMs: first.ms, firstIdleRssMiB: first.rss, restartMs: again.ms, restartIdleRssMiB: again.rss });
  } finally { rmSync(dataDir, { recursive: true, force: true }); }
}
console.table(results);
console.log(JSON.stringify({ mode, results }));
