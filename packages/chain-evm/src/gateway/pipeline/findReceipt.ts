import type { RpcSender } from '../../multicall/aggregate3.js';
import type { GatewayReceipt } from '../gatewayTypes.js';
import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The receipt of whichever of the record's hashes is mined, by strict lookups: `null` only when the node answered
 * for every hash that it is not mined; a node that errs or times out throws (and nothing is decided).
 *
 * @example
 * ```ts
 * const receipt = await findReceipt(ctx, { provider, record });
 * ```
 */
export async function findReceipt(
  ctx: GatewayContext,
  { provider, record }: { readonly provider: RpcSender; readonly record: ExecutionRecord },
): Promise<GatewayReceipt | null> {
  for (const { hash } of record.transactions) {
    const receipt = await ctx.steps.fetchReceipt({ provider, chainId: record.chainId, hash });
    if (receipt) return receipt;
  }
  return null;
}
