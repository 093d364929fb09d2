import { describe, expect, it } from 'vitest';
import { resolvePricingRules } from './resolvePricingRules.js';

describe('resolvePricingRules', () => {
  it('fills in the documented defaults: band 5%, deviation 5%, window 30 minutes', () => {
    expect(resolvePricingRules({ minLiquidityWei: 1n })).toEqual({
      minLiquidityWei: 1n,
      depthBandBps: 500,
      maxTwapDeviationBps: 500,
      twapWindowSeconds: 1_800,
    });
  });

  it('refuses malformed rules with INVALID_PRICING_PARAMETER', () => {
    for (const bad of [
      { minLiquidityWei: -1n },
      { minLiquidityWei: 1 as unknown as bigint },
      { minLiquidityWei: 1n, depthBandBps: 0 },
      { minLiquidityWei: 1n, depthBandBps: 10_000 },
      { minLiquidityWei: 1n, maxTwapDeviationBps: -1 },
      { minLiquidityWei: 1n, maxTwapDeviationBps: 2.5 },
      { minLiquidityWei: 1n, twapWindowSeconds: 59 },
      { minLiquidityWei: 1n, twapWindowSeconds: 86_401 },
    ]) {
      expect(() => resolvePricingRules(bad)).toThrow(
        expect.objectContaining({ code: 'INVALID_PRICING_PARAMETER' }),
      );
    }
  });
});
