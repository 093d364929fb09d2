import { describe, expect, it } from 'vitest';
import { resolveRequestValue } from './resolveRequestValue.js';

describe('resolveRequestValue', () => {
  it('takes a bigint `value` as wei', () => {
    expect(resolveRequestValue({ value: 0n })).toEqual({ status: 'ok', key: 'value', value: 0n });
    expect(resolveRequestValue({ value: 7n })).toEqual({ status: 'ok', key: 'value', value: 7n });
  });

  it('refuses a negative or non-bigint `value`, and `value` with `args`', () => {
    expect(resolveRequestValue({ value: -1n })).toEqual({
      status: 'invalid',
      key: 'value',
      value: null,
      reason: 'negative amount',
    });
    for (const value of [1, '1', true, {}]) {
      expect(resolveRequestValue({ value })).toEqual({
        status: 'invalid',
        key: 'value',
        value: null,
        reason: 'request.value must be a bigint in wei',
      });
    }
    for (const value of [1n, null]) {
      expect(resolveRequestValue({ value, args: { amount: 1 } })).toEqual({
        status: 'invalid',
        key: null,
        value: null,
        reason: 'give either value or args, not both',
      });
    }
  });

  it('estimates `args`, and is unknown (never 0) with neither or with `value: null`', () => {
    expect(resolveRequestValue({ args: { amount: '0.5' } })).toEqual({
      status: 'ok',
      key: 'amount',
      value: 5n * 10n ** 17n,
    });
    const missing = { status: 'missing', key: null, value: null };
    expect(resolveRequestValue({})).toEqual(missing);
    expect(resolveRequestValue({ value: null })).toEqual(missing);
    expect(resolveRequestValue({ value: undefined, args: undefined })).toEqual(missing);
  });
});
