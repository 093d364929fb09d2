import { describe, expect, it } from 'vitest';
import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';
import { twapDeviationBps } from './twapDeviationBps.js';

describe('twapDeviationBps', () => {
  it('a spot on the mean tick deviates 0; 100 ticks above is +1.005% (101 bps, rounded up), 100 below −0.995% (100 bps)', () => {
    const tick = -196_256;
    expect(twapDeviationBps({ sqrtPriceX96: sqrtRatioAtTick(tick), twapTick: tick })).toBe(0n);
    expect(twapDeviationBps({ sqrtPriceX96: sqrtRatioAtTick(tick + 100), twapTick: tick })).toBe(101n);
    expect(twapDeviationBps({ sqrtPriceX96: sqrtRatioAtTick(tick - 100), twapTick: tick })).toBe(100n);
  });

  it('the 5% bound sits between 487 and 488 ticks above the TWAP, and between 512 and 513 below', () => {
    const twapTick = 80_000;
    const at = (delta: number) =>
      twapDeviationBps({ sqrtPriceX96: sqrtRatioAtTick(twapTick + delta), twapTick });
    expect(at(487)).toBeLessThanOrEqual(500n);
    expect(at(488)).toBeGreaterThan(500n);
    expect(at(-512)).toBeLessThanOrEqual(500n);
    expect(at(-513)).toBeGreaterThan(500n);
  });

  it('a spot pushed to near zero against a long-standing price deviates by almost 100%', () => {
    expect(twapDeviationBps({ sqrtPriceX96: sqrtRatioAtTick(-276_000), twapTick: -92_000 })).toBe(10_000n);
  });
});
