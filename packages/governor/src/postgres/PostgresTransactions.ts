import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';

/** One package's versioned tables: entry i is version i + 1, run once, in order, never edited. */
export interface PostgresSchemaMigrations {
  /** `governor`, `gateway`, `dca`, …: names the migrations table (`<label>_migrations`) and the advisory lock. */
  readonly label: string;
  readonly migrations: readonly string[];
}

/** Parameters of the {@link PostgresTransactions} constructor. */
export interface PostgresTransactionsParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the tables (created when missing). Default `public`. */
  readonly schema?: string | undefined;
  /** The store's name, for messages: `PostgresWatchStore`. */
  readonly owner: string;
  readonly migrations: PostgresSchemaMigrations;
  /**
   * Makes the calling package's own typed error for an infrastructure failure (the pool, the database, a schema
   * newer than the package, a bad constructor argument): `STORE_FAILURE`, `DCA_STORE_FAILURE`, `LEDGER_FAILURE`….
   */
  readonly failure: (message: string, cause?: unknown) => Error;
  /**
   * Whether an error thrown inside a transaction is the package's own typed error (a caller error: unknown id,
   * settled twice…): it rolls back and passes through as is, and the connection goes back to the pool. Anything else
   * becomes `failure(…)` and the connection is destroyed.
   */
  readonly isTyped: (error: unknown) => boolean;
}

/** Whether a checked-out connection must be destroyed, not given back, when released. */
interface BrokenMark {
  broken: Error | undefined;
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The PostgreSQL side of a store, shared by the packages' stores (import it from `@org/governor/postgres`): checks
 * out a connection of its own for every transaction (so a store can never run inside a transaction it did not open),
 * migrates the store's tables once under `pg_advisory_xact_lock` (instances starting together), and turns any
 * infrastructure error into the package's typed error (its own typed errors pass through).
 *
 * @example
 * ```ts
 * const db = new PostgresTransactions({
 *   pool, owner: 'PostgresNoteStore', migrations: { label: 'notes', migrations: ['CREATE TABLE notes (id text)'] },
 *   failure: (message, cause) => new StoreError('STORE_FAILURE', message, { cause }),
 *   isTyped: (error) => error instanceof BaseError,
 * });
 * await db.transaction((client) => client.query(`INSERT INTO ${db.t('notes')} (id) VALUES ($1)`, ['a']));
 * ```
 */
export class PostgresTransactions {
  readonly #pool: PostgresPoolLike;
  readonly #schema: string;
  readonly #owner: string;
  readonly #migrations: PostgresSchemaMigrations;
  readonly #failure: PostgresTransactionsParameters['failure'];
  readonly #isTyped: PostgresTransactionsParameters['isTyped'];
  #ready: Promise<void> | undefined;

  constructor({
    pool,
    schema = 'public',
    owner,
    migrations,
    failure,
    isTyped,
  }: PostgresTransactionsParameters) {
    if (typeof pool?.connect !== 'function') throw failure(`${owner} needs a node-postgres Pool.`);
    if (typeof schema !== 'string' || !SCHEMA.test(schema)) {
      throw failure(`Invalid schema name for ${owner}: not a plain identifier.`);
    }
    this.#pool = pool;
    this.#schema = schema;
    this.#owner = owner;
    this.#migrations = migrations;
    this.#failure = failure;
    this.#isTyped = isTyped;
  }

  /** `"schema".table`. */
  t(table: string): string {
    return `"${this.#schema}".${table}`;
  }

  /**
   * Runs `fn` in one transaction (READ COMMITTED unless `mode` says otherwise, e.g. `ISOLATION LEVEL REPEATABLE
   * READ, READ ONLY`) on a connection of its own, migrating the tables first (once); COMMITs before resolving.
   */
  async transaction<T>(
    fn: (client: PostgresClientLike) => Promise<T>,
    mode = 'ISOLATION LEVEL READ COMMITTED',
  ): Promise<T> {
    await this.#migrated();
    return this.#withClient((client, mark) =>
      this.#inTransaction(client, mark, `BEGIN ${mode}`, () => fn(client)),
    );
  }

  /** A ROLLBACK that fails leaves the connection unusable: it is marked so, and destroyed on release. */
  async #inTransaction<T>(
    client: PostgresClientLike,
    mark: BrokenMark,
    begin: string,
    fn: () => Promise<T>,
  ): Promise<T> {
    await client.query(begin);
    try {
      const result = await fn();
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((failed: unknown) => {
        mark.broken = failed instanceof Error ? failed : new Error(String(failed));
      });
      throw error;
    }
  }

  async #withClient<T>(fn: (client: PostgresClientLike, mark: BrokenMark) => Promise<T>): Promise<T> {
    let client: PostgresClientLike;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw this.#wrap(error);
    }
    const mark: BrokenMark = { broken: undefined };
    try {
      return await fn(client, mark);
    } catch (error) {
      if (!this.#isTyped(error)) mark.broken ??= error instanceof Error ? error : new Error(String(error));
      throw this.#wrap(error);
    } finally {
      client.release(mark.broken);
    }
  }

  #wrap(error: unknown): unknown {
    if (this.#isTyped(error)) return error;
    return this.#failure(`${this.#owner}: the database failed.`, error);
  }

  #migrated(): Promise<void> {
    this.#ready ??= this.#withClient((client, mark) => this.#migrate(client, mark)).catch(
      (error: unknown) => {
        this.#ready = undefined;
        throw error;
      },
    );
    return this.#ready;
  }

  #migrate(client: PostgresClientLike, mark: BrokenMark): Promise<void> {
    const { label, migrations } = this.#migrations;
    return this.#inTransaction(client, mark, 'BEGIN', async () => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `${label}-migrations:${this.#schema}`,
      ]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS "${this.#schema}"`);
      await client.query(`SET LOCAL search_path TO "${this.#schema}"`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${label}_migrations (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const { rows } = await client.query(
        `SELECT coalesce(max(version), 0) AS version FROM ${label}_migrations`,
      );
      const current = Number(rows[0]?.version ?? 0);
      if (current > migrations.length) {
        throw this.#failure(
          `The database has ${label} schema version ${current}, newer than this package supports (${migrations.length}).`,
        );
      }
      for (let version = current + 1; version <= migrations.length; version++) {
        await client.query(migrations[version - 1] as string);
        await client.query(`INSERT INTO ${label}_migrations (version) VALUES ($1)`, [version]);
      }
    });
  }
}
