import { describe, expect, it } from 'vitest';
import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';

describe('sqrtRatioAtTick (TickMath.getSqrtRatioAtTick)', () => {
  it("gives Uniswap's own constants: tick 0 = 2^96, MIN_SQRT_RATIO and MAX_SQRT_RATIO at the tick bounds", () => {
    expect(sqrtRatioAtTick(0)).toBe(2n ** 96n);
    expect(sqrtRatioAtTick(-887_272)).toBe(4_295_128_739n);
    expect(sqrtRatioAtTick(887_272)).toBe(1_461_446_703_485_210_103_287_273_052_203_988_822_378_723_970_342n);
  });

  it('one tick is a factor 1.0001 of price: strictly increasing, √1.0001 apart', () => {
    let previous = sqrtRatioAtTick(-1_000);
    for (let tick = -999; tick <= 1_000; tick += 37) {
      const current = sqrtRatioAtTick(tick);
      expect(current > previous).toBe(true);
      previous = current;
    }
    const [a, b] = [sqrtRatioAtTick(200_000), sqrtRatioAtTick(200_001)];
    // (b/a)² = 1.0001 to within rounding: (b² − a²) / a² = 1e-4 to 7 significant digits.
    const ratio = ((b * b - a * a) * 10n ** 12n) / (a * a);
    expect(ratio).toBeGreaterThanOrEqual(99_999_990n);
    expect(ratio).toBeLessThanOrEqual(100_000_010n);
  });

  it('outside ±887,272 or not an integer → INVALID_PRICING_PARAMETER', () => {
    for (const tick of [887_273, -887_273, 0.5]) {
      expect(() => sqrtRatioAtTick(tick)).toThrow(
        expect.objectContaining({ code: 'INVALID_PRICING_PARAMETER' }),
      );
    }
  });
});
