import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lossPercent } from './lossPercent.js';

describe('lossPercent', () => {
  it('a failed or zero quote is a 100% loss, never a 0% tax', () => {
    expect(lossPercent(0n, 0n)).toBe(100);
    expect(lossPercent(0n, 10n ** 18n)).toBe(100);
    expect(lossPercent(-1n, 5n)).toBe(100);
  });

  it('measures the share lost against the quote, to 4 decimals', () => {
    expect(lossPercent(1000n, 950n)).toBe(5);
    expect(lossPercent(1000n, 50n)).toBe(95);
    expect(lossPercent(1000n, 0n)).toBe(100);
    expect(lossPercent(1000n, 1000n)).toBe(0);
    expect(lossPercent(1000n, 2000n)).toBe(0);
    expect(lossPercent(3n, 2n)).toBe(33.3333);
  });

  it('property: 0–100, and more received never means more lost', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        fc.bigInt({ min: 0n, max: 10n ** 30n }),
        (expected, a, b) => {
          const [low, high] = a < b ? [a, b] : [b, a];
          const lossLow = lossPercent(expected, low);
          const lossHigh = lossPercent(expected, high);
          expect(lossLow).toBeGreaterThanOrEqual(0);
          expect(lossLow).toBeLessThanOrEqual(100);
          expect(lossHigh).toBeLessThanOrEqual(lossLow);
        },
      ),
    );
  });
});
