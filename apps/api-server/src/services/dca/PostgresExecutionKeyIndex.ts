import type { Pool } from 'pg';
import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';

/**
 * {@link ExecutionKeyIndex} on PostgreSQL (`app_execution_keys`), shared by every instance: `insert` is an
 * `INSERT … ON CONFLICT DO NOTHING` (one key, one execution, whichever instance enters it first), `replace` a
 * compare-and-set on the execution id read. Each call is one statement on a pooled connection (its own transaction).
 *
 * @example
 * ```ts
 * const keys = new PostgresExecutionKeyIndex({ pool });
 * await keys.insert({ key: 'dca:o1:3', executionId: 'exe_1', at: Date.now() });
 * ```
 */
export class PostgresExecutionKeyIndex implements ExecutionKeyIndex {
  readonly #pool: Pool;
  readonly #schema: string;
  readonly #table: string;
  #ready: Promise<void> | undefined;

  constructor({ pool, schema = 'public' }: { pool: Pool; schema?: string }) {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error('Invalid schema name for execution keys.');
    this.#pool = pool;
    this.#schema = schema;
    this.#table = `"${schema}".app_execution_keys`;
  }

  async insert({ key, executionId, at }: { key: string; executionId: string; at: number }): Promise<boolean> {
    await this.#migrated();
    const { rowCount } = await this.#pool.query(
      `INSERT INTO ${this.#table} (idempotency_key, execution_id, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [key, executionId, at],
    );
    return rowCount === 1;
  }

  async get(key: string): Promise<string | null> {
    await this.#migrated();
    const { rows } = await this.#pool.query(
      `SELECT execution_id FROM ${this.#table} WHERE idempotency_key = $1`,
      [key],
    );
    return (rows[0]?.execution_id as string | undefined) ?? null;
  }

  async replace({
    key,
    from,
    to,
    at,
  }: {
    key: string;
    from: string;
    to: string;
    at: number;
  }): Promise<boolean> {
    await this.#migrated();
    const { rowCount } = await this.#pool.query(
      `UPDATE ${this.#table} SET execution_id = $1, updated_at = $2 WHERE idempotency_key = $3 AND execution_id = $4`,
      [to, at, key, from],
    );
    return rowCount === 1;
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
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`execution-keys:${this.#schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await client.query(`CREATE TABLE IF NOT EXISTS ${this.#table} (
        idempotency_key text PRIMARY KEY,
        execution_id text NOT NULL,
        updated_at bigint NOT NULL
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
