import type Database from 'better-sqlite3';

/**
 * Whether the database can still record anything: a read, then a one-row write in a transaction of its own (a
 * `health_probe` table, created on first use). A database that reads but cannot write — the disk full, the file or
 * its directory read-only — cannot record spend, so it is not healthy. While another transaction is open on the
 * connection the write is skipped (a probe never joins a transaction it did not open) and the read decides.
 *
 * @example
 * ```ts
 * probeSqliteWrite(database); // false once the disk under DATA_DIR is full
 * ```
 */
export function probeSqliteWrite(database: Database.Database, now: () => number = Date.now): boolean {
  try {
    if (!database.open || database.prepare('SELECT 1 AS one').get() === undefined) return false;
    if (database.inTransaction) return true;
    database.exec('BEGIN IMMEDIATE');
    try {
      database.exec(
        'CREATE TABLE IF NOT EXISTS health_probe (id INTEGER PRIMARY KEY CHECK (id = 1), at INTEGER NOT NULL)',
      );
      database
        .prepare(
          'INSERT INTO health_probe (id, at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at = excluded.at',
        )
        .run(now());
      database.exec('COMMIT');
    } catch (error) {
      if (database.inTransaction) database.exec('ROLLBACK');
      throw error;
    }
    return true;
  } catch {
    return false;
  }
}
