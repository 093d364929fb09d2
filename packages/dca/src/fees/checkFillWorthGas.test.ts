import { describe, expect, it } from 'vitest';
import { checkFillWorthGas } from './checkFillWorthGas.js';

describe('checkFillWorthGas', () => {
  it('allows a fee up to exactly the share, refuses one wei more (exact bigint arithmetic)', () => {
    expect(checkFillWorthGas({ valueWei: 10n ** 18n, worstCaseFeeWei: 5n * 10n ** 16n })).toEqual({
      worthIt: true,
      shareBps: 500,
    });
    expect(checkFillWorthGas({ valueWei: 10n ** 18n, worstCaseFeeWei: 5n * 10n ** 16n + 1n })).toEqual({
      worthIt: false,
      shareBps: 501,
    });
    expect(checkFillWorthGas({ valueWei: 1000n, worstCaseFeeWei: 1n, maxFeeShareBps: 10 })).toEqual({
      worthIt: true,
      shareBps: 10,
    });
    expect(checkFillWorthGas({ valueWei: 1000n, worstCaseFeeWei: 1n, maxFeeShareBps: 9 })).toMatchObject({
      worthIt: false,
    });
  });

  it('a fill worth nothing is never worth its gas', () => {
    expect(checkFillWorthGas({ valueWei: 0n, worstCaseFeeWei: 0n })).toEqual({
      worthIt: false,
      shareBps: null,
    });
  });

  it.each([
    ['maxFeeShareBps', { valueWei: 1n, worstCaseFeeWei: 1n, maxFeeShareBps: 10_001 }],
    ['maxFeeShareBps', { valueWei: 1n, worstCaseFeeWei: 1n, maxFeeShareBps: 1.5 }],
    ['valueWei', { valueWei: -1n, worstCaseFeeWei: 1n }],
    ['worstCaseFeeWei', { valueWei: 1n, worstCaseFeeWei: 1 }],
  ])('refuses a bad %s', (field, parameters) => {
    expect(() => checkFillWorthGas(parameters as never)).toThrow(
      expect.objectContaining({ code: 'DCA_VALIDATION_FAILED', field }),
    );
  });
});
