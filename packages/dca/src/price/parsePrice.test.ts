import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPrice } from './formatPrice.js';
import { parsePrice } from './parsePrice.js';
import { priceOf } from './priceOf.js';

describe('parsePrice / formatPrice / priceOf', () => {
  it('converts a human price to exact base units and back', () => {
    // 2000 USDC (6 decimals) per WETH (18 decimals) = 2000e6 / 1e18 base units.
    const price = parsePrice({ value: '2000', decimalsIn: 6, decimalsOut: 18 });
    expect(price).toEqual({ numerator: 1n, denominator: 500_000_000n });
    expect(formatPrice({ price, decimalsIn: 6, decimalsOut: 18 })).toBe('2000');
    // 100 USDC for 0.05 WETH is that same price.
    expect(priceOf({ amountIn: 100_000_000n, amountOut: 50_000_000_000_000_000n })).toEqual(price);
    expect(
      formatPrice({
        price: parsePrice({ value: '0.1', decimalsIn: 18, decimalsOut: 18 }),
        decimalsIn: 18,
        decimalsOut: 18,
      }),
    ).toBe('0.1');
    expect(
      formatPrice({ price: { numerator: 2n, denominator: 3n }, decimalsIn: 0, decimalsOut: 0, digits: 4 }),
    ).toBe('0.6666');
  });

  it.each(['0', '0.000', '-1', '1e3', '1.', '.5', ' 1', '1,5', '', 'NaN'])('refuses %j', (value) => {
    expect(() => parsePrice({ value, decimalsIn: 6, decimalsOut: 18, field: 'minPrice' })).toThrow(
      expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field: 'minPrice' }),
    );
  });

  it('priceOf is null when nothing was bought', () => {
    expect(priceOf({ amountIn: 1n, amountOut: 0n })).toBeNull();
    expect(priceOf({ amountIn: 0n, amountOut: 1n })).toBeNull();
  });

  it('formatPrice(parsePrice(x)) = x for any decimal with at most `digits` fraction digits', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 30n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 24 }),
        fc.integer({ min: 0, max: 24 }),
        (digits, scale, decimalsIn, decimalsOut) => {
          const text = digits.toString().padStart(scale + 1, '0');
          const value = scale === 0 ? text : `${text.slice(0, -scale)}.${text.slice(-scale)}`;
          const canonical = value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
          const price = parsePrice({ value, decimalsIn, decimalsOut });
          expect(formatPrice({ price, decimalsIn, decimalsOut, digits: 18 })).toBe(canonical);
        },
      ),
    );
  });
});
