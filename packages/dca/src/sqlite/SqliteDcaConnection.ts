import { BaseError } from '../errors/BaseError.js';
import { DcaStoreError } from '../errors/DcaStoreError.js';
import { DCA_MIGRATIONS } from './migrations.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';

/** `PRAGMA synchronous` value of FULL. */
const SYNCHRONOUS_FULL = 2;

/**
 * The DCA store's use of a shared better-sqlite3 handle, following the project's connection rule: it writes only
 * in transactions it opens itself (`BEGIN IMMEDIATE` … `COMMIT`, never a SAVEPOINT), refuses with
 * `DCA_STORE_FAILURE` when the handle is inside a transaction it did not open (nothing written), runs on a
 * connection whose `synchronous` pragma it raises to FULL (never lowers), and returns only after `COMMIT`. It owns
 * the `dca_*` tables and migrates them at construction (versions in `dca_migrations`); a newer schema is refused.
 * It never closes the handle.
 *
 * @example
 * ```ts
 * const connection = new SqliteDcaConnection({ database });
 * const n = connection.read(() => connection.prepare('SELECT COUNT(*) AS n FROM dca_orders').get());
 * ```
 */
export class SqliteDcaConnection {
  readonly #db: SqliteDatabaseLike;
  readonly #begin: SqliteStatementLike;
  readonly #beginImmediate: SqliteStatementLike;
  readonly #commit: SqliteStatementLike;
  readonly #rollback: SqliteStatementLike;

  constructor({ database }: { database: SqliteDatabaseLike }) {
    if (typeof database?.prepare !== 'function' || typeof database.exec !== 'function') {
      throw new DcaStoreError('DCA_STORE_FAILURE', 'SqliteDcaStore needs an open better-sqlite3 Database.');
    }
    this.#db = database;
    this.#guard(() => {
      this.#refuseForeignTransaction();
      database.exec('PRAGMA journal_mode = WAL');
      // A write is reported only once durable: on this connection a COMMIT must reach the disk. Raised only.
      const row = database.prepare('PRAGMA synchronous').get() as { synchronous: number } | undefined;
      if ((row?.synchronous ?? 0) < SYNCHRONOUS_FULL) database.exec('PRAGMA synchronous = FULL');
    });
    this.#begin = this.#guard(() => database.prepare('BEGIN'));
    this.#beginImmediate = this.#guard(() => database.prepare('BEGIN IMMEDIATE'));
    this.#commit = this.#guard(() => database.prepare('COMMIT'));
    this.#rollback = this.#guard(() => database.prepare('ROLLBACK'));
    this.write(() => this.#migrate());
  }

  /** Prepares a statement (the schema exists once constructed). */
  prepare(source: string): SqliteStatementLike {
    return this.#guard(() => this.#db.prepare(source));
  }

  /** Runs `fn` in a `BEGIN IMMEDIATE` transaction this connection opens and commits; rolls back if it throws. */
  write<T>(fn: () => T): T {
    return this.#transaction(this.#beginImmediate, fn);
  }

  /** Runs `fn` in a read transaction (one consistent snapshot across tables). */
  read<T>(fn: () => T): T {
    return this.#transaction(this.#begin, fn);
  }

  #transaction<T>(begin: SqliteStatementLike, fn: () => T): T {
    return this.#guard(() => {
      this.#refuseForeignTransaction();
      begin.run();
      try {
        const result = fn();
        this.#commit.run();
        return result;
      } catch (error) {
        if (this.#db.inTransaction) this.#rollback.run();
        throw error;
      }
    });
  }

  #migrate(): void {
    this.#db.exec(
      'CREATE TABLE IF NOT EXISTS dca_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)',
    );
    const row = this.#db.prepare('SELECT MAX(version) AS version FROM dca_migrations').get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > DCA_MIGRATIONS.length) {
      throw new DcaStoreError(
        'DCA_STORE_FAILURE',
        `The database has DCA schema version ${current}, newer than this package supports (${DCA_MIGRATIONS.length}).`,
      );
    }
    for (let version = current + 1; version <= DCA_MIGRATIONS.length; version++) {
      this.#db.exec(DCA_MIGRATIONS[version - 1] as string);
      this.#db
        .prepare('INSERT INTO dca_migrations (version, applied_at) VALUES (?, ?)')
        .run(version, Date.now());
    }
  }

  #refuseForeignTransaction(): void {
    // A caller's later ROLLBACK would erase what this store already reported as written: never join, refuse.
    if (this.#db.inTransaction) {
      throw new DcaStoreError(
        'DCA_STORE_FAILURE',
        'SqliteDcaStore does not run inside a transaction it did not open: commit or roll back first (nothing was written).',
      );
    }
  }

  #guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof BaseError) throw error;
      throw new DcaStoreError('DCA_STORE_FAILURE', 'The SQLite DCA store failed.', { cause: error });
    }
  }
}
