import { describe, expect, it } from 'vitest';
import type { Address } from '../chains/chains.js';
import { applyBandDepth } from './applyBandDepth.js';
import { resolvePricingRules } from './resolvePricingRules.js';
import type { JudgedPool } from './types.js';

const E18 = 10n ** 18n;
const rules = resolvePricingRules({ minLiquidityWei: 10n * E18 });
const judged = (over: Partial<JudgedPool>): JudgedPool => ({
  protocol: 'v3',
  pool: '0x00000000000000000000000000000000000000aa' as Address,
  fee: 3000,
  depthWei: 50n * E18,
  twapDeviationBps: 0n,
  rejection: null,
  value: (amount) => amount,
  ...over,
});

describe('applyBandDepth', () => {
  it('a V3 pool whose band sale pays nothing (a position ending at the spot) has no depth: shallow', () => {
    const out = applyBandDepth({ judged: judged({}), bandDepthWei: 0n, rules });
    expect(out).toMatchObject({ depthWei: 0n, rejection: 'shallow' });
  });

  it('the depth is the lesser of the band sale and the in-range estimate', () => {
    expect(applyBandDepth({ judged: judged({}), bandDepthWei: 30n * E18, rules })).toMatchObject({
      depthWei: 30n * E18,
      rejection: null,
    });
    // Liquidity further out in the band does not lift the figure above the in-range estimate.
    expect(applyBandDepth({ judged: judged({}), bandDepthWei: 80n * E18, rules })).toMatchObject({
      depthWei: 50n * E18,
      rejection: null,
    });
  });

  it('the floor applies to the band sale: exactly the floor is deep enough, one wei less is not', () => {
    expect(applyBandDepth({ judged: judged({}), bandDepthWei: 10n * E18, rules }).rejection).toBeNull();
    expect(applyBandDepth({ judged: judged({}), bandDepthWei: 10n * E18 - 1n, rules }).rejection).toBe(
      'shallow',
    );
  });

  it('an earlier rejection stands (the TWAP rule is not undone by a deep band)', () => {
    for (const rejection of ['twap-deviation', 'twap-unavailable', 'shallow'] as const) {
      expect(
        applyBandDepth({ judged: judged({ rejection }), bandDepthWei: 40n * E18, rules }).rejection,
      ).toBe(rejection);
    }
    expect(
      applyBandDepth({ judged: judged({ rejection: 'twap-deviation' }), bandDepthWei: 0n, rules }).rejection,
    ).toBe('twap-deviation');
  });

  it('a V2 pair is returned as it is (its reserves are its depth)', () => {
    const pair = judged({ protocol: 'v2', fee: null, twapDeviationBps: null });
    expect(applyBandDepth({ judged: pair, bandDepthWei: 0n, rules })).toBe(pair);
  });
});
