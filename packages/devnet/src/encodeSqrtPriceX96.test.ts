import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeSqrtPriceX96 } from './encodeSqrtPriceX96.js';

describe('encodeSqrtPriceX96', () => {
  it('is exact for perfect squares', () => {
    expect(encodeSqrtPriceX96({ amount0: 1n, amount1: 1n })).toBe(2n ** 96n);
    expect(encodeSqrtPriceX96({ amount0: 1n, amount1: 4n })).toBe(2n ** 97n);
    expect(encodeSqrtPriceX96({ amount0: 4n, amount1: 1n })).toBe(2n ** 95n);
  });

  it('is the integer square root of (amount1 << 192) / amount0', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 128n }),
        fc.bigInt({ min: 1n, max: 2n ** 128n }),
        (a0, a1) => {
          const root = encodeSqrtPriceX96({ amount0: a0, amount1: a1 });
          const radicand = (a1 << 192n) / a0;
          return root * root <= radicand && (root + 1n) * (root + 1n) > radicand;
        },
      ),
    );
  });

  it('rejects non-positive amounts', () => {
    expect(() => encodeSqrtPriceX96({ amount0: 0n, amount1: 1n })).toThrow(
      expect.objectContaining({ code: 'DEVNET_INVALID_PARAMETER', parameter: 'amount0' }),
    );
    expect(() => encodeSqrtPriceX96({ amount0: 1n, amount1: -1n })).toThrow(
      expect.objectContaining({ code: 'DEVNET_INVALID_PARAMETER', parameter: 'amount1' }),
    );
  });
});
