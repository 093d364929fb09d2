import type { Database } from 'better-sqlite3';

/** Caps an operator set (wei), each null when left to the configuration (`GOVERNOR_*`). */
export interface OperatorLimits {
  readonly maxPerTx: bigint | null;
  readonly dailyLimit: bigint | null;
  readonly sessionLimit: bigint | null;
  readonly updatedAt: number;
  readonly updatedBy: string;
}

/** Where operator-set caps live, so they survive restarts and a CLI on the same database can change them. */
export interface OperatorLimitsStore {
  read(): Promise<OperatorLimits | null>;
  write(limits: OperatorLimits): Promise<void>;
}

/** {@link OperatorLimitsStore} in memory (tests, single-process tools). */
export class MemoryOperatorLimitsStore implements OperatorLimitsStore {
  #limits: OperatorLimits | null = null;
  async read(): Promise<OperatorLimits | null> {
    return this.#limits ? { ...this.#limits } : null;
  }
  async write(limits: OperatorLimits): Promise<void> {
    this.#limits = { ...limits };
  }
}

interface Row {
  max_per_tx: string | null;
  daily_limit: string | null;
  session_limit: string | null;
  updated_at: number;
  updated_by: string;
}

/**
 * {@link OperatorLimitsStore} on the app's SQLite database: one row in `operator_limits`, owned by this store. It
 * follows the project's connection rule (its own `BEGIN IMMEDIATE` … `COMMIT`, never inside a caller's transaction,
 * durable before it returns).
 *
 * @example
 * ```ts
 * const limits = new SqliteOperatorLimitsStore({ database });
 * await limits.write({ maxPerTx: parseEther('0.02'), dailyLimit: null, sessionLimit: null, updatedAt: Date.now(), updatedBy: 'cli' });
 * ```
 */
export class SqliteOperatorLimitsStore implements OperatorLimitsStore {
  readonly #db: Database;

  constructor({ database }: { database: Database }) {
    this.#db = database;
    this.#refuseForeign();
    database.exec(`CREATE TABLE IF NOT EXISTS operator_limits (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      max_per_tx TEXT,
      daily_limit TEXT,
      session_limit TEXT,
      updated_at INTEGER NOT NULL,
      updated_by TEXT NOT NULL
    )`);
  }

  async read(): Promise<OperatorLimits | null> {
    this.#refuseForeign();
    const row = this.#db.prepare('SELECT * FROM operator_limits WHERE id = 1').get() as Row | undefined;
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
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    };
  }

  async write(limits: OperatorLimits): Promise<void> {
    this.#refuseForeign();
    const text = (v: bigint | null) => (v === null ? null : v.toString());
    this.#db.exec('BEGIN IMMEDIATE');
    try {
      this.#db
        .prepare(
          `INSERT INTO operator_limits (id, max_per_tx, daily_limit, session_limit, updated_at, updated_by)
           VALUES (1, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET max_per_tx = excluded.max_per_tx, daily_limit = excluded.daily_limit,
           session_limit = excluded.session_limit, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        )
        .run(
          text(limits.maxPerTx),
          text(limits.dailyLimit),
          text(limits.sessionLimit),
          limits.updatedAt,
          limits.updatedBy,
        );
      this.#db.exec('COMMIT');
    } catch (error) {
      if (this.#db.inTransaction) this.#db.exec('ROLLBACK');
      throw error;
    }
  }

  #refuseForeign(): void {
    if (this.#db.inTransaction) {
      throw new Error('The operator limits store does not run inside a transaction it did not open.');
    }
  }
}
