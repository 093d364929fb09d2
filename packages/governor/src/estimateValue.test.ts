import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateValue } from './estimateValue.js';

describe('estimateValue', () => {
  it('takes the first recognised key in priority order', () => {
    expect(estimateValue({ tx_value: '3', eth_amount: '2', amount: '0.01' })).toEqual({
      status: 'ok',
      key: 'amount',
      value: 10_000_000_000_000_000n,
    });
    expect(estimateValue({ amount_in: 0.5, value: '0.25' })).toEqual({
      status: 'ok',
      key: 'value',
      value: 250_000_000_000_000_000n,
    });
    expect(estimateValue({ tx_value: 10n })).toEqual({ status: 'ok', key: 'tx_value', value: 10n });
    expect(estimateValue({ eth_amount: 1 }).value).toBe(10n ** 18n);
  });

  it('returns null (not 0) when no key is present', () => {
    expect(estimateValue({ token: 'USDC', to: '0xabc' })).toEqual({
      status: 'missing',
      key: null,
      value: null,
    });
    expect(estimateValue({})).toEqual({ status: 'missing', key: null, value: null });
  });

  it('ignores inherited keys', () => {
    const args = Object.create({ amount: 0 }) as Record<string, unknown>;
    expect(estimateValue(args).status).toBe('missing');
  });

  it('accepts amount 0 for read-only actions', () => {
    expect(estimateValue({ amount: 0 })).toEqual({ status: 'ok', key: 'amount', value: 0n });
    expect(estimateValue({ amount: -0 })).toEqual({ status: 'ok', key: 'amount', value: 0n });
  });

  it('reads numbers at their shortest decimal, exponent forms included', () => {
    expect(estimateValue({ amount: 0.1 }).value).toBe(100_000_000_000_000_000n);
    expect(estimateValue({ amount: 1e-7 }).value).toBe(100_000_000_000n);
    expect(estimateValue({ amount: 1e-18 }).value).toBe(1n);
    expect(estimateValue({ amount: 1.5e21 }).value).toBe(1_500n * 10n ** 36n);
    expect(estimateValue({ amount: 0.1 + 0.2 }).value).toBe(300_000_000_000_000_040n);
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['negative number', -0.01],
    ['negative bigint', -1n],
    ['true', true],
    ['false', false],
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['non-numeric string', 'abc'],
    ['exponent string', '1e-3'],
    ['negative string', '-0.1'],
    ['19 decimals (string)', '0.0000000000000000001'],
    ['19 decimals (number)', 1e-19],
    ['object', { amount: 1 }],
    ['array', [1]],
  ])('marks %s as invalid', (_label, raw) => {
    const estimate = estimateValue({ amount: raw });
    expect(estimate.status).toBe('invalid');
    expect(estimate.value).toBeNull();
    expect(estimate.key).toBe('amount');
  });

  it('does not fall through to a later key when an earlier one is invalid', () => {
    expect(estimateValue({ value: Number.NaN, amount: 0 }).status).toBe('invalid');
  });

  it('rejects non-object arguments', () => {
    // A function is not arguments, even one carrying a value.
    const fn = Object.assign(() => undefined, { value: 1n });
    for (const args of [null, [], '1', 5, fn, undefined]) {
      expect(estimateValue(args as unknown as Record<string, unknown>)).toEqual({
        status: 'invalid',
        key: null,
        value: null,
        reason: 'arguments must be a plain object',
      });
    }
  });

  it('tells a zero from a negative: 0 (bigint or number) is 0 wei, anything below is invalid', () => {
    expect(estimateValue({ value: 0n })).toEqual({ status: 'ok', key: 'value', value: 0n });
    expect(estimateValue({ value: 1n })).toEqual({ status: 'ok', key: 'value', value: 1n });
    expect(estimateValue({ amount: 0 })).toEqual({ status: 'ok', key: 'amount', value: 0n });
    for (const [raw, reason] of [
      [-1n, 'negative amount'],
      [-0.01, 'negative amount'],
      [-Number.MIN_VALUE, 'negative amount'],
      [Number.NaN, 'NaN is not a finite number'],
      [Number.NEGATIVE_INFINITY, '-Infinity is not a finite number'],
      [Number.POSITIVE_INFINITY, 'Infinity is not a finite number'],
    ] as const) {
      expect(estimateValue({ amount: raw })).toEqual({
        status: 'invalid',
        key: 'amount',
        value: null,
        reason,
      });
    }
  });

  it('never returns a negative value, whatever the input', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('value', 'amount', 'x', 'tx_value'), fc.anything()),
        (args) => {
          const estimate = estimateValue(args);
          if (estimate.status === 'ok') expect(estimate.value >= 0n).toBe(true);
          else expect(estimate.value).toBeNull();
        },
      ),
    );
  });
});
