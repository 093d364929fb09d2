import type { Address } from '../chains/chains.js';
import { poolDepth } from './poolDepth.js';
import { twapDeviationBps } from './twapDeviationBps.js';
import type { JudgedPool, PoolState, PricingRules } from './types.js';

const Q192 = 1n << 192n;

/** Parameters of {@link judgePriceSource}. */
export interface JudgePriceSourceParameters {
  readonly pool: Address;
  readonly fee: number | null;
  /** The pool's state (`decodePoolState`): a pool of the priced token against the wrapped native. */
  readonly state: PoolState;
  /** Whether the priced token is the pool's token0 (the wrapped native is the other one). */
  readonly tokenIsToken0: boolean;
  /** Resolved rules (`resolvePricingRules`). */
  readonly rules: Required<PricingRules>;
}

/**
 * Judges one pool of a token against the wrapped native as a price source, in this order:
 * 1. depth — the wrapped native it pays out within the band (`poolDepth`) must reach the floor, else `shallow`;
 * 2. V3 only — `observe` must answer for the window (else `twap-unavailable`: fail closed) and the spot must be
 *    within `maxTwapDeviationBps` of the mean tick's price (else `twap-deviation`).
 * V2 pairs have no cheap TWAP (the cumulative price needs a second reading, a window apart): depth alone decides.
 * The value it reports is the SPOT (what the pool trades at now), whatever the verdict.
 *
 * @example
 * ```ts
 * const judged = judgePriceSource({ pool, fee: 3000, state, tokenIsToken0, rules: resolvePricingRules({ minLiquidityWei }) });
 * judged.rejection; // null | 'shallow' | 'twap-unavailable' | 'twap-deviation'
 * ```
 */
export function judgePriceSource({
  pool,
  fee,
  state,
  tokenIsToken0,
  rules,
}: JudgePriceSourceParameters): JudgedPool {
  const depthWei = poolDepth({ state, measuredIsToken0: !tokenIsToken0, bandBps: rules.depthBandBps });
  let value: (amount: bigint) => bigint;
  let deviation: bigint | null = null;
  if (state.protocol === 'v2') {
    const [tokenReserve, wethReserve] = tokenIsToken0
      ? [state.reserve0, state.reserve1]
      : [state.reserve1, state.reserve0];
    value = (amount) => (amount * wethReserve) / tokenReserve;
  } else {
    const priceX192 = state.sqrtPriceX96 * state.sqrtPriceX96; // token1 per token0, × 2^192
    value = (amount) => (tokenIsToken0 ? (amount * priceX192) / Q192 : (amount * Q192) / priceX192);
    if (state.twapTick !== null) {
      deviation = twapDeviationBps({ sqrtPriceX96: state.sqrtPriceX96, twapTick: state.twapTick });
    }
  }
  let rejection: JudgedPool['rejection'] = null;
  if (depthWei < rules.minLiquidityWei) rejection = 'shallow';
  else if (state.protocol === 'v3' && deviation === null) rejection = 'twap-unavailable';
  // Stryker disable next-line ConditionalExpression: `deviation !== null` → true is equivalent — a V3 pool without one is refused on the line above, a V2 pair has none (null > n is false)
  else if (deviation !== null && deviation > BigInt(rules.maxTwapDeviationBps)) rejection = 'twap-deviation';
  return { protocol: state.protocol, pool, fee, depthWei, twapDeviationBps: deviation, rejection, value };
}
