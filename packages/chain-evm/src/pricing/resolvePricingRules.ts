import {
  DEFAULT_DEPTH_BAND_BPS,
  DEFAULT_MAX_TWAP_DEVIATION_BPS,
  DEFAULT_TWAP_WINDOW_SECONDS,
} from './pricingDefaults.js';
import { PricingError } from './PricingError.js';
import type { PricingRules } from './types.js';

/**
 * Pricing rules with every default filled in and every value checked: a floor ≥ 0 wei, a depth band of 1..9,999
 * bps, a deviation bound of 0..100,000 bps, a TWAP window of 60..86,400 s (observations cost the pool a slot per
 * block: longer windows are rarely answerable). Throws `INVALID_PRICING_PARAMETER`.
 *
 * @example
 * ```ts
 * const rules = resolvePricingRules({ minLiquidityWei: 10n ** 19n }); // band 500, deviation 500, window 1800
 * ```
 */
export function resolvePricingRules(rules: PricingRules): Required<PricingRules> {
  const {
    minLiquidityWei,
    depthBandBps = DEFAULT_DEPTH_BAND_BPS,
    maxTwapDeviationBps = DEFAULT_MAX_TWAP_DEVIATION_BPS,
    twapWindowSeconds = DEFAULT_TWAP_WINDOW_SECONDS,
  } = rules;
  const bad = (what: string, value: unknown): never => {
    throw new PricingError('INVALID_PRICING_PARAMETER', what, { details: String(value) });
  };
  if (typeof minLiquidityWei !== 'bigint' || minLiquidityWei < 0n) {
    bad('minLiquidityWei must be a bigint ≥ 0', minLiquidityWei);
  }
  if (!Number.isInteger(depthBandBps) || depthBandBps < 1 || depthBandBps > 9_999) {
    bad('depthBandBps must be an integer from 1 to 9,999', depthBandBps);
  }
  if (!Number.isInteger(maxTwapDeviationBps) || maxTwapDeviationBps < 0 || maxTwapDeviationBps > 100_000) {
    bad('maxTwapDeviationBps must be an integer from 0 to 100,000', maxTwapDeviationBps);
  }
  if (!Number.isInteger(twapWindowSeconds) || twapWindowSeconds < 60 || twapWindowSeconds > 86_400) {
    bad('twapWindowSeconds must be an integer from 60 to 86,400', twapWindowSeconds);
  }
  return { minLiquidityWei, depthBandBps, maxTwapDeviationBps, twapWindowSeconds };
}
