import { describe, expect, it } from 'vitest';
import { checkPrice } from './checkPrice.js';

const MAX = 2n ** 256n;

describe('checkPrice', () => {
  it('accepts positive bigints below 2^256, reduced', () => {
    expect(checkPrice({ numerator: 6n, denominator: 4n }, 'minPrice')).toEqual({
      numerator: 3n,
      denominator: 2n,
    });
    expect(checkPrice({ numerator: 1n, denominator: 1n }, 'minPrice')).toEqual({
      numerator: 1n,
      denominator: 1n,
    });
    expect(checkPrice({ numerator: MAX - 1n, denominator: MAX - 2n }, 'maxPrice')).toEqual({
      numerator: MAX - 1n,
      denominator: MAX - 2n,
    });
  });

  it.each([
    ['null', null],
    ['a string', '3/2'],
    ['a number', 1.5],
    ['undefined', undefined],
    ['a numerator that is a number', { numerator: 3, denominator: 2n }],
    ['a denominator that is a number', { numerator: 3n, denominator: 2 }],
    ['no denominator', { numerator: 3n }],
    ['a zero numerator', { numerator: 0n, denominator: 2n }],
    ['a zero denominator', { numerator: 3n, denominator: 0n }],
    ['a negative numerator', { numerator: -1n, denominator: 2n }],
    ['a negative denominator', { numerator: 3n, denominator: -1n }],
    ['a numerator of 2^256', { numerator: MAX, denominator: 1n }],
    ['a denominator of 2^256', { numerator: 1n, denominator: MAX }],
  ])('refuses %s, naming the field', (_, value) => {
    expect(() => checkPrice(value, 'limitPrice')).toThrow(
      expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field: 'limitPrice' }),
    );
  });
});
