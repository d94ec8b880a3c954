/**
 * True when a database error is a unique-key violation, on SQLite (better-sqlite3) and MySQL/MariaDB.
 * Objection may wrap the driver's error (nativeError), so both levels are checked.
 */
export function isUniqueViolation(err: unknown): boolean {
  const candidates = [err, (err as { nativeError?: unknown } | null)?.nativeError];
  return candidates.some((e) => {
    const code = (e as { code?: string } | null)?.code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'ER_DUP_ENTRY'
      || (e as { name?: string } | null)?.name === 'UniqueViolationError';
  });
}

/**
 * LIKE patterns with the term's own wildcards escaped by '!' (use with ESCAPE '!'): a backslash
 * would need different quoting on MySQL and SQLite, '!' means the same on both.
 */
export const LIKE_ESCAPE = "ESCAPE '!'";
const escapeLike = (term: string) => term.replace(/[!%_]/g, (c) => `!${c}`);
export const likeAnywhere = (term: string) => `%${escapeLike(term)}%`;
export const likePrefix = (term: string) => `${escapeLike(term)}%`;
