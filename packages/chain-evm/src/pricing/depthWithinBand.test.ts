import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depthWithinBand } from './depthWithinBand.js';

const E18 = 10n ** 18n;

describe('depthWithinBand', () => {
  it('a constant-product reserve pays reserve × (1 − √(1 − band)): 1,000 WETH within 5% ≈ 25.3206 WETH, within 2% ≈ 10.0505', () => {
    // √0.95 = 0.974679434480896…, √0.98 = 0.989949493661166…
    const five = depthWithinBand({ reserve: 1_000n * E18, bandBps: 500 });
    expect(five).toBeGreaterThan(25_320_565_519_103_000_000n);
    expect(five).toBeLessThan(25_320_565_519_105_000_000n);
    const two = depthWithinBand({ reserve: 1_000n * E18, bandBps: 200 });
    expect(two).toBeGreaterThan(10_050_506_338_833_000_000n);
    expect(two).toBeLessThan(10_050_506_338_835_000_000n);
    // The devnet's thin pool: 0.5 WETH pays 0.012660282759551804.66 WETH within 5% (rounded down).
    expect(depthWithinBand({ reserve: E18 / 2n, bandBps: 500 })).toBe(12_660_282_759_551_804n);
  });

  it('nothing in reserve (an out-of-range V3 position, an empty pair) → 0', () => {
    expect(depthWithinBand({ reserve: 0n, bandBps: 500 })).toBe(0n);
    expect(depthWithinBand({ reserve: -5n, bandBps: 500 })).toBe(0n);
  });

  it('property: never above the exact depth and at most 2 wei below it; grows with the reserve and the band', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 36n }),
        fc.integer({ min: 1, max: 9_999 }),
        (reserve, bandBps) => {
          const depth = depthWithinBand({ reserve, bandBps });
          const remaining = reserve - depth;
          const target = reserve * reserve * BigInt(10_000 - bandBps); // (remaining² × 10⁴) must be ≥ this
          expect(depth >= 0n && depth <= reserve).toBe(true);
          // Exact depth d* has (reserve − d*)² × 10⁴ = target: ours leaves at least that much behind …
          expect(remaining * remaining * 10_000n >= target).toBe(true);
          // … and at most 2 wei more.
          if (remaining >= 3n) expect((remaining - 3n) * (remaining - 3n) * 10_000n < target).toBe(true);
          expect(depthWithinBand({ reserve: reserve * 2n, bandBps }) >= depth).toBe(true);
          if (bandBps < 9_999) expect(depthWithinBand({ reserve, bandBps: bandBps + 1 }) >= depth).toBe(true);
        },
      ),
    );
  });

  it('a band outside 1..9,999 bps → INVALID_PRICING_PARAMETER', () => {
    for (const bandBps of [0, 10_000, 1.5, Number.NaN]) {
      expect(() => depthWithinBand({ reserve: E18, bandBps })).toThrow(
        expect.objectContaining({ code: 'INVALID_PRICING_PARAMETER' }),
      );
    }
  });

  it('exact where the root is exact: 10 within 36% leaves √0.64 × 10 = 8, so pays 2; the widest band is accepted', () => {
    expect(depthWithinBand({ reserve: 10n, bandBps: 3_600 })).toBe(2n);
    expect(depthWithinBand({ reserve: 100n * E18, bandBps: 9_999 })).toBe(99n * E18);
  });
});
