import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The value of the intent in ETH-equivalent wei: its native value plus every token it spends, priced on chain by the
 * pricing step. `valueWei` is `null` (never 0, never a raw amount) when a token spent cannot be priced, with why.
 *
 * @example
 * ```ts
 * const { valueWei, reason } = await valueStep(ctx, { provider, chain, intent });
 * ```
 */
export async function valueStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    intent,
  }: { readonly provider: RpcSender; readonly chain: ChainInfo; readonly intent: ExecutionIntent },
): Promise<{ readonly valueWei: bigint | null; readonly reason: string | null }> {
  const priced = await ctx.steps.priceInNative({ provider, chain, amounts: intent.spends });
  return {
    valueWei: priced.totalWei === null ? null : intent.value + priced.totalWei,
    reason: priced.totalWei === null ? (priced.reason ?? 'a token spent cannot be priced') : null,
  };
}
