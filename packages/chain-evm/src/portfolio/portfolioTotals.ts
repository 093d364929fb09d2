import type { PortfolioHolding, PortfolioTotals } from './types.js';

/** Parameters of {@link portfolioTotals}. */
export interface PortfolioTotalsParameters {
  readonly holdings: readonly PortfolioHolding[];
  /** Whether the chain has a working USD route (else the USD total is `null`). */
  readonly usd: boolean;
}

/**
 * Sums the priced holdings (ETH-equivalent wei and USD × 10^18) and counts what is left out: an unpriceable
 * holding is never counted as 0, it is listed in `unpricedAssets`. Pure.
 *
 * @example
 * ```ts
 * const { valueWei, unpriced } = portfolioTotals({ holdings, usd: true });
 * ```
 */
export function portfolioTotals({ holdings, usd }: PortfolioTotalsParameters): PortfolioTotals {
  let valueWei = 0n;
  let valueUsdE18: bigint | null = usd ? 0n : null;
  const unpricedAssets: PortfolioTotals['unpricedAssets'][number][] = [];
  for (const h of holdings) {
    if (h.valueWei === null) {
      unpricedAssets.push(h.asset.address);
      continue;
    }
    valueWei += h.valueWei;
    if (valueUsdE18 !== null) valueUsdE18 = h.valueUsdE18 === null ? null : valueUsdE18 + h.valueUsdE18;
  }
  return {
    valueWei,
    valueUsdE18,
    holdings: holdings.length,
    priced: holdings.length - unpricedAssets.length,
    unpriced: unpricedAssets.length,
    unpricedAssets,
  };
}
