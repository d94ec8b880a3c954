import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
function findRepoRoot(from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "plugin.schema.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no plugin.schema.json above ${from}: is the core outside its repository?`);
  }
}
function parseDatabase(url, dataDir) {
  if (!url || url.startsWith("sqlite:") || url.endsWith(".sqlite") || url.endsWith(".db")) {
    const filename = !url ? path.join(dataDir, "atrium.sqlite") : url.replace(/^sqlite:(\/\/)?/, "") || path.join(dataDir, "atrium.sqlite");
    return { kind: "sqlite", url: `sqlite:${filename}`, filename };
  }
  if (url.startsWith("mysql:") || url.startsWith("mariadb:")) {
    return { kind: "mysql", url: url.replace(/^mariadb:/, "mysql:") };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or mysql: (got "${url}")`);
}
function parseTrustProxy(value) {
  const raw = (value ?? "").trim();
  if (raw === "" || raw === "false" || raw === "0") return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw.split(",").map((part) => part.trim()).filter(Boolean);
  const address = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;
  const bad = list.find((part) => !address.test(part));
  if (bad !== void 0 || list.length === 0) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma-separated list of proxy addresses/CIDRs (got "${bad ?? raw}")`);
  }
  return list;
}
function fastifyTrustProxy(value) {
  if (typeof value === "number") return (_address, hop) => hop < value;
  return value;
}
function parseCorsOrigins(value) {
  return (value ?? "").split(",").map((part) => part.trim()).filter(Boolean).map((part) => {
    let origin;
    try {
      const url = new URL(part);
      if ((url.protocol === "http:" || url.protocol === "https:") && url.origin === part.replace(/\/$/, "")) origin = url.origin;
    } catch {
    }
    if (!origin) throw new Error(`CORS_ORIGINS must list origins such as https://app.example.com, comma-separated (got "${part}")`);
    return origin;
  });
}
function parseFrameAncestors(value) {
  const sources = (value ?? "").split(/\s+/).filter(Boolean);
  if (!sources.length) return ["'none'"];
  const bad = sources.find((s) => !/^('none'|'self'|https?:\/\/[\w.*-]+(:\d+)?|https?:)$/.test(s));
  if (bad !== void 0 || sources.includes("'none'") && sources.length > 1) {
    throw new Error(`FRAME_ANCESTORS must be 'none', or 'self' and/or origins such as https://portal.example.com, space-separated (got "${bad ?? value}")`);
  }
  return sources;
}
function redisPrefix(config) {
  return `atrium:${config.database.url.replace(/[^\w]/g, "").slice(-40)}`;
}
function loadSecrets(dataDir, env) {
  const file = path.join(dataDir, "secrets.json");
  let stored = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, "utf8"));
  const secret = env.JWT_SECRET ?? stored.secret ?? randomBytes(48).toString("base64url");
  const refreshSecret = env.JWT_REFRESH_SECRET ?? stored.refreshSecret ?? randomBytes(48).toString("base64url");
  const secretsKey = env.SECRETS_KEY || stored.secretsKey || randomBytes(32).toString("base64");
  const next = { ...stored };
  if (!env.JWT_SECRET || !env.JWT_REFRESH_SECRET) Object.assign(next, { secret, refreshSecret });
  if (!env.SECRETS_KEY) next.secretsKey = secretsKey;
  if (JSON.stringify(next) !== JSON.stringify(stored)) writeFileSync(file, JSON.stringify(next, null, 2), { mode: 384 });
  return { jwt: { secret, refreshSecret }, secretsKey };
}
function parseTimeScale(value) {
  if (value === void 0 || value.trim() === "") return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0) throw new Error(`ATRIUM_TIME_SCALE must be a positive number (got "${value}")`);
  return scale;
}
function dataPaths(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, "data"));
  return { dataDir, database: parseDatabase(env.DATABASE_URL, dataDir) };
}
function loadConfig(env = process.env, overrides = {}) {
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? path.join(repoRoot, "data"));
  mkdirSync(dataDir, { recursive: true });
  const port = Number(env.PORT ?? 8080);
  const secrets = loadSecrets(dataDir, env);
  const config = {
    port,
    host: env.HOST ?? "0.0.0.0",
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    dataDir,
    database: parseDatabase(env.DATABASE_URL, dataDir),
    redisUrl: env.REDIS_URL || void 0,
    pluginsDir: env.PLUGINS_DIR || void 0,
    admin: { email: env.ADMIN_EMAIL ?? "admin@atrium.local", password: env.ADMIN_PASSWORD || void 0 },
    jwt: {
      ...secrets.jwt,
      accessTtl: env.JWT_ACCESS_TTL ?? "15m",
      refreshTtlSeconds: Number(env.JWT_REFRESH_TTL_SECONDS ?? 7 * 24 * 3600),
      refreshReuseGraceMs: Number(env.JWT_REFRESH_REUSE_GRACE_MS ?? 1e4),
      sessionIdleMs: Number(env.SESSION_IDLE_HOURS ?? 12) * 36e5
    },
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.MAIL_FROM ?? "Atrium <no-reply@atrium.local>" } : void 0,
    consoleDir: path.resolve(env.CONSOLE_DIR ?? path.join(repoRoot, "host-web", "dist")),
    seed: env.SEED !== "false",
    logLevel: env.LOG_LEVEL ?? "info",
    sandbox: {
      autoScanMs: Number(env.SANDBOX_AUTOSCAN_MS ?? 3e3),
      ackStepMs: Number(env.SANDBOX_ACK_STEP_MS ?? 1500)
    },
    sessionLeaseMs: Number(env.SESSION_LEASE_MS ?? 15e3),
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 3e4),
    diskMinFreeBytes: Number(env.DISK_MIN_FREE_MB ?? 200) * 1024 * 1024,
    dbAcquireTimeoutMs: Number(env.DB_ACQUIRE_TIMEOUT_MS ?? 5e3),
    dbStatementTimeoutMs: Number(env.DB_STATEMENT_TIMEOUT_MS ?? 1e4),
    timeScale: parseTimeScale(env.ATRIUM_TIME_SCALE),
    allowPrivateUrls: env.ALLOW_PRIVATE_URLS === "true",
    secretsKey: secrets.secretsKey,
    loginRateLimit: {
      max: Number(env.LOGIN_RATE_MAX ?? 10),
      windowMs: Number(env.LOGIN_RATE_WINDOW_MS ?? 6e4)
    },
    authFailureLimit: {
      max: Number(env.AUTH_FAILURES_MAX ?? 20),
      windowMs: Number(env.AUTH_FAILURES_WINDOW_MS ?? 10 * 6e4)
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    frameAncestors: parseFrameAncestors(env.FRAME_ANCESTORS)
  };
  return { ...config, ...overrides };
}
export {
  dataPaths,
  fastifyTrustProxy,
  loadConfig,
  parseCorsOrigins,
  parseFrameAncestors,
  parseTrustProxy,
  redisPrefix,
  repoRoot
};
