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

  it('accepts every rule at both ends of its range', () => {
    for (const rules of [
      { minLiquidityWei: 0n, depthBandBps: 1, maxTwapDeviationBps: 0, twapWindowSeconds: 60 },
      {
        minLiquidityWei: 10n ** 30n,
        depthBandBps: 9_999,
        maxTwapDeviationBps: 100_000,
        twapWindowSeconds: 86_400,
      },
    ]) {
      expect(resolvePricingRules(rules)).toEqual(rules);
    }
  });

  it.each([
    ['minLiquidityWei', { minLiquidityWei: -1n }, '-1'],
    ['minLiquidityWei', { minLiquidityWei: '1' as unknown as bigint }, '1'],
    ['depthBandBps', { minLiquidityWei: 1n, depthBandBps: 0 }, '0'],
    ['depthBandBps', { minLiquidityWei: 1n, depthBandBps: 10_000 }, '10000'],
    ['depthBandBps', { minLiquidityWei: 1n, depthBandBps: 1.5 }, '1.5'],
    ['maxTwapDeviationBps', { minLiquidityWei: 1n, maxTwapDeviationBps: 100_001 }, '100001'],
    ['maxTwapDeviationBps', { minLiquidityWei: 1n, maxTwapDeviationBps: -1 }, '-1'],
    ['twapWindowSeconds', { minLiquidityWei: 1n, twapWindowSeconds: 60.5 }, '60.5'],
    ['twapWindowSeconds', { minLiquidityWei: 1n, twapWindowSeconds: 59 }, '59'],
    ['twapWindowSeconds', { minLiquidityWei: 1n, twapWindowSeconds: 86_401 }, '86401'],
  ])('refuses a bad %s (case %#), naming it and the value', (field, rules, value) => {
    expect(() => resolvePricingRules(rules)).toThrow(
      expect.objectContaining({
        code: 'INVALID_PRICING_PARAMETER',
        shortMessage: expect.stringMatching(new RegExp(`^${field} must be`)),
        details: value,
      }),
    );
  });
});
