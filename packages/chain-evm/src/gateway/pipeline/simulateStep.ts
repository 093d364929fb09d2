import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Refusal } from '../checkPolicy.js';
import { judgeEffects } from '../effects/judgeEffects.js';
import type { SimulatedEffects } from '../effects/SimulatedEffects.js';
import { buildApproveTransaction } from '../../swap/buildApproveTransaction.js';
import type { ExecutionIntent, PrerequisiteApproval } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The exact transaction simulated from the wallet at `pending`, and its effects judged against the intent
 * (`judgeEffects`: nothing spent that the intent does not declare, no more than declared, every minimum — `acquires`
 * and `minimumReceived` — received): the gas limit to sign with and the effects, or the refusal —
 * `SIMULATION_REVERTED` with the decoded reason, `EFFECTS_SIMULATION_UNSUPPORTED`, `EFFECT_*`. Nothing is held,
 * reserved or signed for a transaction that would revert or whose effects are not the intent's. `effects: null`
 * only when the steps were built "models only" and the node cannot simulate effects. An intent with a
 * `prerequisiteApproval` is simulated with that approval first, in the same block (nothing is approved on chain for
 * it until it is about to be signed); only the action's own effects are judged.
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
): Promise<
  { readonly gasLimit: bigint; readonly effects: SimulatedEffects | null } | { readonly refusal: Refusal }
> {
  const simulation = await ctx.steps.simulate({
    provider,
    chainId: chain.id,
    from: ctx.address,
    to: intent.to,
    data: intent.data,
    value: intent.value,
    ...(intent.prerequisiteApproval === undefined
      ? {}
      : { prelude: [prerequisiteCall(intent.prerequisiteApproval)] }),
  });
  if (!simulation.ok) {
    return { refusal: { code: simulation.code ?? 'SIMULATION_REVERTED', reason: simulation.reason } };
  }
  if (simulation.effects !== null) {
    const refusal = judgeEffects({
      wallet: ctx.address,
      transfers: simulation.effects.transfers,
      declared: {
        value: intent.value,
        spends: intent.spends,
        minimums: [...intent.acquires, ...(intent.minimumReceived ?? [])],
      },
    });
    if (refusal) return { refusal };
  }
  return { gasLimit: simulation.gasLimit, effects: simulation.effects };
}

/** The approval call simulated before the action (the calldata the prerequisite step will send). */
function prerequisiteCall(approval: PrerequisiteApproval): {
  to: PrerequisiteApproval['token'];
  data: ExecutionIntent['data'];
  value: bigint;
} {
  const tx = buildApproveTransaction({
    token: approval.token,
    spender: approval.spender,
    amount: approval.amount,
  });
  return { to: tx.to, data: tx.data, value: 0n };
}
