function isUniqueViolation(err) {
  const candidates = [err, err?.nativeError];
  return candidates.some((e) => e?.code === "ER_DUP_ENTRY" || e?.errno === 1062 || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.name === "UniqueViolationError");
}
function isRetryableTxError(err) {
  const candidates = [err, err?.nativeError];
  return candidates.some((e) => e?.code === "ER_LOCK_DEADLOCK" || e?.errno === 1213 || e?.code === "ER_LOCK_WAIT_TIMEOUT" || e?.errno === 1205 || e?.code === "SQLITE_BUSY");
}
class RetryTransaction extends Error {
  constructor(reason) {
    super(reason);
    this.name = "RetryTransaction";
  }
}
async function withRetries(work, attempts = 12) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retryable = err instanceof RetryTransaction || isRetryableTxError(err);
      if (!retryable || attempt >= attempts) throw err;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 5 * 2 ** attempt)));
    }
  }
}
const UNAVAILABLE_CODES = /* @__PURE__ */ new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "PROTOCOL_CONNECTION_LOST",
  "PROTOCOL_SEQUENCE_TIMEOUT",
  "ER_SERVER_SHUTDOWN",
  "ER_CON_COUNT_ERROR",
  "ER_STATEMENT_TIMEOUT",
  "ER_QUERY_TIMEOUT",
  "SQLITE_FULL",
  "SQLITE_IOERR",
  "SQLITE_BUSY",
  "SQLITE_CANTOPEN",
  "SQLITE_READONLY"
]);
function isDatabaseUnavailable(err) {
  const candidates = [err, err?.nativeError];
  return candidates.some((e) => !!e && (e.code !== void 0 && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith("SQLITE_IOERR")) || e.name === "KnexTimeoutError" || /Can't add new command when connection is in closed state|Connection lost|connect ECONNREFUSED/.test(e.message ?? "")));
}
export {
  RetryTransaction,
  isDatabaseUnavailable,
  isRetryableTxError,
  isUniqueViolation,
  withRetries
};
