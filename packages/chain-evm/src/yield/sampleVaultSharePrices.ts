import type { Address, ChainInfo } from '../chains/chains.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { fetchBlockHash } from '../rpc/fetchBlockHash.js';
import { readVaultStates } from './readVaultStates.js';
import type { SharePriceStore, VaultState } from './types.js';
import { type SharePriceReorg, verifySharePriceSamples } from './verifySharePriceSamples.js';

/** Parameters of {@link sampleVaultSharePrices}. */
export interface SampleVaultSharePricesParameters {
  readonly provider: RpcSender;
  readonly chain: ChainInfo;
  readonly vaults: readonly Address[];
  readonly store: SharePriceStore;
  readonly timeoutMs?: number;
}

/** Result of {@link sampleVaultSharePrices}. */
export interface SampleVaultSharePricesReturnType {
  readonly blockNumber: bigint;
  /** Chain time of the block, epoch ms. */
  readonly at: number;
  /** Vaults whose sample was stored (a block already sampled is not stored twice). */
  readonly recorded: readonly Address[];
  /** Vaults not sampled, and why (did not answer as an ERC-4626 vault; block already sampled). */
  readonly skipped: readonly { readonly vault: Address; readonly reason: string }[];
  /** Every vault as read (TVL and the share price at the sampled block). */
  readonly states: readonly VaultState[];
  /** Stored samples dropped before this one was taken: their block was reorganized away or is above the head. */
  readonly reorgs: readonly SharePriceReorg[];
}

/**
 * First checks the newest stored samples of these vaults against the chain ({@link verifySharePriceSamples}: those
 * of a block reorganized away or above the head are dropped, never used for an APY). Then takes one share-price
 * sample of each vault — `convertToAssets(one whole share)`, `totalAssets()`, `totalSupply()`
 * at one block, stamped with the block's own timestamp (chain time) — and stores it. Two Multicall3 requests for
 * every vault together (see `readVaultStates`). A vault that does not answer is skipped with its reason (nothing
 * stored for it, never a 0); node trouble → `RpcError`, nothing stored.
 *
 * @example
 * ```ts
 * const { recorded, skipped } = await sampleVaultSharePrices({ provider, chain, vaults, store });
 * ```
 */
export async function sampleVaultSharePrices({
  provider,
  chain,
  vaults,
  store,
  timeoutMs,
}: SampleVaultSharePricesParameters): Promise<SampleVaultSharePricesReturnType> {
  const { reorgs } = await verifySharePriceSamples({ provider, chainId: chain.id, vaults, store, timeoutMs });
  const read = await readVaultStates({
    provider,
    chain,
    vaults,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  // The sampled block's hash, kept with each sample so the next rounds can check it.
  const blockHash = await fetchBlockHash({
    provider,
    chainId: chain.id,
    block: Number(read.blockNumber),
    timeoutMs,
  });
  const recorded: Address[] = [];
  const skipped: { vault: Address; reason: string }[] = [];
  for (const v of read.vaults) {
    if (
      v.unreadableReason !== null ||
      v.assetsPerShare === null ||
      v.shareDecimals === null ||
      v.totalAssets === null ||
      v.totalSupply === null
    ) {
      skipped.push({ vault: v.vault, reason: v.unreadableReason ?? 'the vault did not answer' });
      continue;
    }
    const stored = await store.record({
      chainId: chain.id,
      vault: v.vault,
      blockNumber: Number(read.blockNumber),
      blockHash,
      at: read.timestamp,
      assetsPerShare: v.assetsPerShare,
      shareDecimals: v.shareDecimals,
      totalAssets: v.totalAssets,
      totalSupply: v.totalSupply,
    });
    if (stored) recorded.push(v.vault);
    else skipped.push({ vault: v.vault, reason: `block ${read.blockNumber} was already sampled` });
  }
  return {
    blockNumber: read.blockNumber,
    at: read.timestamp,
    recorded,
    skipped,
    states: read.vaults,
    reorgs,
  };
}
