import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import { StoreError } from '../errors/StoreError.js';
import {
  checkedBlock,
  checkedLimit,
  checkedVault,
  checkSharePriceSample,
} from '../yield/store/checkSharePriceSample.js';
import type { ListSharePricesParameters, SharePriceSample, SharePriceStore } from '../yield/types.js';
import { PostgresConnection } from './PostgresConnection.js';
import type { PostgresPoolLike } from './PostgresPoolLike.js';

/** Parameters of the {@link PostgresSharePriceStore} constructor. */
export interface PostgresSharePriceStoreParameters {
  /** A node-postgres (pg 8.x) `Pool`, owned by the caller. */
  readonly pool: PostgresPoolLike;
  /** Schema of the `yield_share_prices` table. Default `public`. */
  readonly schema?: string;
}

const MIGRATIONS = {
  label: 'yield',
  migrations: [
    `CREATE TABLE yield_share_prices (
       chain_id bigint NOT NULL,
       vault text NOT NULL,
       block_number bigint NOT NULL,
       at bigint NOT NULL,
       assets_per_share text NOT NULL,
       share_decimals integer NOT NULL,
       total_assets text NOT NULL,
       total_supply text NOT NULL,
       PRIMARY KEY (chain_id, vault, block_number)
     );
     CREATE INDEX yield_share_prices_by_time ON yield_share_prices (chain_id, vault, at);
     CREATE INDEX yield_share_prices_at ON yield_share_prices (at);`,
    // The hash of the sampled block (a reorg drops the samples of a block that has another hash now).
    'ALTER TABLE yield_share_prices ADD COLUMN block_hash text;',
  ],
};

/**
 * Persistent {@link SharePriceStore} (vault share-price samples) on PostgreSQL; import it from
 * `@org/chain-evm/postgres`. A sample is keyed by `(chain, vault, block)`: the same block sampled by two instances is
 * stored once.
 *
 * @example
 * ```ts
 * const samples = new PostgresSharePriceStore({ pool });
 * ```
 */
export class PostgresSharePriceStore implements SharePriceStore {
  readonly #c: PostgresConnection;

  constructor({ pool, schema }: PostgresSharePriceStoreParameters) {
    this.#c = new PostgresConnection({
      pool,
      schema,
      owner: 'PostgresSharePriceStore',
      migrations: MIGRATIONS,
    });
  }

  async record(sample: SharePriceSample): Promise<boolean> {
    const s = checkSharePriceSample(sample);
    return this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `INSERT INTO ${this.#c.t('yield_share_prices')}
           (chain_id, vault, block_number, at, assets_per_share, share_decimals, total_assets, total_supply,
            block_hash)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (chain_id, vault, block_number) DO NOTHING`,
        [
          s.chainId,
          s.vault,
          s.blockNumber,
          s.at,
          s.assetsPerShare.toString(),
          s.shareDecimals,
          s.totalAssets.toString(),
          s.totalSupply.toString(),
          s.blockHash ?? null,
        ],
      );
      return rowCount === 1;
    });
  }

  async list({
    chainId,
    vault,
    since,
    limit,
  }: ListSharePricesParameters): Promise<readonly SharePriceSample[]> {
    const max = checkedLimit(limit);
    const checked = checkedVault(vault);
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT * FROM ${this.#c.t('yield_share_prices')} WHERE chain_id = $1 AND vault = $2 AND at >= $3
             ORDER BY at DESC, block_number DESC LIMIT $4`,
            [chainId, checked, since ?? 0, max],
          )
        ).rows,
    );
    return rows.map(toSample).reverse();
  }

  async oldest({ chainId, vault }: { chainId: number; vault: Address }): Promise<SharePriceSample | null> {
    const checked = checkedVault(vault);
    const rows = await this.#c.transaction(
      async (client) =>
        (
          await client.query(
            `SELECT * FROM ${this.#c.t('yield_share_prices')} WHERE chain_id = $1 AND vault = $2
             ORDER BY at ASC, block_number ASC LIMIT 1`,
            [chainId, checked],
          )
        ).rows,
    );
    return rows[0] === undefined ? null : toSample(rows[0]);
  }

  async prune({ before }: { before: number }): Promise<number> {
    if (!Number.isSafeInteger(before)) {
      throw new StoreError('STORE_INPUT_INVALID', 'Invalid prune: before.', {
        details: 'epoch milliseconds',
      });
    }
    return this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `DELETE FROM ${this.#c.t('yield_share_prices')} WHERE at < $1`,
        [before],
      );
      return rowCount ?? 0;
    });
  }

  async drop(parameters: { chainId: number; blockNumber: number }): Promise<number> {
    const { chainId, blockNumber } = checkedBlock(parameters);
    return this.#c.transaction(async (client) => {
      const { rowCount } = await client.query(
        `DELETE FROM ${this.#c.t('yield_share_prices')} WHERE chain_id = $1 AND block_number = $2`,
        [chainId, blockNumber],
      );
      return rowCount ?? 0;
    });
  }
}

function toSample(row: Record<string, unknown>): SharePriceSample {
  const amount = (value: unknown, what: string): bigint => {
    if (typeof value !== 'string' || !/^[0-9]{1,78}$/.test(value)) {
      throw new StoreError('STORE_FAILURE', 'A share-price row is corrupt.', { details: what });
    }
    return BigInt(value);
  };
  return {
    chainId: Number(row.chain_id),
    vault: row.vault as Address,
    blockNumber: Number(row.block_number),
    blockHash: typeof row.block_hash === 'string' ? (row.block_hash as Hex) : null,
    at: Number(row.at),
    assetsPerShare: amount(row.assets_per_share, 'assets_per_share'),
    shareDecimals: Number(row.share_decimals),
    totalAssets: amount(row.total_assets, 'total_assets'),
    totalSupply: amount(row.total_supply, 'total_supply'),
  };
}
