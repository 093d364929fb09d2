import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatEther } from './formatEther.js';
import { parseEther } from './parseEther.js';

describe('parseEther', () => {
  it('parses exact decimal strings to 18-decimal wei', () => {
    expect(parseEther('0.05')).toBe(50_000_000_000_000_000n);
    expect(parseEther('1')).toBe(10n ** 18n);
    expect(parseEther('0')).toBe(0n);
    expect(parseEther('0.000000000000000001')).toBe(1n);
    expect(parseEther('123456789.123456789123456789')).toBe(123_456_789_123_456_789_123_456_789n);
  });

  it.each([
    'NaN',
    'Infinity',
    '',
    ' ',
    ' 1',
    '1 ',
    '-1',
    '+1',
    '1e3',
    '1E-3',
    '0x10',
    '.5',
    '5.',
    '01',
    '1,5',
    '0.0000000000000000001',
    '1_000',
  ])('rejects %j with AMOUNT_INVALID', (text) => {
    expect(() => parseEther(text)).toThrow(expect.objectContaining({ code: 'AMOUNT_INVALID' }));
  });

  it('rejects non-strings', () => {
    expect(() => parseEther(0.05 as unknown as string)).toThrow(
      expect.objectContaining({ code: 'AMOUNT_INVALID' }),
    );
  });

  it('round-trips with formatEther for every non-negative amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), (wei) => {
        expect(parseEther(formatEther(wei))).toBe(wei);
      }),
    );
  });
});
