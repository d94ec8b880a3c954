/**
 * Database error classification shared by the pipeline and the ticket domain. The pipeline relies on
 * the database's unique keys (messages(whatsappId, providerId), contacts(companyId, number|lid),
 * tickets_live_contact_unique) instead of check-then-insert, so it must recognise their violations on
 * both SQLite and MariaDB.
 */
interface DbError { code?: string; errno?: number; message?: string; name?: string; nativeError?: DbError }

/** Objection wraps driver errors (db-errors); the driver's own code is on `nativeError`. */
const native = (err: unknown): DbError => ((err as DbError)?.nativeError ?? err) as DbError;

export function isUniqueViolation(err: unknown): boolean {
  if ((err as DbError)?.name === 'UniqueViolationError') return true;
  const e = native(err);
  return e?.code === 'ER_DUP_ENTRY' || e?.errno === 1062
    || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** Which unique key failed, when the driver says so (MySQL names the key, SQLite the columns). */
export function violatedKey(err: unknown): string {
  return String(native(err)?.message ?? '');
}

/** MariaDB deadlock / lock-wait timeout: the whole transaction may simply be retried. */
export function isRetryableTxError(err: unknown): boolean {
  const e = native(err);
  return e?.code === 'ER_LOCK_DEADLOCK' || e?.errno === 1213 || e?.code === 'ER_LOCK_WAIT_TIMEOUT' || e?.errno === 1205
    || e?.code === 'SQLITE_BUSY';
}

/**
 * Runs `work` and retries it (fresh transaction, fresh snapshot) when it failed for a reason a retry
 * can cure: a deadlock, or `RetryTransaction` thrown by the work itself after losing an insert race.
 */
export class RetryTransaction extends Error {
  constructor(reason: string) { super(reason); this.name = 'RetryTransaction'; }
}

export async function withRetries<T>(work: () => Promise<T>, attempts = 6): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retryable = err instanceof RetryTransaction || isRetryableTxError(err);
      if (!retryable || attempt >= attempts) throw err;
      // Jitter spreads out the losers of a race so they do not collide again.
      await new Promise((r) => setTimeout(r, Math.random() * 15 * attempt));
    }
  }
}
