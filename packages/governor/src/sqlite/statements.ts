import { LedgerError } from '../errors/LedgerError.js';
import { MIGRATIONS } from './migrations.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';

/** The prepared statements of the ledger. */
export type Statements = Record<
  | 'beginImmediate'
  | 'commit'
  | 'rollback'
  | 'getState'
  | 'putState'
  | 'committedBetween'
  | 'getSession'
  | 'putSession'
  | 'insert'
  | 'get'
  | 'settle'
  | 'extend'
  | 'listOpen'
  | 'readSnapshot'
  | 'readStatus',
  SqliteStatementLike
>;

/**
 * A snapshot read in ONE statement (one implicit read transaction: consistent, and one lock instead of a BEGIN,
 * three reads and a COMMIT), as one JSON array — `[kill_switch, open_sum, window_cursor, window_committed,
 * session_reserved, session_committed, [committed values between the window cursor and the caller's window start
 * (either order: a caller's clock may lag the cursor)]]` — so that the driver builds one string, not a row object.
 */
const SNAPSHOT_FIELDS = `s.kill_switch, s.open_sum, s.window_cursor, s.window_committed,
  (SELECT reserved_sum FROM governor_sessions WHERE session_id = :sessionId),
  (SELECT committed_sum FROM governor_sessions WHERE session_id = :sessionId),
  json((SELECT json_group_array(value) FROM governor_reservations WHERE status = 'committed'
     AND reserved_at >= min(:windowStart, s.window_cursor) AND reserved_at < max(:windowStart, s.window_cursor)))`;

/** The open reservations as `[[id, action, session_id, reserved_value, value, reserved_at], …]`, oldest first. */
const OPEN_RESERVATIONS = `json((SELECT json_group_array(
    json_array(id, action, session_id, reserved_value, value, reserved_at) ORDER BY reserved_at, id)
  FROM governor_reservations WHERE status = 'reserved'))`;

/** Prepares every statement once (the schema must exist). */
export function prepareStatements(database: SqliteDatabaseLike): Statements {
  const p = (sql: string) => database.prepare(sql);
  return {
    beginImmediate: p('BEGIN IMMEDIATE'),
    commit: p('COMMIT'),
    rollback: p('ROLLBACK'),
    getState: p(
      'SELECT kill_switch, kill_switch_changed_at, open_sum, window_cursor, window_committed FROM governor_state WHERE id = 1',
    ),
    putState: p(
      `UPDATE governor_state SET kill_switch = ?, kill_switch_changed_at = ?, open_sum = ?, window_cursor = ?,
       window_committed = ? WHERE id = 1`,
    ),
    committedBetween: p(
      "SELECT value FROM governor_reservations WHERE status = 'committed' AND reserved_at >= ? AND reserved_at < ?",
    ),
    getSession: p('SELECT reserved_sum, committed_sum FROM governor_sessions WHERE session_id = ?'),
    putSession: p(
      `INSERT INTO governor_sessions (session_id, reserved_sum, committed_sum, started_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (session_id) DO UPDATE SET reserved_sum = excluded.reserved_sum, committed_sum = excluded.committed_sum`,
    ),
    insert: p(
      `INSERT INTO governor_reservations (id, action, session_id, reserved_value, value, status, reserved_at)
       VALUES (?, ?, ?, ?, ?, 'reserved', ?)`,
    ),
    get: p('SELECT * FROM governor_reservations WHERE id = ?'),
    settle: p('UPDATE governor_reservations SET status = ?, value = ?, settled_at = ? WHERE id = ?'),
    extend: p(
      "UPDATE governor_reservations SET reserved_value = ?, value = ? WHERE id = ? AND status = 'reserved'",
    ),
    listOpen: p("SELECT * FROM governor_reservations WHERE status = 'reserved' ORDER BY reserved_at, id"),
    readSnapshot: p(`SELECT json_array(${SNAPSHOT_FIELDS}) AS snapshot FROM governor_state s WHERE s.id = 1`),
    readStatus: p(
      `SELECT json_array(${SNAPSHOT_FIELDS}, ${OPEN_RESERVATIONS}) AS snapshot FROM governor_state s WHERE s.id = 1`,
    ),
  };
}

/** Applies pending migrations in one `BEGIN IMMEDIATE` transaction; refuses a newer schema. */
export function migrate(db: SqliteDatabaseLike): void {
  db.exec('BEGIN IMMEDIATE');
  try {
    db.exec(
      'CREATE TABLE IF NOT EXISTS governor_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const row = db.prepare('SELECT MAX(version) AS version FROM governor_migrations').get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > MIGRATIONS.length) {
      throw new LedgerError({
        shortMessage: `The database has governor schema version ${current}, newer than this package supports.`,
      });
    }
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      db.exec(MIGRATIONS[version - 1] as string);
      db.prepare('INSERT INTO governor_migrations (version, applied_at) VALUES (?, ?)').run(
        version,
        Date.now(),
      );
    }
    db.exec('COMMIT');
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    throw error;
  }
}
