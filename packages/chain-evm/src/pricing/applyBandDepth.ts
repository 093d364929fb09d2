import type { JudgedPool, PricingRules } from './types.js';

/** Parameters of {@link applyBandDepth}. */
export interface ApplyBandDepthParameters {
  /** A pool judged on its first read (`judgePriceSource`). */
  readonly judged: JudgedPool;
  /**
   * V3: the wrapped native the pool pays for selling the token across the band (`readBandDepths`); 0 when the sale
   * could not be simulated. Ignored for V2 (its reserves are its depth).
   */
  readonly bandDepthWei: bigint;
  /** Resolved rules (`resolvePricingRules`). */
  readonly rules: Required<PricingRules>;
}

/**
 * The second half of a V3 pool's verdict: its depth becomes what selling across the band really pays — the lesser
 * of that and the in-range estimate, so neither a position ending at the spot (in `liquidity()`, paying nothing)
 * nor liquidity further out can overstate it — and a pool that was usable but pays less than the floor is
 * `shallow`. A pool refused by an earlier rule keeps its rejection. V2 pairs are returned as they are.
 *
 * @example
 * ```ts
 * const judged = applyBandDepth({ judged: first, bandDepthWei: depths.get(key) ?? 0n, rules });
 * ```
 */
export function applyBandDepth({ judged, bandDepthWei, rules }: ApplyBandDepthParameters): JudgedPool {
  if (judged.protocol !== 'v3') return judged;
  // Stryker disable next-line EqualityOperator: equivalent — `<=` picks the same value when both are equal
  const depthWei = bandDepthWei < judged.depthWei ? bandDepthWei : judged.depthWei;
  const rejection =
    judged.rejection === null && depthWei < rules.minLiquidityWei ? 'shallow' : judged.rejection;
  return { ...judged, depthWei, rejection };
}
