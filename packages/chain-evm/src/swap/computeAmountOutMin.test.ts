import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeAmountOutMin } from './computeAmountOutMin.js';

describe('computeAmountOutMin', () => {
  it('rounds down', () => {
    expect(computeAmountOutMin({ amountOut: 999n, slippageBps: 1 })).toBe(998n);
    expect(computeAmountOutMin({ amountOut: 1n, slippageBps: 1 })).toBe(0n);
    expect(computeAmountOutMin({ amountOut: 10_000n, slippageBps: 50 })).toBe(9_950n);
    expect(computeAmountOutMin({ amountOut: 3_000_000_000n, slippageBps: 100n })).toBe(2_970_000_000n);
    expect(computeAmountOutMin({ amountOut: 12345n, slippageBps: 0 })).toBe(12345n);
    expect(computeAmountOutMin({ amountOut: 12345n, slippageBps: 10_000 })).toBe(0n);
  });

  it('is the floor of amountOut × (10000 − bps) / 10000 for every amount and slippage', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: (1n << 200n) - 1n }),
        fc.integer({ min: 0, max: 10_000 }),
        (amountOut, bps) => {
          const min = computeAmountOutMin({ amountOut, slippageBps: bps });
          const exact = amountOut * BigInt(10_000 - bps);
          expect(min * 10_000n <= exact).toBe(true);
          expect((min + 1n) * 10_000n > exact).toBe(true);
          expect(min <= amountOut).toBe(true);
        },
      ),
    );
  });

  it('refuses slippage outside 0..10000 or fractional, and negative amounts', () => {
    for (const slippageBps of [-1, 10_001, 0.5, Number.NaN, 10_001n, -1n]) {
      expect(() => computeAmountOutMin({ amountOut: 100n, slippageBps })).toThrow(
        expect.objectContaining({ code: 'INVALID_SLIPPAGE' }),
      );
    }
    expect(() => computeAmountOutMin({ amountOut: -1n, slippageBps: 1 })).toThrow(
      expect.objectContaining({ code: 'INVALID_AMOUNT' }),
    );
  });
});
