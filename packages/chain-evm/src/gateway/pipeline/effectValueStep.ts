import type { ChainInfo } from '../../chains/chains.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import type { Address } from '../../chains/chains.js';
import { isSwapLike } from '../actions/isSwapLike.js';
import type { Refusal } from '../checkPolicy.js';
import { judgeValueLoss } from '../effects/judgeValueLoss.js';
import { taxAllowanceBps } from '../effects/taxAllowanceBps.js';
import { NATIVE_ASSET, type SimulatedEffects } from '../effects/SimulatedEffects.js';
import { walletDeltas } from '../effects/walletDeltas.js';
import type { ConfirmationRecord, ExecutionIntent } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import type { AcquiredValue } from './valueStep.js';

/**
 * For a swap (its module `swapLike`), what the simulation delivered to the wallet valued by the pricing rules — the
 * native coin received at face value, each token received scaled from the value of its acquired minimum read in the
 * value step's pricing round (`acquired`: received × value ÷ minimum, rounded down — spot pricing is linear, and no
 * second pricing round is made); a token without such a value is priced through `priceInNative` — against the value
 * charged: worth less than the charge minus `settings.maxValueLossBps` — plus the tokens' own known taxes
 * (`taxAllowanceBps`: buy tax of what is acquired, sell tax of what is spent) — → `EFFECT_VALUE_LOSS`. Other actions, "models
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
    safety,
    acquired = null,
  }: {
    readonly provider: RpcSender;
    readonly chain: ChainInfo;
    readonly intent: ExecutionIntent;
    readonly effects: SimulatedEffects | null;
    readonly chargedWei: bigint;
    /** The safety verdicts of the tokens acquired (their buy taxes), as the assess step read them. */
    readonly safety: ConfirmationRecord['safety'];
    /** The acquired minimums valued by the value step (`null`: none; every token received is priced here). */
    readonly acquired?: readonly AcquiredValue[] | null;
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
  const unvalued: typeof tokens = [];
  for (const t of tokens) {
    const known = acquired?.find(
      (a) => a.token.toLowerCase() === t.token.toLowerCase() && a.amount > 0n && a.valueWei !== null,
    );
    if (known?.valueWei == null) unvalued.push(t);
    else tokensWei += (t.amount * known.valueWei) / known.amount;
  }
  if (unvalued.length > 0) {
    const priced = await ctx.steps.priceInNative({ provider, chain, amounts: unvalued });
    if (priced.totalWei === null) return null;
    tokensWei += priced.totalWei;
  }
  const receivedWei = native + tokensWei;
  const base = ctx.settings.maxValueLossBps;
  const refusal = judgeValueLoss({ chargedWei, receivedWei, maxLossBps: base });
  if (refusal === null) return null;
  // Only on the way to a refusal: what the tokens' own taxes take (known buy taxes of what is acquired, sell taxes of
  // what is spent, read from the token-safety service) is allowed on top — a taxed token is the safety gate's call.
  const spent = await Promise.all(
    intent.spends.map(async (t) => {
      try {
        return (await ctx.tokenSafety.getReport({ chain: chain.id, address: t.token })).tax;
      } catch {
        return { buyTax: null, sellTax: null }; // unknown: no allowance (the refusal stands)
      }
    }),
  );
  const taxBps = taxAllowanceBps({ acquired: safety, spent });
  if (taxBps === 0) return refusal;
  return judgeValueLoss({ chargedWei, receivedWei, maxLossBps: Math.min(10_000, base + taxBps) });
}
