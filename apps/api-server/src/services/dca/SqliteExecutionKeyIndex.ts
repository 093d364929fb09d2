import type Database from 'better-sqlite3';
import type { ExecutionKeyIndex } from './ExecutionKeyIndex.js';

/**
 * {@link ExecutionKeyIndex} on the app's SQLite database: the `app_execution_keys` table (created at construction),
 * the key its primary key. Each operation is one auto-committed statement (atomic, durable when it resolves under
 * the database's `synchronous=FULL`); inside a transaction it did not open it refuses and writes nothing, so a
 * foreign rollback can never erase a key it reported as recorded.
 *
 * @example
 * ```ts
 * const index = new SqliteExecutionKeyIndex({ database });
 * await index.get('dca:0192…:4'); // the execution id, or null
 * ```
 */
export class SqliteExecutionKeyIndex implements ExecutionKeyIndex {
  readonly #db: Database.Database;
  readonly #insert: Database.Statement;
  readonly #get: Database.Statement;
  readonly #replace: Database.Statement;

  constructor({ database }: { database: Database.Database }) {
    this.#db = database;
    this.#refuseForeignTransaction();
    database.exec(`CREATE TABLE IF NOT EXISTS app_execution_keys (
      idempotency_key TEXT PRIMARY KEY NOT NULL,
      execution_id TEXT NOT NULL,
      updated_at INTEGER NOT NULL
    ) STRICT`);
    this.#insert = database.prepare(
      `INSERT INTO app_execution_keys (idempotency_key, execution_id, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (idempotency_key) DO NOTHING`,
    );
    this.#get = database.prepare('SELECT execution_id FROM app_execution_keys WHERE idempotency_key = ?');
    this.#replace = database.prepare(
      'UPDATE app_execution_keys SET execution_id = ?, updated_at = ? WHERE idempotency_key = ? AND execution_id = ?',
    );
  }

  async insert({ key, executionId, at }: { key: string; executionId: string; at: number }): Promise<boolean> {
    this.#refuseForeignTransaction();
    return this.#insert.run(key, executionId, at).changes === 1;
  }

  async get(key: string): Promise<string | null> {
    const row = this.#get.get(key) as { execution_id: string } | undefined;
    return row?.execution_id ?? null;
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
    this.#refuseForeignTransaction();
    return this.#replace.run(to, at, key, from).changes === 1;
  }

  #refuseForeignTransaction(): void {
    if (this.#db.inTransaction) {
      throw new Error('SqliteExecutionKeyIndex will not write inside a transaction it did not open');
    }
  }
}
