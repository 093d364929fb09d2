import { describe, expect, it } from 'vitest';
import { parseDecimal } from './parseDecimal.js';

const digits = (n: number) => '1'.repeat(n);

describe('parseDecimal', () => {
  it('parses digits[.digits] exactly, up to 60 integer digits and 18 decimals', () => {
    expect(parseDecimal('0')).toEqual({ ok: true, value: 0n });
    expect(parseDecimal('1.5')).toEqual({ ok: true, value: 15n * 10n ** 17n });
    expect(parseDecimal('0.000000000000000001')).toEqual({ ok: true, value: 1n });
    // The longest accepted amount: 60 integer digits, a dot, 18 decimals (79 characters).
    const longest = `${digits(60)}.${digits(18)}`;
    expect(longest).toHaveLength(79);
    expect(parseDecimal(longest)).toEqual({ ok: true, value: BigInt(digits(60) + digits(18)) });
    expect(parseDecimal(digits(60))).toEqual({ ok: true, value: BigInt(digits(60)) * 10n ** 18n });
  });

  it('refuses one character, one digit or one decimal more, each with its reason', () => {
    expect(parseDecimal(`${digits(61)}.${digits(18)}`)).toEqual({ ok: false, reason: 'too long' });
    expect(parseDecimal(digits(80))).toEqual({ ok: false, reason: 'too long' });
    expect(parseDecimal(digits(61))).toEqual({ ok: false, reason: 'too many integer digits' });
    expect(parseDecimal(`${digits(61)}.${digits(17)}`)).toEqual({
      ok: false,
      reason: 'too many integer digits',
    });
    expect(parseDecimal(`1.${digits(19)}`)).toEqual({ ok: false, reason: 'more than 18 decimals' });
    expect(parseDecimal('')).toEqual({ ok: false, reason: 'empty string' });
    expect(parseDecimal('01')).toEqual({
      ok: false,
      reason: '"01" is not a plain non-negative decimal number',
    });
  });

  it('refuses a huge input at once, before reading it', () => {
    expect(parseDecimal(digits(1_000_000))).toEqual({ ok: false, reason: 'too long' });
    expect(parseDecimal(`${digits(60)}.${digits(1_000_000)}`)).toEqual({ ok: false, reason: 'too long' });
  });
});
