/**
 * Types of the yield module: ERC-4626 vault reads, share-price samples and their store. Amounts are `bigint` base
 * units; times are epoch milliseconds of chain time (block timestamps), never wall-clock guesses.
 */
import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';

/** One share-price observation of an ERC-4626 vault, read on chain at `blockNumber`. */
export interface SharePriceSample {
  readonly chainId: number;
  readonly vault: Address;
  readonly blockNumber: number;
  /**
   * The hash of block `blockNumber` when the sample was read: each sampling round compares it with the chain's block
   * at that number and drops the samples of a block reorganized away (or above the head), so they are never used for
   * an APY. Null (or absent on input) when not known — a sample stored before hashes were kept.
   */
  readonly blockHash?: Hex | null;
  /** The block's timestamp, epoch ms (chain time). */
  readonly at: number;
  /** `convertToAssets(10^shareDecimals)`: asset base units of one whole share. */
  readonly assetsPerShare: bigint;
  readonly shareDecimals: number;
  /** `totalAssets()` at the block. */
  readonly totalAssets: bigint;
  /** `totalSupply()` at the block. */
  readonly totalSupply: bigint;
}

/** Parameters of {@link SharePriceStore.list}. */
export interface ListSharePricesParameters {
  readonly chainId: number;
  readonly vault: Address;
  /** Only samples at or after this time (epoch ms); default all. */
  readonly since?: number;
  /** At most this many (1–10,000; default 10,000): the NEWEST of the range, returned oldest first. */
  readonly limit?: number;
}

/**
 * Persistence of share-price samples (one row per vault and block). Every write is durable before its promise
 * resolves; `record` is idempotent, so several processes sampling the same block store it once. Implementations:
 * {@link MemorySharePriceStore} and `SqliteSharePriceStore` (`@org/chain-evm/sqlite`), under one contract suite.
 */
export interface SharePriceStore {
  /** Stores a sample; `false` when (chainId, vault, blockNumber) was already stored (nothing changes). */
  record(sample: SharePriceSample): Promise<boolean>;
  /** Samples of one vault, oldest first (see {@link ListSharePricesParameters}). */
  list(parameters: ListSharePricesParameters): Promise<readonly SharePriceSample[]>;
  /** The first sample ever stored of a vault (its history starts there), or `null`. */
  oldest(parameters: { readonly chainId: number; readonly vault: Address }): Promise<SharePriceSample | null>;
  /** Deletes every sample older than `before` (epoch ms, chain time); returns how many. */
  prune(parameters: { readonly before: number }): Promise<number>;
  /**
   * Deletes every sample of chain `chainId` read at block `blockNumber` (a block reorganized away, or above the head);
   * returns how many.
   */
  drop(parameters: { readonly chainId: number; readonly blockNumber: number }): Promise<number>;
}

/** What the wallet holds in a vault, read at the same block as the vault. */
export interface VaultPosition {
  /** `balanceOf(owner)`: shares held. */
  readonly shares: bigint;
  /** `previewRedeem(shares)`: assets received by redeeming every share now, fees included; `null` if unread. */
  readonly exitAssets: bigint | null;
  /** `convertToAssets(shares)`: the ideal value without fees or slippage (display only); `null` if unread. */
  readonly convertedAssets: bigint | null;
  /** `maxRedeem(owner)`: shares redeemable now (less than `shares` = partly illiquid); `null` if unread. */
  readonly maxRedeem: bigint | null;
  /** `maxDeposit(owner)`: most assets the vault accepts now (`2^256-1` = no limit); `null` if unread. */
  readonly maxDeposit: bigint | null;
}

/** One ERC-4626 vault read on chain; `null` fields did not answer (never guessed, never 0). */
export interface VaultState {
  readonly vault: Address;
  /** `asset()`. */
  readonly asset: Address | null;
  readonly assetSymbol: string | null;
  readonly assetDecimals: number | null;
  readonly shareSymbol: string | null;
  readonly shareDecimals: number | null;
  readonly totalAssets: bigint | null;
  readonly totalSupply: bigint | null;
  /** `convertToAssets(10^shareDecimals)`. */
  readonly assetsPerShare: bigint | null;
  /** `maxDeposit(owner)` (or of the zero address without an owner). */
  readonly maxDeposit: bigint | null;
  /** The owner's position when an owner was given; `null` otherwise. */
  readonly position: VaultPosition | null;
  /** Why the vault is not usable as an ERC-4626 vault (a core read failed); `null` when it answered. */
  readonly unreadableReason: string | null;
}
