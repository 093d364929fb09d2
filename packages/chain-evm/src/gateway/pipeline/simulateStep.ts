import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Refusal } from '../checkPolicy.js';
import type { ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The exact transaction simulated from the wallet: the gas limit to sign with, or `SIMULATION_REVERTED` with the
 * decoded reason (nothing is held, reserved or signed for a transaction that would revert).
 *
 * @example
 * ```ts
 * const simulated = await simulateStep(ctx, { provider, chain, intent });
 * if ('refusal' in simulated) return blockExecution(ctx, record, simulated.refusal);
 * ```
 */
export async function simulateStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    intent,
  }: { readonly provider: RpcSender; readonly chain: ChainInfo; readonly intent: ExecutionIntent },
): Promise<{ readonly gasLimit: bigint } | { readonly refusal: Refusal }> {
  const simulation = await ctx.steps.simulate({
    provider,
    chainId: chain.id,
    from: ctx.address,
    to: intent.to,
    data: intent.data,
    value: intent.value,
  });
  if (!simulation.ok) return { refusal: { code: 'SIMULATION_REVERTED', reason: simulation.reason } };
  return { gasLimit: simulation.gasLimit };
}
