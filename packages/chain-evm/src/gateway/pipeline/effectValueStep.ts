import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Address } from '../../chains/chains.js';
import { isSwapLike } from '../actions/isSwapLike.js';
import type { Refusal } from '../checkPolicy.js';
import { judgeValueLoss } from '../effects/judgeValueLoss.js';
import { NATIVE_ASSET, type SimulatedEffects } from '../effects/SimulatedEffects.js';
import { walletDeltas } from '../effects/walletDeltas.js';
import type { ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * For a swap (its module `swapLike`), what the simulation delivered to the wallet valued by the pricing rules — the
 * native coin received at face value, each token received through `priceInNative` (one request) — against the value
 * charged: worth less than the charge minus `settings.maxValueLossBps` → `EFFECT_VALUE_LOSS`. Other actions, "models
 * only" simulations and outputs the pricing rules cannot value pass here (the effects judge has checked the
 * minimums; an unpriceable output has no valuation to compare).
 *
 * @example
 * ```ts
 * const refusal = await effectValueStep(ctx, { provider, chain, intent, effects, chargedWei: valueWei });
 * ```
 */
export async function effectValueStep(
  ctx: GatewayContext,
  {
    provider,
    chain,
    intent,
    effects,
    chargedWei,
  }: {
    readonly provider: RpcSender;
    readonly chain: ChainInfo;
    readonly intent: ExecutionIntent;
    readonly effects: SimulatedEffects | null;
    readonly chargedWei: bigint;
  },
): Promise<Refusal | null> {
  if (effects === null || !isSwapLike({ actions: ctx.actions, action: intent.action })) return null;
  const received = [...walletDeltas({ wallet: ctx.address, transfers: effects.transfers })].filter(
    ([, delta]) => delta > 0n,
  );
  const native = received.find(([token]) => token === NATIVE_ASSET)?.[1] ?? 0n;
  const tokens = received
    .filter(([token]) => token !== NATIVE_ASSET)
    .map(([token, amount]) => ({ token: token as Address, amount }));
  let tokensWei = 0n;
  if (tokens.length > 0) {
    const priced = await ctx.steps.priceInNative({ provider, chain, amounts: tokens });
    if (priced.totalWei === null) return null;
    tokensWei = priced.totalWei;
  }
  return judgeValueLoss({
    chargedWei,
    receivedWei: native + tokensWei,
    maxLossBps: ctx.settings.maxValueLossBps,
  });
}
