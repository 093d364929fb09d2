import { USD_REFERENCE_WHOLE_UNITS } from './types.js';

/** Parameters of {@link usdFromWei}. */
export interface UsdFromWeiParameters {
  readonly wei: bigint;
  /** ETH-equivalent wei of `USD_REFERENCE_WHOLE_UNITS` whole stablecoins (`PortfolioUsdRoute.referenceWei`). */
  readonly referenceWei: bigint | null;
}

/**
 * ETH-equivalent wei → USD × 10^18, exactly (bigint, rounded down): `wei × 1,000,000 × 10^18 / referenceWei`.
 * `null` when the chain has no USD reference (never a made-up rate). Pure.
 *
 * @example
 * ```ts
 * usdFromWei({ wei: 10n ** 18n, referenceWei: 333_333_333_333_333_333_333n }); // 3000 USD × 10^18
 * ```
 */
export function usdFromWei({ wei, referenceWei }: UsdFromWeiParameters): bigint | null {
  if (referenceWei === null || referenceWei <= 0n) return null;
  return (wei * USD_REFERENCE_WHOLE_UNITS * 10n ** 18n) / referenceWei;
}
