import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { usdFromWei } from './usdFromWei.js';

describe('usdFromWei', () => {
  it('1 ETH at 1,000,000 USD per 333.33… ETH is 3,000 USD (× 10^18), rounded down; no reference → null', () => {
    expect(usdFromWei({ wei: 10n ** 18n, referenceWei: 333_333_333_333_333_333_333n })).toBe(
      3_000_000_000_000_000_000_003n,
    );
    expect(usdFromWei({ wei: 1n, referenceWei: 10n ** 30n })).toBe(0n);
    expect(usdFromWei({ wei: 10n ** 18n, referenceWei: null })).toBeNull();
    expect(usdFromWei({ wei: 10n ** 18n, referenceWei: 0n })).toBeNull();
  });

  it('property: additive within one unit of rounding per term, monotone in wei', () => {
    const wei = fc.bigInt({ min: 0n, max: 10n ** 30n });
    fc.assert(
      fc.property(wei, wei, fc.bigInt({ min: 1n, max: 10n ** 30n }), (a, b, referenceWei) => {
        const sum = usdFromWei({ wei: a + b, referenceWei }) as bigint;
        const parts =
          (usdFromWei({ wei: a, referenceWei }) as bigint) + (usdFromWei({ wei: b, referenceWei }) as bigint);
        expect(sum - parts).toBeGreaterThanOrEqual(0n);
        expect(sum - parts).toBeLessThanOrEqual(1n);
        if (a <= b)
          expect(usdFromWei({ wei: a, referenceWei }) as bigint).toBeLessThanOrEqual(
            usdFromWei({ wei: b, referenceWei }) as bigint,
          );
      }),
    );
  });
});
