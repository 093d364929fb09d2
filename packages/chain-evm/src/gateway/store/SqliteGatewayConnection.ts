import { BaseError } from '../../errors/BaseError.js';
import { StoreError } from '../../errors/StoreError.js';
import { GATEWAY_MIGRATIONS } from './migrations.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from './SqliteDatabaseLike.js';

/** The tables a store owns: ordered migrations and the table recording which ones ran. */
export interface SqliteSchema {
  /** e.g. `gateway_migrations` (a fixed identifier, never user input). */
  readonly migrationsTable: string;
  readonly migrations: readonly string[];
  /** For messages: `gateway`, `approval`… */
  readonly label: string;
}

const GATEWAY_SCHEMA: SqliteSchema = {
  migrationsTable: 'gateway_migrations',
  migrations: GATEWAY_MIGRATIONS,
  label: 'gateway',
};

/** `PRAGMA synchronous` value of FULL. */
const SYNCHRONOUS_FULL = 2;

/**
 * One gateway store's use of a shared better-sqlite3 handle, following the project's connection rule: it writes
 * only in transactions it opens itself (`BEGIN IMMEDIATE` … `COMMIT`, never a SAVEPOINT), refuses with
 * `STORE_FAILURE` when the handle is inside a transaction it did not open (nothing written), runs on a
 * connection whose `synchronous` pragma it raises to FULL (never lowers), and returns only after `COMMIT`. It
 * owns its schema's tables (the `gateway_*` tables by default; the approval scan store passes its own) and migrates
 * them at construction; a newer schema is refused. It never closes the handle.
 *
 * @example
 * ```ts
 * const connection = new SqliteGatewayConnection({ database, owner: 'SqliteExecutionStore' });
 * const n = connection.read(() => connection.prepare('SELECT COUNT(*) AS n FROM gateway_executions').get());
 * ```
 */
export class SqliteGatewayConnection {
  readonly #db: SqliteDatabaseLike;
  readonly #owner: string;
  readonly #schema: SqliteSchema;
  readonly #begin: SqliteStatementLike;
  readonly #beginImmediate: SqliteStatementLike;
  readonly #commit: SqliteStatementLike;
  readonly #rollback: SqliteStatementLike;

  constructor({
    database,
    owner,
    schema = GATEWAY_SCHEMA,
  }: {
    database: SqliteDatabaseLike;
    owner: string;
    /** The tables the store owns: its migrations and their version table (default: the gateway's). */
    schema?: SqliteSchema;
  }) {
    if (typeof database?.prepare !== 'function' || typeof database.exec !== 'function') {
      throw new StoreError('STORE_FAILURE', `${owner} needs an open better-sqlite3 Database.`);
    }
    this.#db = database;
    this.#owner = owner;
    this.#schema = schema;
    this.#guard(() => {
      this.#refuseForeignTransaction();
      database.exec('PRAGMA journal_mode = WAL');
      // A write is reported only once durable: on this connection a COMMIT must reach the disk. Raised only
      // (EXTRA stays EXTRA).
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
    const { migrationsTable: table, migrations, label } = this.#schema;
    this.#db.exec(
      `CREATE TABLE IF NOT EXISTS ${table} (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`,
    );
    const row = this.#db.prepare(`SELECT MAX(version) AS version FROM ${table}`).get() as {
      version: number | null;
    };
    const current = row.version ?? 0;
    if (current > migrations.length) {
      throw new StoreError(
        'STORE_FAILURE',
        `The database has ${label} schema version ${current}, newer than this package supports (${migrations.length}).`,
      );
    }
    for (let version = current + 1; version <= migrations.length; version++) {
      this.#db.exec(migrations[version - 1] as string);
      this.#db.prepare(`INSERT INTO ${table} (version, applied_at) VALUES (?, ?)`).run(version, Date.now());
    }
  }

  #refuseForeignTransaction(): void {
    // A caller's later ROLLBACK would erase what this store already reported as written (the ledger defect of
    // the governor): never join, refuse.
    if (this.#db.inTransaction) {
      throw new StoreError(
        'STORE_FAILURE',
        `${this.#owner} does not run inside a transaction it did not open: commit or roll back first (nothing was written).`,
      );
    }
  }

  #guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      if (error instanceof BaseError) throw error;
      throw new StoreError('STORE_FAILURE', `The SQLite ${this.#owner} failed.`, { cause: error });
    }
  }
}
