import type { RpcSender } from '../../multicall/aggregate3.js';
import { fetchBlockHash } from '../../rpc/fetchBlockHash.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The hash of block `block` as the node sees it now, read strictly with the gateway's RPC time-out
 * ({@link fetchBlockHash}): a node that errs or times out throws; `null` only when the node has no such block.
 *
 * @example
 * ```ts
 * const hash = await readBlockHash(ctx, { provider, chainId: 1, block: 19_000_000 });
 * ```
 */
export async function readBlockHash(
  ctx: GatewayContext,
  p: { readonly provider: RpcSender; readonly chainId: number; readonly block: number },
): Promise<Hex | null> {
  return fetchBlockHash({ ...p, timeoutMs: ctx.settings.rpcTimeoutMs });
}
