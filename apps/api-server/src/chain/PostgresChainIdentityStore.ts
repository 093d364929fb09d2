import { PostgresTransactions } from '@org/governor/postgres';
import type { Pool } from 'pg';
import type { ChainIdentityRow, ChainIdentityStore } from './ChainIdentityStore.js';
import { chainIdentityRebaseSql } from './chainIdentityRebaseSql.js';

const MIGRATIONS = {
  label: 'chain_identity',
  migrations: [
    `CREATE TABLE chain_identity (
       chain_id bigint PRIMARY KEY,
       genesis_hash text NOT NULL,
       recorded_at bigint NOT NULL,
       accepted_position bigint
     )`,
  ],
};

/**
 * {@link ChainIdentityStore} in the PostgreSQL every instance shares (`chain_identity`, migrated once under an
 * advisory lock); each call is its own transaction on a connection of its own. The positions are read from the
 * PostgreSQL stores' tables in the same schema (`approval_scans`, `gateway_executions`) when they exist.
 *
 * @example
 * ```ts
 * const store = new PostgresChainIdentityStore({ pool });
 * ```
 */
export class PostgresChainIdentityStore implements ChainIdentityStore {
  readonly holder = 'The PostgreSQL database of DATABASE_URL';
  readonly fresh = 'Point DATABASE_URL at a new database';
  readonly #db: PostgresTransactions;

  constructor({ pool, schema }: { pool: Pool; schema?: string }) {
    this.#db = new PostgresTransactions({
      pool,
      schema,
      owner: 'PostgresChainIdentityStore',
      migrations: MIGRATIONS,
      failure: (message, cause) => new Error(message, { cause }),
      isTyped: () => false,
    });
  }

  async read(chainId: number): Promise<ChainIdentityRow | undefined> {
    const { rows } = await this.#db.transaction((client) =>
      client.query(
        `SELECT genesis_hash, accepted_position FROM ${this.#db.t('chain_identity')} WHERE chain_id = $1`,
        [chainId],
      ),
    );
    const row = rows[0];
    if (row === undefined) return undefined;
    return {
      genesisHash: String(row.genesis_hash),
      acceptedPosition: row.accepted_position === null ? null : Number(row.accepted_position),
    };
  }

  async lowestStoredPosition(chainId: number): Promise<number | null> {
    return this.#db.transaction(async (client) => {
      const positions: number[] = [];
      for (const [table, column] of [
        ['approval_scans', 'to_block'],
        ['gateway_executions', 'block_number'],
      ] as const) {
        const { rows } = await client.query('SELECT to_regclass($1) IS NOT NULL AS present', [
          this.#db.t(table),
        ]);
        if (rows[0]?.present !== true) continue;
        const max = await client.query(
          `SELECT max(${column})::text AS n FROM ${this.#db.t(table)} WHERE chain_id = $1`,
          [chainId],
        );
        const n = max.rows[0]?.n;
        if (n !== null && n !== undefined) positions.push(Number(n));
      }
      return positions.length === 0 ? null : Math.min(...positions);
    }, 'ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  }

  async record(chainId: number, genesisHash: string, at: number): Promise<string> {
    return this.#db.transaction(async (client) => {
      const table = this.#db.t('chain_identity');
      await client.query(
        `INSERT INTO ${table} (chain_id, genesis_hash, recorded_at) VALUES ($1, $2, $3) ON CONFLICT (chain_id) DO NOTHING`,
        [chainId, genesisHash, at],
      );
      const { rows } = await client.query(`SELECT genesis_hash FROM ${table} WHERE chain_id = $1`, [chainId]);
      return String(rows[0]?.genesis_hash ?? genesisHash);
    });
  }

  async rebase(
    chainId: number,
    genesisHash: string,
    at: number,
    acceptedPosition: number | null,
  ): Promise<void> {
    await this.#db.transaction((client) =>
      client.query(
        chainIdentityRebaseSql(this.#db.t('chain_identity'), (n) => `$${n}`),
        [chainId, genesisHash, at, acceptedPosition],
      ),
    );
  }
}
