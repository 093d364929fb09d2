import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Refusal } from '../checkPolicy.js';
import type { FeeQuote } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { maxFeeOf } from './maxFeeOf.js';

/**
 * The fees the transaction would be signed with (the chain step's quote); a network asking more than the fee
 * ceiling refuses new sends (`GAS_PRICE_ABOVE_CEILING`).
 *
 * @example
 * ```ts
 * const quoted = await feesStep(ctx, { provider, chain });
 * if ('refusal' in quoted) return blockExecution(ctx, record, quoted.refusal);
 * ```
 */
export async function feesStep(
  ctx: GatewayContext,
  { provider, chain }: { readonly provider: RpcSender; readonly chain: ChainInfo },
): Promise<{ readonly fees: FeeQuote } | { readonly refusal: Refusal }> {
  const fees = await ctx.steps.estimateFees({ provider, chain });
  const ceiling = ctx.settings.feeCeilingWei;
  if (maxFeeOf(fees) > ceiling) {
    return {
      refusal: {
        code: 'GAS_PRICE_ABOVE_CEILING',
        reason: `the fee (${maxFeeOf(fees)} wei/gas) is above the ceiling of ${ceiling}`,
      },
    };
  }
  return { fees };
}
