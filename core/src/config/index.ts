import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this module holding plugin.json's schema. Found by
 * walking up because this module runs from core/src/config (tsx) or bundled into core/dist (npm start).
 */
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'plugin.schema.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no plugin.schema.json above ${from}: is the core outside its repository?`);
  }
}

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
  jwt: {
    secret: string; refreshSecret: string; accessTtl: string; refreshTtlSeconds: number;
    /** How long after a refresh the token it replaced is still answered (two tabs refreshing at once), not taken for a replay. */
    refreshReuseGraceMs: number;
    /** A session unused this long (no refresh: its browser closed or asleep) ends and leaves the sessions list; 0 = never. */
    sessionIdleMs: number;
  };
  smtp?: { url: string; from: string };
  consoleDir: string;
  seed: boolean;
  logLevel: string;
  /** Speeds used by the sandbox phone network (tests shorten them). */
  sandbox: { autoScanMs: number; ackStepMs: number };
  loginRateLimit: { max: number; windowMs: number };
  /** Failed logins and reset-code attempts per client address, across accounts (password spraying). */
  authFailureLimit: { max: number; windowMs: number };
  /**
   * Which proxies may tell the client's address in X-Forwarded-For (Fastify's trustProxy): false (the
   * default: the socket's address counts), a hop count, or the proxies' addresses / CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** How long a process's claim on a messaging session lasts without renewal (Redis mode): the takeover delay after a crash. */
  sessionLeaseMs: number;
  /** Database job queue: how long a claimed job stays claimed without renewal (the re-run delay after a crash). */
  jobLeaseMs: number;
  /** Below this much free space in DATA_DIR inbound is refused (503) and /api/health says so (DISK_MIN_FREE_MB, default 200). */
  diskMinFreeBytes: number;
  /** How long a query waits for a database connection before it fails with 503 (DB_ACQUIRE_TIMEOUT_MS, default 5 s). */
  dbAcquireTimeoutMs: number;
  /** MariaDB: how long one statement may run before it fails with 503 (DB_STATEMENT_TIMEOUT_MS, default 10 s; 0: none). */
  dbStatementTimeoutMs: number;
  /** How long a SIGTERM/SIGINT shutdown may take before the process exits anyway, with 1 (SHUTDOWN_TIMEOUT_MS, default 20 s). */
  shutdownTimeoutMs: number;
  /** ATRIUM_TIME_SCALE: multiplies durations the spec fixes in minutes or days (1 = real time; demos and tests use less). */
  timeScale: number;

  /** Let sdk.http reach private, loopback and link-local addresses (development, tests with local fakes). */
  allowPrivateUrls: boolean;
  /** AES-256-GCM key of sdk.secrets (32 bytes, base64 or hex): SECRETS_KEY, else generated into DATA_DIR/secrets.json. */
  secretsKey: string;
  /** CORS_ORIGINS: web origins besides PUBLIC_URL's whose pages may call the API and open the socket (none by default). */
  corsOrigins: string[];
  /** FRAME_ANCESTORS: the CSP sources that may frame the console (default `'none'`: no page may). */
  frameAncestors: string[];
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
 * TRUST_PROXY: unset, empty, `false` or `0` → off; a whole number → that many proxy hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges. `true` (trust anyone) is refused: any client
 * could then choose the address the login limits see.
 */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const raw = (value ?? '').trim();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw.split(',').map((part) => part.trim()).filter(Boolean);
  const address = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;
  const bad = list.find((part) => !address.test(part));
  if (bad !== undefined || list.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs (got "${bad ?? raw}")`);
  }
  return list;
}

/**
 * Config's trustProxy as Fastify takes it. A hop count becomes a function trusting the nearest `n`
 * hops: this Fastify treats a bare number as "trust nobody" (it cannot check the peer), so the count
 * is only safe when the server's port is reachable through the proxies alone (documented).
 */
export function fastifyTrustProxy(value: Config['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** CORS_ORIGINS: comma-separated origins (`https://app.example.com`); anything else stops the start. `*` is refused: credentials are sent. */
export function parseCorsOrigins(value: string | undefined): string[] {
  return (value ?? '').split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
    let origin: string | undefined;
    try {
      const url = new URL(part);
      if ((url.protocol === 'http:' || url.protocol === 'https:') && url.origin === part.replace(/\/$/, '')) origin = url.origin;
    } catch { /* reported below */ }
    if (!origin) throw new Error(`CORS_ORIGINS must list origins such as https://app.example.com, comma-separated (got "${part}")`);
    return origin;
  });
}

/**
 * FRAME_ANCESTORS: the CSP `frame-ancestors` sources, space-separated (`'self' https://portal.example.com`).
 * Unset: `'none'`, no page may frame the console (clickjacking). Quotes and schemes as CSP writes them.
 */
export function parseFrameAncestors(value: string | undefined): string[] {
  const sources = (value ?? '').split(/\s+/).filter(Boolean);
  if (!sources.length) return ["'none'"];
  const bad = sources.find((s) => !/^('none'|'self'|https?:\/\/[\w.*-]+(:\d+)?|https?:)$/.test(s));
  if (bad !== undefined || (sources.includes("'none'") && sources.length > 1)) {
    throw new Error(`FRAME_ANCESTORS must be 'none', or 'self' and/or origins such as https://portal.example.com, space-separated (got "${bad ?? value}")`);
  }
  return sources;
}

/** The prefix of this installation's Redis keys (jobs, limits): one per database, so installations can share a Redis. */
export function redisPrefix(config: Pick<Config, 'database'>): string {
  return `atrium:${config.database.url.replace(/[^\w]/g, '').slice(-40)}`;
}

/**
 * JWT secrets and the key that encrypts stored secrets (sdk.secrets) come from the environment, or are
 * generated once and kept in the data folder, so no secret is ever hard-coded and restarts keep sessions
 * valid and stored secrets readable.
 */
function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv) {
  const file = path.join(dataDir, 'secrets.json');
  let stored: { secret?: string; refreshSecret?: string; secretsKey?: string } = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  const secret = env.JWT_SECRET ?? stored.secret ?? randomBytes(48).toString('base64url');
  const refreshSecret = env.JWT_REFRESH_SECRET ?? stored.refreshSecret ?? randomBytes(48).toString('base64url');
  const secretsKey = env.SECRETS_KEY || stored.secretsKey || randomBytes(32).toString('base64');
  const next = { ...stored };
  if (!env.JWT_SECRET || !env.JWT_REFRESH_SECRET) Object.assign(next, { secret, refreshSecret });
  if (!env.SECRETS_KEY) next.secretsKey = secretsKey;
  if (JSON.stringify(next) !== JSON.stringify(stored)) writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  return { jwt: { secret, refreshSecret }, secretsKey };
}

/** A positive factor; anything else stops start-up rather than silently running at the wrong speed. */
function parseTimeScale(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`ATRIUM_TIME_SCALE must be a positive number (got "${value}")`);
  return scale;
}

/**
 * Where the data lives (DATA_DIR, DATABASE_URL), read without creating or writing anything: the backup and restore
 * commands (core/src/backup) must not generate a secrets file in the folder they restore into.
 */
export function dataPaths(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'database'> {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return { dataDir, database: parseDatabase(env.DATABASE_URL, dataDir) };
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
      ...secrets.jwt,
      accessTtl: env.JWT_ACCESS_TTL ?? '15m',
      refreshTtlSeconds: Number(env.JWT_REFRESH_TTL_SECONDS ?? 7 * 24 * 3600),
      refreshReuseGraceMs: Number(env.JWT_REFRESH_REUSE_GRACE_MS ?? 10_000),
      sessionIdleMs: Number(env.SESSION_IDLE_HOURS ?? 12) * 3_600_000,
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
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 30_000),
    diskMinFreeBytes: Number(env.DISK_MIN_FREE_MB ?? 200) * 1024 * 1024,
    dbAcquireTimeoutMs: Number(env.DB_ACQUIRE_TIMEOUT_MS ?? 5000),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 10_000),
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 20_000),
    timeScale: parseTimeScale(env.ATRIUM_TIME_SCALE),

    allowPrivateUrls: env.ALLOW_PRIVATE_URLS === 'true',
    secretsKey: secrets.secretsKey,
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_MAX ?? 10),
      windowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 60_000),
    },
    authFailureLimit: {
      max: Number(env.AUTH_FAILURES_MAX ?? 20),
      windowMs: Number(env.AUTH_FAILURES_WINDOW_MS ?? 10 * 60_000),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS),
  };
  return { ...config, ...overrides };
}
