/**
 * What every benchmark needs: a database holding the bench dataset (built once and reused),
 * a server in its own process on that database, and a signed-in token.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../core/src/app.js';
import { seedDataset, FULL, type DatasetSize } from './dataset.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const ADMIN = { email: 'bench@atrium.test', password: 'Bench-pass-123' };
export type BenchDb = 'sqlite' | 'mysql';

export function benchEnv(db: BenchDb, name: string): NodeJS.ProcessEnv {
  const dataDir = path.join(root, 'data', 'bench', `${db}-${name}`);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...process.env,
    DATA_DIR: dataDir,
    // BENCH_MYSQL_PREFIX: a database of one's own on a MariaDB server other benches use at the same time.
    DATABASE_URL: db === 'sqlite' ? `sqlite:${path.join(dataDir, 'bench.sqlite')}` : `mysql://root@127.0.0.1:3306/${process.env.BENCH_MYSQL_PREFIX ?? 'atrium_bench_'}${name.replace(/\W/g, '_')}`,
    REDIS_URL: db === 'mysql' ? 'redis://127.0.0.1:6379' : '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    LOGIN_RATE_MAX: '100000',
    CONSOLE_DIR: path.join(dataDir, 'no-console'),
  };
}

/** Migrates, seeds the first-start data and (once) the bench dataset. */
export async function prepareDatabase(env: NodeJS.ProcessEnv, size: DatasetSize = FULL) {
  const app = await buildApp({ env, logger: false });
  try {
    const tickets = Number((await app.knex('tickets').count({ n: '*' }).first())?.n ?? 0);
    if (tickets < size.tickets) {
      const started = Date.now();
      await seedDataset(app.knex, size);
      process.stderr.write(`dataset seeded in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    }
  } finally {
    await app.close();
  }
}

/**
 * The node arguments of `npm start` (core/package.json `serve`, e.g. its heap ceiling), so the benches
 * measure the server as it is started in production.
 */
export function serveArgs(): string[] {
  const serve: string = JSON.parse(readFileSync(path.join(root, 'core/package.json'), 'utf8')).scripts.serve;
  const [command, ...args] = serve.split(/\s+/);
  if (command !== 'node') throw new Error(`core's serve script should start node, not ${command}`);
  // The script runs in core/: its file arguments (dist/server.js) are relative to it.
  return args.map((arg) => (/\.[cm]?[jt]s$/.test(arg) && !arg.startsWith('-') ? path.join(root, 'core', arg) : arg));
}

export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<{ child: ChildProcess; url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, serveArgs(), {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch { /* not yet */ }
    if (child.exitCode !== null) throw new Error('server exited during start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    child,
    url,
    stop: () => new Promise<void>((resolve) => { child.once('exit', () => resolve()); child.kill('SIGTERM'); }),
  };
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

export function runLoad(url: string, connections: number, seconds: number, token: string): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'tooling/bench/load.mjs'), url, String(connections), String(seconds), token], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c) => { out += c; });
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`load exited ${code}`))));
  });
}

/**
 * Each scenario (a name and a GET path) probed once, warmed up for 2 s, then loaded for `seconds`: its figures, the
 * server's memory after it, and its goal when `goalOf` names one; a path that answers an error is reported so.
 */
export async function measureScenarios(server: { url: string; child: ChildProcess }, token: string, scenarios: Array<[string, string]>,
  connections: number, seconds: number, goalOf: (path: string) => string | undefined = () => undefined) {
  const results = [];
  for (const [name, path] of scenarios) {
    const probe = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!probe.ok) {
      results.push({ name, path, error: `HTTP ${probe.status}` });
      continue;
    }
    await runLoad(`${server.url}${path}`, connections, 2, token); // warm-up
    const load = await runLoad(`${server.url}${path}`, connections, seconds, token);
    const goal = goalOf(path);
    results.push({ name, path, ...load, rssMiB: rssMiB(server.child.pid!), ...(goal ? { goal } : {}) });
  }
  return results;
}
