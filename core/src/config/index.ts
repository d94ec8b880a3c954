import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: two levels above core/src/config. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export type DatabaseKind = 'sqlite' | 'mysql';

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: { kind: DatabaseKind; url: string; filename?: string };
  redisUrl?: string;
  pluginsDir?: string;
  admin: { email: string; password?: string };
  jwt: { secret: string; refreshSecret: string; accessTtl: string; refreshTtlSeconds: number };
  smtp?: { url: string; from: string };
  consoleDir: string;
  seed: boolean;
  logLevel: string;
  /** Speeds used by the sandbox phone network (tests shorten them). */
  sandbox: { autoScanMs: number; ackStepMs: number };
  loginRateLimit: { max: number; windowMs: number };
  /** How long a process's claim on a messaging session lasts without renewal (Redis mode): the takeover delay after a crash. */
  sessionLeaseMs: number;
}

function parseDatabase(url: string | undefined, dataDir: string): Config['database'] {
  if (!url || url.startsWith('sqlite:') || url.endsWith('.sqlite') || url.endsWith('.db')) {
    const filename = !url
      ? path.join(dataDir, 'atrium.sqlite')
      : url.replace(/^sqlite:(\/\/)?/, '') || path.join(dataDir, 'atrium.sqlite');
    return { kind: 'sqlite', url: `sqlite:${filename}`, filename };
  }
  if (url.startsWith('mysql:') || url.startsWith('mariadb:')) {
    return { kind: 'mysql', url: url.replace(/^mariadb:/, 'mysql:') };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or mysql: (got "${url}")`);
}

/**
 * JWT secrets come from the environment, or are generated once and kept in the data folder,
 * so no secret is ever hard-coded and restarts keep sessions valid.
 */
function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv) {
  const file = path.join(dataDir, 'secrets.json');
  let stored: { secret?: string; refreshSecret?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secret = env.JWT_SECRET ?? stored.secret ?? randomBytes(48).toString('base64url');
  const refreshSecret = env.JWT_REFRESH_SECRET ?? stored.refreshSecret ?? randomBytes(48).toString('base64url');
  if (!env.JWT_SECRET || !env.JWT_REFRESH_SECRET) {
    if (stored.secret !== secret || stored.refreshSecret !== refreshSecret) {
      writeFileSync(file, JSON.stringify({ secret, refreshSecret }, null, 2), { mode: 0o600 });
    }
  }
  return { secret, refreshSecret };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 8080);
  const secrets = loadSecrets(dataDir, env);
  const config: Config = {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir,
    database: parseDatabase(env.DATABASE_URL, dataDir),
    redisUrl: env.REDIS_URL || undefined,
    pluginsDir: env.PLUGINS_DIR || undefined,
    admin: { email: env.ADMIN_EMAIL ?? 'admin@atrium.local', password: env.ADMIN_PASSWORD || undefined },
    jwt: {
      ...secrets,
      accessTtl: env.JWT_ACCESS_TTL ?? '15m',
      refreshTtlSeconds: Number(env.JWT_REFRESH_TTL_SECONDS ?? 7 * 24 * 3600),
    },
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? 'Atrium <no-reply@atrium.local>' } : undefined,
    consoleDir: path.resolve(env.CONSOLE_DIR ?? path.join(repoRoot, 'host-web', 'dist')),
    seed: env.SEED !== 'false',
    logLevel: env.LOG_LEVEL ?? 'info',
    sandbox: {
      autoScanMs: Number(env.SANDBOX_AUTOSCAN_MS ?? 3000),
      ackStepMs: Number(env.SANDBOX_ACK_STEP_MS ?? 1500),
    },
    sessionLeaseMs: Number(env.SESSION_LEASE_MS ?? 15_000),
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_MAX ?? 10),
      windowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 60_000),
    },
  };
  return { ...config, ...overrides };
}
