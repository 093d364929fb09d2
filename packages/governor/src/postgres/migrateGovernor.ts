import type { PostgresClientLike } from './PostgresPoolLike.js';

/** Versioned schema of the governor's PostgreSQL tables: each entry runs once, in order, never edited. */
const MIGRATIONS: readonly string[] = [
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
];

/**
 * Brings the governor's tables in `schema` to the newest version, in one transaction under an advisory lock, so
 * instances starting together migrate once and none reads a half-made schema.
 */
export async function migrateGovernor(client: PostgresClientLike, schema: string): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`governor-migrations:${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await client.query(`SET LOCAL search_path TO "${schema}"`);
    await client.query(
      'CREATE TABLE IF NOT EXISTS governor_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const { rows } = await client.query(
      'SELECT coalesce(max(version), 0) AS version FROM governor_migrations',
    );
    const current = Number(rows[0]?.version ?? 0);
    for (let version = current + 1; version <= MIGRATIONS.length; version++) {
      await client.query(MIGRATIONS[version - 1] as string);
      await client.query('INSERT INTO governor_migrations (version) VALUES ($1)', [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
