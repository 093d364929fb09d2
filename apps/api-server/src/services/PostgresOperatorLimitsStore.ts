import type { Pool } from 'pg';
import type { OperatorLimits, OperatorLimitsStore } from './OperatorLimitsStore.js';

/**
 * {@link OperatorLimitsStore} on PostgreSQL: one row in `operator_limits`, shared by every instance (caps an operator
 * sets on one instance apply on all at their next held-actions beat). Each call checks out its own connection and
 * runs its own transaction; the table is created once under an advisory lock.
 *
 * @example
 * ```ts
 * const limits = new PostgresOperatorLimitsStore({ pool });
 * await limits.read();
 * ```
 */
export class PostgresOperatorLimitsStore implements OperatorLimitsStore {
  readonly #pool: Pool;
  readonly #table: string;
  #ready: Promise<void> | undefined;

  constructor({ pool, schema = 'public' }: { pool: Pool; schema?: string }) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Invalid schema name for operator limits.');
    this.#pool = pool;
    this.#table = `"${schema}".operator_limits`;
    this.#schema = schema;
  }

  readonly #schema: string;

  async read(): Promise<OperatorLimits | null> {
    await this.#migrated();
    const { rows } = await this.#pool.query(`SELECT * FROM ${this.#table} WHERE id = 1`);
    const row = rows[0] as
      | {
          max_per_tx: string | null;
          daily_limit: string | null;
          session_limit: string | null;
          updated_at: string;
          updated_by: string;
        }
      | undefined;
    if (!row) return null;
    const big = (v: string | null) => {
      if (v === null) return null;
      if (!/^[0-9]+$/.test(v)) throw new Error('corrupt operator_limits row');
      return BigInt(v);
    };
    return {
      maxPerTx: big(row.max_per_tx),
      dailyLimit: big(row.daily_limit),
      sessionLimit: big(row.session_limit),
      updatedAt: Number(row.updated_at),
      updatedBy: row.updated_by,
    };
  }

  async write(limits: OperatorLimits): Promise<void> {
    await this.#migrated();
    const text = (v: bigint | null) => (v === null ? null : v.toString());
    // One statement: its own implicit transaction, on a connection of the pool's.
    await this.#pool.query(
      `INSERT INTO ${this.#table} (id, max_per_tx, daily_limit, session_limit, updated_at, updated_by)
       VALUES (1, $1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET max_per_tx = excluded.max_per_tx, daily_limit = excluded.daily_limit,
       session_limit = excluded.session_limit, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      [
        text(limits.maxPerTx),
        text(limits.dailyLimit),
        text(limits.sessionLimit),
        limits.updatedAt,
        limits.updatedBy,
      ],
    );
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
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`operator-limits:${this.#schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${this.#table} (
        id smallint PRIMARY KEY CHECK (id = 1),
        max_per_tx numeric(78, 0),
        daily_limit numeric(78, 0),
        session_limit numeric(78, 0),
        updated_at bigint NOT NULL,
        updated_by text NOT NULL
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
