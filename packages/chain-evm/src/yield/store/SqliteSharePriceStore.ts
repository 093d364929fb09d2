import type { Address } from '../../chains/chains.js';
import type { Hex } from '../../gateway/types.js';
import { StoreError } from '../../errors/StoreError.js';
import type { SqliteDatabaseLike, SqliteStatementLike } from '../../gateway/store/SqliteDatabaseLike.js';
import { SqliteGatewayConnection } from '../../gateway/store/SqliteGatewayConnection.js';
import type { ListSharePricesParameters, SharePriceSample, SharePriceStore } from '../types.js';
import { checkedBlock, checkedLimit, checkedVault, checkSharePriceSample } from './checkSharePriceSample.js';
import { SHARE_PRICE_MIGRATIONS } from './sharePriceMigrations.js';

/** Parameters of the {@link SqliteSharePriceStore} constructor. */
export interface SqliteSharePriceStoreParameters {
  /** An open better-sqlite3 database shared by the app (the store never closes it). */
  readonly database: SqliteDatabaseLike;
}

interface SampleRow {
  chain_id: number;
  vault: string;
  block_number: number;
  at: number;
  assets_per_share: string;
  share_decimals: number;
  total_assets: string;
  total_supply: string;
  block_hash: string | null;
}

/**
 * Persistent {@link SharePriceStore} on SQLite (better-sqlite3 12.x); import it from `@org/chain-evm/sqlite`. It owns
 * the `yield_share_prices` table (migrations in `yield_migrations`) and follows the project's connection rule: every
 * write is one `BEGIN IMMEDIATE` transaction it opens itself (`INSERT … ON CONFLICT DO NOTHING`, so two processes
 * sampling the same block store it once), refused inside a caller's transaction (`STORE_FAILURE`, nothing written),
 * on a connection raised to `synchronous=FULL`; it resolves only after `COMMIT` and never closes the handle.
 *
 * @example
 * ```ts
 * import Database from 'better-sqlite3';
 * import { SqliteSharePriceStore } from '@org/chain-evm/sqlite';
 *
 * const store = new SqliteSharePriceStore({ database: new Database('./.data/app.db') });
 * ```
 */
export class SqliteSharePriceStore implements SharePriceStore {
  readonly #c: SqliteGatewayConnection;
  readonly #s: Record<'insert' | 'list' | 'oldest' | 'prune' | 'drop', SqliteStatementLike>;

  constructor({ database }: SqliteSharePriceStoreParameters) {
    const c = new SqliteGatewayConnection({
      database,
      owner: 'SqliteSharePriceStore',
      schema: { migrationsTable: 'yield_migrations', migrations: SHARE_PRICE_MIGRATIONS, label: 'yield' },
    });
    this.#c = c;
    this.#s = {
      insert: c.prepare(
        `INSERT INTO yield_share_prices
           (chain_id, vault, block_number, at, assets_per_share, share_decimals, total_assets, total_supply,
            block_hash)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, vault, block_number) DO NOTHING`,
      ),
      list: c.prepare(
        `SELECT * FROM yield_share_prices WHERE chain_id = ? AND vault = ? AND at >= ?
         ORDER BY at DESC, block_number DESC LIMIT ?`,
      ),
      oldest: c.prepare(
        `SELECT * FROM yield_share_prices WHERE chain_id = ? AND vault = ?
         ORDER BY at ASC, block_number ASC LIMIT 1`,
      ),
      prune: c.prepare('DELETE FROM yield_share_prices WHERE at < ?'),
      drop: c.prepare('DELETE FROM yield_share_prices WHERE chain_id = ? AND block_number = ?'),
    };
  }

  async record(sample: SharePriceSample): Promise<boolean> {
    const s = checkSharePriceSample(sample);
    return this.#c.write(
      () =>
        this.#s.insert.run(
          s.chainId,
          s.vault,
          s.blockNumber,
          s.at,
          s.assetsPerShare.toString(),
          s.shareDecimals,
          s.totalAssets.toString(),
          s.totalSupply.toString(),
          s.blockHash ?? null,
        ).changes === 1,
    );
  }

  async list({
    chainId,
    vault,
    since,
    limit,
  }: ListSharePricesParameters): Promise<readonly SharePriceSample[]> {
    const max = checkedLimit(limit);
    const checked = checkedVault(vault);
    const rows = this.#c.read(() => this.#s.list.all(chainId, checked, since ?? 0, max) as SampleRow[]);
    return rows.map(toSample).reverse();
  }

  async oldest({ chainId, vault }: { chainId: number; vault: Address }): Promise<SharePriceSample | null> {
    const checked = checkedVault(vault);
    const row = this.#c.read(() => this.#s.oldest.get(chainId, checked) as SampleRow | undefined);
    return row === undefined ? null : toSample(row);
  }

  async prune({ before }: { before: number }): Promise<number> {
    if (!Number.isSafeInteger(before)) {
      throw new StoreError('STORE_INPUT_INVALID', 'Invalid prune: before.', {
        details: 'epoch milliseconds',
      });
    }
    return this.#c.write(() => this.#s.prune.run(before).changes);
  }

  async drop(parameters: { chainId: number; blockNumber: number }): Promise<number> {
    const { chainId, blockNumber } = checkedBlock(parameters);
    return this.#c.write(() => this.#s.drop.run(chainId, blockNumber).changes);
  }
}

function toSample(row: SampleRow): SharePriceSample {
  const amount = (text: string, what: string): bigint => {
    if (!/^[0-9]{1,78}$/.test(text)) {
      throw new StoreError('STORE_FAILURE', 'A share-price row is corrupt.', { details: what });
    }
    return BigInt(text);
  };
  return {
    chainId: row.chain_id,
    vault: row.vault as Address,
    blockNumber: row.block_number,
    blockHash: (row.block_hash ?? null) as Hex | null,
    at: row.at,
    assetsPerShare: amount(row.assets_per_share, 'assets_per_share'),
    shareDecimals: row.share_decimals,
    totalAssets: amount(row.total_assets, 'total_assets'),
    totalSupply: amount(row.total_supply, 'total_supply'),
  };
}
