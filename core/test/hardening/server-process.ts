import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { createKnex, dropMysqlDatabase } from '../../src/db/connection.js';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const freePort = () => new Promise<number>((resolve) => {
  const server = net.createServer().listen(0, '127.0.0.1', () => {
    const { port } = server.address() as net.AddressInfo;
    server.close(() => resolve(port));
  });
});

/** `core/src/server.ts` in a child process (as `npm start` runs it), once /api/health answers (within `waitMs`). */
export async function startServer(env: NodeJS.ProcessEnv, waitMs = 60_000): Promise<{ child: ChildProcess; url: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import=tsx', path.join(root, 'core/src/server.ts')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < waitMs / 100; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try { if ((await fetch(`${url}/api/health`)).ok) return { child, url }; } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Waits for a child to be gone, polling (a pending 'exit' listener alone does not keep the event loop alive). */
export async function waitForExit(child: ChildProcess) {
  for (let i = 0; i < 600 && child.exitCode === null && child.signalCode === null; i++) await new Promise((r) => setTimeout(r, 50));
}

export async function api(url: string, token: string | undefined, method: string, route: string, body?: unknown) {
  const res = await fetch(`${url}${route}`, {
    method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) as any };
}

/** The id of the seeded sandbox connection, once it is CONNECTED. */
export async function connectedSandbox(url: string, token: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const list = await api(url, token, 'GET', '/api/whatsapp');
    const sandbox = (list.body as Array<{ id: number; provider: string; status: string }>).find((c) => c.provider === 'sandbox');
    if (sandbox?.status === 'CONNECTED') return sandbox.id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the sandbox connection did not come up');
}

export async function waitUntil(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A phone network hands a message again until a process takes it (503 while the connection moves). */
export async function deliverInbound(url: string, token: string, connectionId: number, message: { number: string; name: string; body: string; providerId: string }) {
  for (let i = 0; i < 200; i++) {
    const res = await api(url, token, 'POST', `/api/sandbox/${connectionId}/inbound`, message);
    if (res.status === 200) return;
    if (res.body?.error !== 'ERR_SESSION_MOVING') throw new Error(`inbound refused: ${res.status} ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the connection never came back');
}

/** Several API processes share MariaDB + Redis: tests of them run on the MariaDB + Redis leg only. */
export const multiProcessSkip = process.env.TEST_DB !== 'mysql' || !process.env.TEST_REDIS_URL
  ? 'several API processes share MariaDB + Redis: this runs on the MariaDB + Redis leg'
  : false;

/**
 * The environment of API processes on one machine behind a load balancer: one MariaDB database, one Redis,
 * one data folder (media, JWT secrets), short leases. `remove` drops the database and the folder.
 */
export function multiProcessEnv(name: string, admin: { email: string; password: string }, sessionLeaseMs: number) {
  const { env, databaseUrl, remove } = processData(name, admin, { SESSION_LEASE_MS: String(sessionLeaseMs) });
  return { env, databaseUrl, remove };
}

/**
 * One machine's data for the server processes of a test, on the leg's database (TEST_DB: a SQLite file in the data
 * folder, or a MariaDB database of its own): the environment the processes share (short leases, a sandbox that
 * connects at once, `extra` last), `db()` to read what they stored (opened on first use, once a start created it)
 * and `remove` to close it and drop the database and the folder.
 */
export function processData(name: string, admin: { email: string; password: string }, extra: NodeJS.ProcessEnv = {}) {
  const mysql = process.env.TEST_DB === 'mysql';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `atrium-${name}-`));
  const sqliteFile = path.join(dataDir, 'atrium.sqlite');
  const databaseUrl = mysql
    ? `${(process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '')}/atrium_${name.replace(/\W/g, '_')}_${process.pid}`
    : `sqlite:${sqliteFile}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: process.env.TEST_REDIS_URL ?? '',
    ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password, LOG_LEVEL: 'fatal', LOGIN_RATE_MAX: '1000',
    SANDBOX_AUTOSCAN_MS: '50', SANDBOX_ACK_STEP_MS: '50', SESSION_LEASE_MS: '2000', JOB_LEASE_MS: '2000',
    CONSOLE_DIR: path.join(dataDir, 'none'), PLUGINS_DIR: '', ...extra,
  };
  let knex: Knex | undefined;
  const db = () => (knex ??= createKnex(mysql ? { kind: 'mysql', url: databaseUrl } : { kind: 'sqlite', url: databaseUrl, filename: sqliteFile }));
  const remove = async () => {
    await knex?.destroy();
    if (mysql) await dropMysqlDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { env, databaseUrl, db, remove };
}
