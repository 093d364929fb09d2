import type { PostgresSchemaMigrations } from './PostgresTransactions.js';

/** Versioned schema of the governor's PostgreSQL tables: each entry runs once, in order, never edited. */
export const GOVERNOR_MIGRATIONS: PostgresSchemaMigrations = {
  label: 'governor',
  migrations: [
    `CREATE TABLE governor_state (
     id smallint PRIMARY KEY CHECK (id = 1),
     kill_switch boolean NOT NULL DEFAULT false,
     kill_switch_changed_at bigint
   );
   INSERT INTO governor_state (id) VALUES (1);
   CREATE TABLE governor_reservations (
     id text PRIMARY KEY,
     action text NOT NULL,
     session_id text NOT NULL,
     reserved_value numeric(78, 0) NOT NULL CHECK (reserved_value >= 0),
     value numeric(78, 0) NOT NULL CHECK (value >= 0 AND value <= reserved_value),
     status text NOT NULL CHECK (status IN ('reserved', 'committed', 'released')),
     reserved_at bigint NOT NULL,
     settled_at bigint
   );
   CREATE INDEX governor_reservations_open ON governor_reservations (session_id) WHERE status = 'reserved';
   CREATE INDEX governor_reservations_committed ON governor_reservations (reserved_at, session_id)
     WHERE status = 'committed';`,
  ],
};
