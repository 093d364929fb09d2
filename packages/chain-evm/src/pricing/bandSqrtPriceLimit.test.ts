import { describe, expect, it } from 'vitest';
import { bandSqrtPriceLimit } from './bandSqrtPriceLimit.js';
import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';

const Q96 = 1n << 96n;
const MIN_SQRT_RATIO = 4_295_128_739n;
const MAX_SQRT_RATIO = 1_461_446_703_485_210_103_287_273_052_203_988_822_378_723_970_342n;

describe('bandSqrtPriceLimit', () => {
  it('selling token0: √(P × (1 − band)), rounded up (towards the spot)', () => {
    // band 19% → √0.81 = 0.9 exactly.
    expect(bandSqrtPriceLimit({ sqrtPriceX96: 10n ** 20n, bandBps: 1_900, zeroForOne: true })).toBe(
      9n * 10n ** 19n,
    );
    // 5%: √0.95 = 0.974679434…; the limit is the ceiling of the exact root.
    const limit = bandSqrtPriceLimit({ sqrtPriceX96: Q96, bandBps: 500, zeroForOne: true }) as bigint;
    expect(limit * limit * 100n >= Q96 * Q96 * 95n).toBe(true);
    expect((limit - 1n) * (limit - 1n) * 100n < Q96 * Q96 * 95n).toBe(true);
  });

  it('selling token1: √(P ÷ (1 − band)), rounded down (towards the spot)', () => {
    // band 19% → √(1 ÷ 0.81) = 1/0.9 exactly from 9 × 10^19.
    expect(bandSqrtPriceLimit({ sqrtPriceX96: 9n * 10n ** 19n, bandBps: 1_900, zeroForOne: false })).toBe(
      10n ** 20n,
    );
    const limit = bandSqrtPriceLimit({ sqrtPriceX96: Q96, bandBps: 500, zeroForOne: false }) as bigint;
    expect(limit * limit * 95n <= Q96 * Q96 * 100n).toBe(true);
    expect((limit + 1n) * (limit + 1n) * 95n > Q96 * Q96 * 100n).toBe(true);
  });

  it('the limit is about 513 ticks from the spot for a 5% band, on the side the sale moves the price', () => {
    const spot = sqrtRatioAtTick(-207_240);
    const down = bandSqrtPriceLimit({ sqrtPriceX96: spot, bandBps: 500, zeroForOne: true }) as bigint;
    expect(down).toBeLessThan(spot);
    expect(down).toBeGreaterThan(sqrtRatioAtTick(-207_240 - 513));
    expect(down).toBeLessThan(sqrtRatioAtTick(-207_240 - 512));
    const up = bandSqrtPriceLimit({ sqrtPriceX96: spot, bandBps: 500, zeroForOne: false }) as bigint;
    expect(up).toBeGreaterThan(spot);
    expect(up).toBeLessThan(sqrtRatioAtTick(-207_240 + 513));
    expect(up).toBeGreaterThan(sqrtRatioAtTick(-207_240 + 512));
  });

  it('no limit strictly inside the pool bounds, or not away from the spot → null (no measurable depth)', () => {
    expect(
      bandSqrtPriceLimit({ sqrtPriceX96: MIN_SQRT_RATIO + 1n, bandBps: 500, zeroForOne: true }),
    ).toBeNull();
    expect(
      bandSqrtPriceLimit({ sqrtPriceX96: MAX_SQRT_RATIO - 1n, bandBps: 500, zeroForOne: false }),
    ).toBeNull();
    // A spot so low that 1 bp cannot move it by a whole unit.
    expect(bandSqrtPriceLimit({ sqrtPriceX96: 1_000n, bandBps: 1, zeroForOne: true })).toBeNull();
    expect(bandSqrtPriceLimit({ sqrtPriceX96: 1_000n, bandBps: 1, zeroForOne: false })).toBeNull();
    // Just inside the bounds is fine.
    const nearMin = 2n * MIN_SQRT_RATIO;
    expect(bandSqrtPriceLimit({ sqrtPriceX96: nearMin, bandBps: 500, zeroForOne: true })).toBeGreaterThan(
      MIN_SQRT_RATIO,
    );
    const nearMax = (MAX_SQRT_RATIO * 99n) / 100n;
    expect(bandSqrtPriceLimit({ sqrtPriceX96: nearMax, bandBps: 100, zeroForOne: false })).toBeLessThan(
      MAX_SQRT_RATIO,
    );
  });

  it('the band must be an integer from 1 to 9,999 bps', () => {
    for (const bandBps of [0, 10_000, 1.5, -1]) {
      expect(() => bandSqrtPriceLimit({ sqrtPriceX96: Q96, bandBps, zeroForOne: true })).toThrow(
        expect.objectContaining({ code: 'INVALID_PRICING_PARAMETER' }),
      );
    }
    expect(bandSqrtPriceLimit({ sqrtPriceX96: Q96, bandBps: 9_999, zeroForOne: true })).toBe(Q96 / 100n + 1n); // ⌈2^96 ÷ 100⌉
    expect(bandSqrtPriceLimit({ sqrtPriceX96: Q96, bandBps: 1, zeroForOne: true })).toBeLessThan(Q96);
  });
});
