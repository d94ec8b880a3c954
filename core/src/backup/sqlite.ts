import Database from 'better-sqlite3';

/**
 * A consistent copy of a live SQLite database through SQLite's online backup API (better-sqlite3's
 * `backup`), safe while the server writes: after the first step every page goes in one step, which reads
 * one snapshot (in WAL mode the writers are not blocked meanwhile); were the source written between two
 * steps, SQLite would restart the copy by itself.
 */
export async function snapshotSqlite(source: string, target: string): Promise<void> {
  const db = new Database(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(target, { progress: () => 0x7fffffff });
  } finally {
    db.close();
  }
}

/** Checks a restored file before it replaces anything: SQLite's own integrity check. */
export function checkSqlite(file: string): void {
  const db = new Database(file, { fileMustExist: true, readonly: true });
  try {
    const result = db.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(`The archive's database is damaged: ${String(result)}`);
  } finally {
    db.close();
  }
}
