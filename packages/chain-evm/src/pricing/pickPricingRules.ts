import type { PricingRules } from './types.js';

/**
 * The pricing rules out of a larger parameter object (only the keys that are set), so a function that prices
 * through `priceInNative` passes its caller's rules on whole — one set of rules wherever a value is read.
 *
 * @example
 * ```ts
 * await priceInNative({ provider, chain, amounts, ...pickPricingRules(parameters) });
 * ```
 */
export function pickPricingRules(parameters: PricingRules): PricingRules {
  const { minLiquidityWei, depthBandBps, maxTwapDeviationBps, twapWindowSeconds } = parameters;
  return {
    minLiquidityWei,
    ...(depthBandBps === undefined ? {} : { depthBandBps }),
    ...(maxTwapDeviationBps === undefined ? {} : { maxTwapDeviationBps }),
    ...(twapWindowSeconds === undefined ? {} : { twapWindowSeconds }),
  };
}
