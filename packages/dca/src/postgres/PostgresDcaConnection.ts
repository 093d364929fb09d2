import { BaseError } from '../errors/BaseError.js';
import { DcaStoreError } from '../errors/DcaStoreError.js';
import type { PostgresClientLike, PostgresPoolLike } from './PostgresPoolLike.js';

/** One package's versioned tables: entry i is version i + 1, run once, in order, never edited. */
export interface PostgresSchemaMigrations {
  /** `gateway`, `watcher`, …: names the migrations table (`<label>_migrations`) and the advisory lock. */
  readonly label: string;
  readonly migrations: readonly string[];
}

const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * The PostgreSQL side of a store: checks out a connection of its own for every transaction (so it can never run
 * inside a transaction it did not open), migrates its tables once under `pg_advisory_xact_lock` (instances starting
 * together), and turns any infrastructure error into `DCA_STORE_FAILURE` (a store's own typed errors pass through).
 */
export class PostgresDcaConnection {
  readonly #pool: PostgresPoolLike;
  readonly #schema: string;
  readonly #owner: string;
  readonly #migrations: PostgresSchemaMigrations;
  #ready: Promise<void> | undefined;

  constructor({
    pool,
    schema = 'public',
    owner,
    migrations,
  }: {
    pool: PostgresPoolLike;
    schema?: string | undefined;
    owner: string;
    migrations: PostgresSchemaMigrations;
  }) {
    if (typeof pool?.connect !== 'function') {
      throw new DcaStoreError('DCA_STORE_FAILURE', `${owner} needs a node-postgres Pool.`);
    }
    if (!SCHEMA.test(schema)) {
      throw new DcaStoreError('DCA_STORE_FAILURE', `${owner}: the schema name is not a plain identifier.`);
    }
    this.#pool = pool;
    this.#schema = schema;
    this.#owner = owner;
    this.#migrations = migrations;
  }

  /** `"schema".table`. */
  t(table: string): string {
    return `"${this.#schema}".${table}`;
  }

  /** Runs `fn` in one READ COMMITTED transaction on a connection of its own; COMMITs before resolving. */
  async transaction<T>(fn: (client: PostgresClientLike) => Promise<T>): Promise<T> {
    await this.#migrated();
    return this.#withClient(async (client) => {
      await client.query('BEGIN');
      try {
        const result = await fn(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });
  }

  async #withClient<T>(fn: (client: PostgresClientLike) => Promise<T>): Promise<T> {
    let client: PostgresClientLike;
    try {
      client = await this.#pool.connect();
    } catch (error) {
      throw this.#failure(error);
    }
    let broken: Error | undefined;
    try {
      return await fn(client);
    } catch (error) {
      if (!(error instanceof BaseError)) broken = error instanceof Error ? error : new Error(String(error));
      throw this.#failure(error);
    } finally {
      client.release(broken);
    }
  }

  #failure(error: unknown): unknown {
    if (error instanceof BaseError) return error;
    return new DcaStoreError('DCA_STORE_FAILURE', `${this.#owner}: the database failed.`, {
      cause: error,
      details: error instanceof Error ? error.message : String(error),
    });
  }

  #migrated(): Promise<void> {
    this.#ready ??= this.#withClient((client) => this.#migrate(client)).catch((error: unknown) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  async #migrate(client: PostgresClientLike): Promise<void> {
    const { label, migrations } = this.#migrations;
    await client.query('BEGIN');
    try {
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
        throw new DcaStoreError(
          'DCA_STORE_FAILURE',
          `The database has ${label} schema version ${current}, newer than this package supports (${migrations.length}).`,
        );
      }
      for (let version = current + 1; version <= migrations.length; version++) {
        await client.query(migrations[version - 1] as string);
        await client.query(`INSERT INTO ${label}_migrations (version) VALUES ($1)`, [version]);
      }
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  }
}
