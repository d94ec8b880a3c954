import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp, type BuildOptions } from '../src/app.js';
import { BUILTIN_PLAN_FLAGS, Company, Plan, User } from '../src/db/models/index.js';
import { Model } from 'objection';
import { redisPrefix, type Config } from '../src/config/index.js';
import { hashPassword } from '../src/util/password.js';
import { addDays } from '../src/util/dates.js';
import tap from 'tap';
import { copyMigratedSqlite } from './sqlite-template.js';

export const ADMIN_EMAIL = 'root@atrium.test';
export const ADMIN_PASSWORD = 'Root-pass-123';

/** Which database this run uses: TEST_DB=mysql runs the same suite on MariaDB (a fresh database per test file). */
export const testDb = process.env.TEST_DB === 'mysql' ? 'mysql' : 'sqlite';

const mysqlServer = () => (process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306').replace(/\/$/, '');

/**
 * The MariaDB template's helpers, loaded on the MariaDB leg only: their clients (mysql2, redis) are ~700 modules that a
 * SQLite test process would load for nothing, a third of its start-up's modules, in each of the leg's files.
 */
const mysqlTemplate = () => import('./mysql-template.js');

if (testDb === 'mysql') tap.teardown(async () => (await mysqlTemplate()).dropSpareDatabases(mysqlServer()));

/** A new, migrated database for one app: on MariaDB a copy of the process's migrated template (mysql-template.ts), or a spare one of this process emptied back to it; on SQLite a copy of the migrated template file (sqlite-template.ts). */
async function databaseFor(dataDir: string): Promise<Config['database']> {
  if (testDb === 'mysql') {
    const name = await (await mysqlTemplate()).acquireMigratedDatabase(mysqlServer());
    return { kind: 'mysql', url: `${mysqlServer()}/${name}` };
  }
  const filename = path.join(dataDir, 'test.sqlite');
  await copyMigratedSqlite(filename);
  return { kind: 'sqlite', url: `sqlite:${filename}`, filename };
}

export interface Reply<T = any> { status: number; body: T; headers: Record<string, unknown> }

export interface Tenant { companyId: number; planId: number; admin: { id: number; token: string; email: string; password: string } }

export interface TestApp {
  app: FastifyInstance;
  /** The seeded super user's token (company 1, every feature). */
  token: string;
  companyId: number;
  request<T = any>(method: string, url: string, options?: { token?: string; body?: unknown; query?: Record<string, unknown>; headers?: Record<string, string> }): Promise<Reply<T>>;
  login(email: string, password: string): Promise<string>;
  /** A second company with its own plan (flags default to all on) and admin. */
  createTenant(name: string, planFlags?: Partial<Record<string, boolean>>, planLimits?: Partial<Pick<Plan, 'users' | 'connections' | 'queues'>>): Promise<Tenant>;
  /** A plain user (profile user) in a company. */
  createUser(companyId: number, fields?: Partial<User> & { password?: string }): Promise<{ id: number; token: string; email: string }>;
}

/** Boots the whole app on a fresh database and data folder; closed and removed when the test ends. */
export async function build(t: Test, options: BuildOptions & { config?: Partial<Config> } = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'atrium-test-'));
  const database = await databaseFor(dataDir);
  const app = await buildApp({
    logger: false,
    lazySchemas: true,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? '', PLUGINS_DIR: '' },
    ...options,
    config: {
      dataDir, database, seed: true, consoleDir: path.join(dataDir, 'no-console'),
      sandbox: { autoScanMs: 50, ackStepMs: 30 },
      loginRateLimit: { max: 1000, windowMs: 60_000 },
      ...options.config,
    },
  });
  await app.ready();
  t.teardown(async () => {
    await app.close();
    if (database.kind === 'mysql') {
      const redisUrl = process.env.TEST_REDIS_URL;
      await (await mysqlTemplate()).releaseMigratedDatabase(mysqlServer(), database.url.slice(mysqlServer().length + 1), redisUrl ? { url: redisUrl, prefix: redisPrefix({ database }) } : undefined);
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  const request: TestApp['request'] = async (method, url, opts = {}) => {
    const res = await app.inject({
      method: method as 'GET',
      url,
      query: opts.query as Record<string, string> | undefined,
      payload: opts.body as object | undefined,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    });
    let body: unknown = res.body;
    try { body = res.json(); } catch { /* not JSON */ }
    return { status: res.statusCode, body: body as any, headers: res.headers };
  };

  const login = async (email: string, password: string) => {
    const res = await request('POST', '/api/auth/login', { body: { email, password } });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };

  const token = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
  let users = 0;

  const createUser: TestApp['createUser'] = async (companyId, fields = {}) => {
    users += 1;
    const email = fields.email ?? `user${users}.${companyId}@atrium.test`;
    const password = fields.password ?? 'User-pass-123';
    const { password: _drop, ...rest } = fields;
    void _drop;
    const user = await User.scoped(companyId).insertAndFetch({
      name: `User ${users}`, profile: 'user', super: false, allTicket: 'desabled', ...rest, email, passwordHash: await hashPassword(password),
    } as Partial<User>);
    return { id: user.id, email, token: await login(email, password) };
  };

  const createTenant: TestApp['createTenant'] = async (name, planFlags = {}, planLimits = {}) => {
    const plan = await Plan.query().insertAndFetch({
      name: `Plan ${name} ${Math.random().toString(36).slice(2, 6)}`, users: 0, connections: 0, queues: 0, value: 99,
      useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true, useFlowbuilder: true,
      // Built-in flags are columns; any other (a plugin's) lives in `features`.
      ...Object.fromEntries(Object.entries(planFlags).filter(([k]) => (BUILTIN_PLAN_FLAGS as readonly string[]).includes(k))),
      features: Object.fromEntries(Object.entries(planFlags).filter(([k]) => !(BUILTIN_PLAN_FLAGS as readonly string[]).includes(k))),
      ...planLimits,
    } as Partial<Plan>);
    const company = await Company.query().insertAndFetch({
      name, email: `${name.toLowerCase().replace(/\W/g, '')}@atrium.test`, planId: plan.id, status: true,
      dueDate: addDays(new Date(), 30).toISOString().slice(0, 10), recurrence: 'MENSAL',
    } as Partial<Company>);
    await app.tenancy.settings.seedDefaults(company.id);
    const admin = await createUser(company.id, { profile: 'admin', email: `admin@${name.toLowerCase().replace(/\W/g, '')}.test`, password: 'Admin-pass-123' });
    return { companyId: company.id, planId: plan.id, admin: { ...admin, password: 'Admin-pass-123' } };
  };

  return { app, token, companyId: 1, request, login, createTenant, createUser };
}

/**
 * A second app instance on the same database and Redis as `first`, standing for another API process.
 * Objection binds one knex per process: the first app's stays bound, for the test's own queries.
 * Closed before the first (the caller's teardown order).
 */
export async function secondInstance(first: FastifyInstance): Promise<FastifyInstance> {
  const { config } = first;
  const second = await buildApp({
    logger: false,
    env: { ...process.env, ADMIN_EMAIL, ADMIN_PASSWORD, REDIS_URL: process.env.TEST_REDIS_URL ?? '', PLUGINS_DIR: '' },
    config: { dataDir: config.dataDir, database: config.database, seed: false, consoleDir: path.join(config.dataDir, 'no-console'), sandbox: config.sandbox, loginRateLimit: config.loginRateLimit },
  });
  Model.knex(first.knex);
  await second.ready();
  Model.knex(first.knex);
  return second;
}
