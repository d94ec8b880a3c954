/**
 * True when a database error is a unique-key violation (SQLite or MySQL/MariaDB), so a race between the
 * "already taken?" check and the insert still ends in a clear 409 instead of a 500.
 */
export function isUniqueViolation(err: unknown): boolean {
  const candidates = [err, (err as { nativeError?: unknown } | null)?.nativeError];
  return candidates.some((e) => {
    const code = (e as { code?: string } | null)?.code;
    return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'ER_DUP_ENTRY' || (e as { name?: string } | null)?.name === 'UniqueViolationError';
  });
}

/** A LIKE pattern matching `term` anywhere, LIKE's own wildcards escaped (pair with `ESCAPE '\\'`). */
export const likeAnywhere = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
