import type { Pool } from 'pg';
import type { JobLease } from './JobLease.js';

/**
 * {@link JobLease} on PostgreSQL: one row per job in `jobs_leases` (owner, expiry on the database's clock, so the
 * instances' clocks do not matter). `acquire` is one statement: insert, or take over an expired lease, or renew one's
 * own — never someone else's unexpired lease.
 *
 * @example
 * ```ts
 * const leases = new PostgresJobLease({ pool });
 * if (await leases.acquire({ job: 'reconciler', owner: instanceId, ttlMs: 15_000 })) reconcile();
 * ```
 */
export class PostgresJobLease implements JobLease {
  readonly #pool: Pool;
  readonly #schema: string;
  readonly #table: string;
  #ready: Promise<void> | undefined;

  constructor({ pool, schema = 'public' }: { pool: Pool; schema?: string }) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Invalid schema name for job leases.');
    this.#pool = pool;
    this.#schema = schema;
    this.#table = `"${schema}".jobs_leases`;
  }

  async acquire({ job, owner, ttlMs }: { job: string; owner: string; ttlMs: number }): Promise<boolean> {
    await this.#migrated();
    const { rows } = await this.#pool.query(
      `INSERT INTO ${this.#table} AS l (job, owner, expires_at, acquired_at)
       VALUES ($1, $2, clock_timestamp() + $3 * interval '1 millisecond', clock_timestamp())
       ON CONFLICT (job) DO UPDATE
         SET owner = excluded.owner, expires_at = excluded.expires_at,
             acquired_at = CASE WHEN l.owner = excluded.owner THEN l.acquired_at ELSE excluded.acquired_at END
         WHERE l.owner = excluded.owner OR l.expires_at <= clock_timestamp()
       RETURNING owner`,
      [job, owner, ttlMs],
    );
    return rows[0]?.owner === owner;
  }

  async release({ job, owner }: { job: string; owner: string }): Promise<void> {
    await this.#migrated();
    await this.#pool.query(`DELETE FROM ${this.#table} WHERE job = $1 AND owner = $2`, [job, owner]);
  }

  #migrated(): Promise<void> {
    this.#ready ??= this.#migrate().catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #migrate(): Promise<void> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`jobs-leases:${this.#schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${this.#table} (
        job text PRIMARY KEY,
        owner text NOT NULL,
        expires_at timestamptz NOT NULL,
        acquired_at timestamptz NOT NULL
      )`);
      await client.query('COMMIT');
      client.release();
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.release(error instanceof Error ? error : true);
      throw error;
    }
  }
}
