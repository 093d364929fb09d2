import type { Address } from '../chains/chains.js';
import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { fetchBlockHash } from '../rpc/fetchBlockHash.js';
import { rpcCall } from '../rpc/rpcCall.js';
import type { SharePriceStore } from './types.js';

/** Samples of one block dropped because the chain no longer has that block (see {@link verifySharePriceSamples}). */
export interface SharePriceReorg {
  /** `hash-mismatch`: the block has another hash now (a reorg); `above-head`: the head is below it (a reset, a lag). */
  readonly reason: 'hash-mismatch' | 'above-head';
  readonly blockNumber: number;
  /** The hash the samples kept (null: a sample stored before hashes were kept, dropped for being above the head). */
  readonly storedHash: Hex | null;
  /** The hash the node answers now (null: no such block). */
  readonly chainHash: Hex | null;
  readonly head: number;
  /** The vaults whose sample at that block was dropped. */
  readonly vaults: readonly Address[];
}

/**
 * Checks the newest `depth` stored samples of each vault against the chain before they are trusted: one
 * `eth_getBlockByNumber` per distinct block. The samples of a block above the head, or whose hash differs now, are
 * dropped from the store (`drop`), so no APY is measured from them — the next round samples the chain as it is.
 * A sample without a hash (stored before hashes were kept) is trusted unless it is above the head. A node that
 * errs throws (nothing dropped after the error).
 *
 * @example
 * ```ts
 * const { reorgs } = await verifySharePriceSamples({ provider, chainId: 1, vaults, store });
 * ```
 */
export async function verifySharePriceSamples({
  provider,
  chainId,
  vaults,
  store,
  depth = 8,
  timeoutMs,
}: {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly vaults: readonly Address[];
  readonly store: SharePriceStore;
  /** How many of each vault's newest samples are checked (default 8). */
  readonly depth?: number;
  readonly timeoutMs?: number | undefined;
}): Promise<{ readonly head: number; readonly reorgs: readonly SharePriceReorg[] }> {
  const blocks = new Map<number, { storedHash: Hex | null; vaults: Address[] }>();
  for (const vault of vaults) {
    for (const s of await store.list({ chainId, vault, limit: depth })) {
      const entry = blocks.get(s.blockNumber) ?? { storedHash: null, vaults: [] };
      entry.storedHash ??= s.blockHash ?? null;
      entry.vaults.push(s.vault);
      blocks.set(s.blockNumber, entry);
    }
  }
  if (blocks.size === 0) return { head: -1, reorgs: [] };
  const method = 'eth_blockNumber';
  const head = Number(
    BigInt(
      (await rpcCall({
        chainId,
        method,
        ...(timeoutMs === undefined ? {} : { timeoutMs }),
        run: () => provider.send(method, []),
      })) as string,
    ),
  );
  const reorgs: SharePriceReorg[] = [];
  for (const [blockNumber, { storedHash, vaults: sampled }] of [...blocks].sort((a, b) => a[0] - b[0])) {
    let reorg: SharePriceReorg | null = null;
    if (blockNumber > head) {
      reorg = { reason: 'above-head', blockNumber, storedHash, chainHash: null, head, vaults: sampled };
    } else if (storedHash !== null) {
      const chainHash = await fetchBlockHash({ provider, chainId, block: blockNumber, timeoutMs });
      if (chainHash !== storedHash.toLowerCase()) {
        const reason = chainHash === null ? 'above-head' : 'hash-mismatch';
        reorg = { reason, blockNumber, storedHash, chainHash, head, vaults: sampled };
      }
    }
    if (reorg === null) continue;
    await store.drop({ chainId, blockNumber });
    reorgs.push(reorg);
  }
  return { head, reorgs };
}
