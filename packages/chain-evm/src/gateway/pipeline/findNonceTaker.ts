import type { Address } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/** How far back (blocks) {@link findNonceTaker} looks for the transaction that took a nonce. */
export const NONCE_TAKER_LOOKBACK_BLOCKS = 100_000;

/**
 * The hash of the mined transaction of `address` that used `nonce` — when a transaction that is not ours took an
 * execution's nonce, the record names it. Binary search on `eth_getTransactionCount(address, block)` for the first
 * block at or below `head` whose count is above `nonce` (within {@link NONCE_TAKER_LOOKBACK_BLOCKS}, or as far back as
 * the node keeps state), then that block's transactions. `null` when it cannot be found (a pruned node that keeps no old state, a node that errs, a
 * nonce older than the look-back): the name is a courtesy, never a condition.
 *
 * @example
 * ```ts
 * const hash = await findNonceTaker(ctx, { provider, chainId, address, nonce: 12, head });
 * ```
 */
export async function findNonceTaker(
  ctx: GatewayContext,
  p: {
    readonly provider: RpcSender;
    readonly chainId: number;
    readonly address: Address;
    readonly nonce: number;
    readonly head: number;
  },
): Promise<Hex | null> {
  const call = (method: string, params: readonly unknown[]) =>
    rpcCall({
      chainId: p.chainId,
      method,
      timeoutMs: ctx.settings.rpcTimeoutMs,
      run: () => p.provider.send(method, [...params]),
    });
  const countAt = async (block: number) =>
    Number(BigInt((await call('eth_getTransactionCount', [p.address, `0x${block.toString(16)}`])) as string));
  try {
    let hi = p.head;
    if ((await countAt(hi)) <= p.nonce) return null;
    // Invariant: the count at `hi` is above the nonce; at `lo` it is not, or the node no longer keeps that block's
    // state (a pruned node: older state errs, newer answers — the search then stops at the oldest block it has, and
    // the transaction is found there only if it is really there).
    let lo = Math.max(0, p.head - NONCE_TAKER_LOOKBACK_BLOCKS) - 1;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      const count = await countAt(mid).catch(() => null);
      if (count !== null && count > p.nonce) hi = mid;
      else lo = mid;
    }
    const block = (await call('eth_getBlockByNumber', [`0x${hi.toString(16)}`, true])) as {
      transactions?: readonly { hash?: string; from?: string; nonce?: string }[];
    } | null;
    const taker = block?.transactions?.find(
      (t) =>
        t.from?.toLowerCase() === p.address.toLowerCase() &&
        t.nonce !== undefined &&
        Number(BigInt(t.nonce)) === p.nonce,
    );
    return (taker?.hash as Hex | undefined) ?? null;
  } catch {
    return null;
  }
}
