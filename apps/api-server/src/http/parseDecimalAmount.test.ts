import { describe, expect, it } from 'vitest';
import { parseDecimalAmount } from './parseDecimalAmount.js';

describe('parseDecimalAmount', () => {
  it('converts exactly, without floats', () => {
    expect(parseDecimalAmount({ field: 'a', text: '1.5', decimals: 6 })).toBe(1_500_000n);
    expect(parseDecimalAmount({ field: 'a', text: '0.000001', decimals: 6 })).toBe(1n);
    expect(parseDecimalAmount({ field: 'a', text: '123456789.123456789123456789', decimals: 18 })).toBe(
      123_456_789_123_456_789_123_456_789n,
    );
    expect(parseDecimalAmount({ field: 'a', text: '0.1', decimals: 18 })).toBe(10n ** 17n);
  });

  it.each([
    '',
    '0',
    '0.0',
    '-1',
    '+1',
    '1e3',
    ' 1',
    '1 ',
    '1.',
    '.5',
    '0x10',
    'NaN',
    'Infinity',
    '1.0000001',
  ])('refuses %j with VALIDATION_FAILED naming the field', (text) => {
    expect(() => parseDecimalAmount({ field: 'amountIn', text, decimals: 6 })).toThrow(
      expect.objectContaining({
        code: 'VALIDATION_FAILED',
        extra: { fields: { amountIn: expect.any(String) } },
      }),
    );
  });
});
