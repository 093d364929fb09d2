/** Ordered schema migrations of the SQLite ledger; index + 1 is the version. Never edit a shipped one. */
export const MIGRATIONS: readonly string[] = [
  `CREATE TABLE governor_state (
     id INTEGER PRIMARY KEY CHECK (id = 1),
     kill_switch INTEGER NOT NULL DEFAULT 0 CHECK (kill_switch IN (0, 1)),
     kill_switch_changed_at INTEGER,
     open_sum TEXT NOT NULL DEFAULT '0',
     window_cursor INTEGER NOT NULL DEFAULT 0,
     window_committed TEXT NOT NULL DEFAULT '0'
   );
   INSERT INTO governor_state (id) VALUES (1);
   CREATE TABLE governor_reservations (
     id TEXT PRIMARY KEY,
     action TEXT NOT NULL,
     session_id TEXT NOT NULL,
     reserved_value TEXT NOT NULL,
     value TEXT NOT NULL,
     status TEXT NOT NULL CHECK (status IN ('reserved', 'committed', 'released')),
     reserved_at INTEGER NOT NULL,
     settled_at INTEGER
   );
   CREATE INDEX governor_reservations_status_time ON governor_reservations (status, reserved_at);
   CREATE TABLE governor_sessions (
     session_id TEXT PRIMARY KEY,
     reserved_sum TEXT NOT NULL,
     committed_sum TEXT NOT NULL,
     started_at INTEGER NOT NULL
   );`,
];
