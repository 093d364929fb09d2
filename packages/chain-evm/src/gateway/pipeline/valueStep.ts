import type { Address, ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { isSwapLike } from '../actions/isSwapLike.js';
import type { ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/** An acquired minimum of a swap and its value, read in the value step's pricing round. */
export interface AcquiredValue {
  readonly token: Address;
  readonly amount: bigint;
  /** `null` when the pricing rules cannot value it. */
  readonly valueWei: bigint | null;
}

/**
 * The value of the intent in ETH-equivalent wei: its native value plus every token it spends, priced on chain by the
 * pricing step. `valueWei` is `null` (never 0, never a raw amount) when a token spent cannot be priced, with why.
 *
 * For a swap (its module `swapLike`) the same pricing round also values each acquired minimum (`acquired`, never
 * part of `valueWei`): the effects' valuation (`effectValueStep`) scales it to the simulated amount instead of
 * pricing again. `acquired` is `null` when the pricing step does not answer per amount.
 *
 * @example
 * ```ts
 * const { valueWei, reason, acquired } = await valueStep(ctx, { provider, chain, intent });
 * ```
 */
export async function valueStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    intent,
  }: { readonly provider: RpcSender; readonly chain: ChainInfo; readonly intent: ExecutionIntent },
): Promise<{
  readonly valueWei: bigint | null;
  readonly reason: string | null;
  readonly acquired: readonly AcquiredValue[] | null;
}> {
  const alsoValue = isSwapLike({ actions: ctx.actions, action: intent.action })
    ? intent.acquires.filter((a) => a.amount > 0n).map(({ token, amount }) => ({ token, amount }))
    : [];
  const priced = await ctx.steps.priceInNative({
    provider,
    chain,
    amounts: intent.spends,
    ...(alsoValue.length === 0 ? {} : { alsoValue }),
  });
  const values = priced.alsoValued;
  return {
    valueWei: priced.totalWei === null ? null : intent.value + priced.totalWei,
    reason: priced.totalWei === null ? (priced.reason ?? 'a token spent cannot be priced') : null,
    acquired:
      values === undefined || values.length !== alsoValue.length
        ? null
        : alsoValue.map((a, i) => ({ ...a, valueWei: values[i] ?? null })),
  };
}
