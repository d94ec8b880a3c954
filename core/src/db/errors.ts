/**
 * Database error classification, the same on SQLite (better-sqlite3) and MySQL/MariaDB (mysql2).
 * Writers rely on unique keys rather than check-then-insert, so they must recognise a violation;
 * objection may wrap the driver's error (nativeError), so both levels are looked at.
 */
interface DbError { code?: string; errno?: number; name?: string; nativeError?: unknown }

export function isUniqueViolation(err: unknown): boolean {
  const candidates = [err, (err as DbError | null)?.nativeError] as Array<DbError | null | undefined>;
  return candidates.some((e) => e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062
    || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
    || e?.name === 'UniqueViolationError');
}

/** MariaDB deadlock / lock-wait timeout, SQLite busy: the whole transaction may simply be retried. */
export function isRetryableTxError(err: unknown): boolean {
  const candidates = [err, (err as DbError | null)?.nativeError] as Array<DbError | null | undefined>;
  return candidates.some((e) => e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213
    || e?.code === 'ER_LOCK_WAIT_TIMEOUT' || e?.errno === 1205 || e?.code === 'SQLITE_BUSY');
}

/** Thrown by a transaction's work after losing an insert race: `withRetries` runs it again. */
export class RetryTransaction extends Error {
  constructor(reason: string) { super(reason); this.name = 'RetryTransaction'; }
}

/** Runs `work` again (fresh transaction, fresh snapshot) when it failed for a reason a retry can cure. */
export async function withRetries<T>(work: () => Promise<T>, attempts = 12): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retryable = err instanceof RetryTransaction || isRetryableTxError(err);
      if (!retryable || attempt >= attempts) throw err;
      // Exponential backoff with full jitter spreads out the losers of a race (many writers on one
      // hot ticket on MariaDB) so they do not collide again; capped at a quarter second.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 5 * 2 ** attempt)));
    }
  }
}

/** Connection-level failures: the database is down, restarting, stalled past a timeout, or its disk is full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN', 'ER_CON_COUNT_ERROR', 'ER_STATEMENT_TIMEOUT', 'ER_QUERY_TIMEOUT',
  'SQLITE_FULL', 'SQLITE_IOERR', 'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_READONLY',
]);

/**
 * The database cannot answer now (not a bug of the request): answered 503 ERR_SERVICE_UNAVAILABLE with Retry-After
 * (http/errors-install.ts). Includes knex's pool acquire timeout and a connection closed under a query.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const candidates = [err, (err as DbError | null)?.nativeError] as Array<(DbError & { message?: string }) | null | undefined>;
  return candidates.some((e) => !!e && ((e.code !== undefined && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('SQLITE_IOERR')))
    || e.name === 'KnexTimeoutError' || /Can't add new command when connection is in closed state|Connection lost|connect ECONNREFUSED/.test(e.message ?? '')));
}
