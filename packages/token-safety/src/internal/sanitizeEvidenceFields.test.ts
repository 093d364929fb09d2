import { describe, expect, it } from 'vitest';
import { sanitizeEvidenceFields } from './sanitizeEvidenceFields.js';

/** [field, accepted values, rejected values]: each check at its edges. */
const cases: [string, unknown[], unknown[]][] = [
  ['isHoneypot', [true, false], ['true', 0, 1, null]],
  ['sellTax', [0, 100, 12.5], [-0.01, 100.01, Number.NaN, Number.POSITIVE_INFINITY, '5', null]],
  ['topHolderPercent', [0, 100], [-1, 101]],
  ['liquidityUsd', [0, 1e12], [-1, Number.POSITIVE_INFINITY, Number.NaN, '1']],
  ['pairCreatedAt', [0, 1_760_000_000_000], [-1, Number.NaN]],
  ['holderCount', [0, 7, Number.MAX_SAFE_INTEGER], [-1, 1.5, 2 ** 53, '3', Number.NaN]],
  ['pairCount', [0, 1], [-1, 0.5]],
  ['lpHolderCount', [3], [-3]],
  ['mintAuthority', [null, 'Auth111'], [1, false, {}]],
  ['freezeAuthority', [null, ''], [0]],
  ['supply', ['0', '123456789012345678901234567890'], ['12a', 'a12', '', '-1', '1.5', 123]],
  ['decimals', [0, 6, 255], [-1, 256, 1.5, '6']],
  ['transferFeeBps', [0, 10_000, 250], [-1, 10_001, 2.5, '1']],
];

describe('sanitizeEvidenceFields', () => {
  it.each(cases)('%s: accepts exactly the valid values', (field, good, bad) => {
    for (const value of good) {
      expect(sanitizeEvidenceFields({ [field]: value })).toEqual({
        fields: { [field]: value },
        rejected: [],
      });
    }
    for (const value of bad) {
      const { fields, rejected } = sanitizeEvidenceFields({ [field]: value });
      expect(fields).toEqual({});
      expect(rejected).toEqual([{ field, value: expect.any(String) }]);
    }
  });

  it('drops undefined (not observed) silently and rejects unknown fields', () => {
    expect(sanitizeEvidenceFields({ isHoneypot: undefined, isProxy: false, bogus: true })).toEqual({
      fields: { isProxy: false },
      rejected: [{ field: 'bogus', value: 'true' }],
    });
    // An inherited name is not a field.
    expect(sanitizeEvidenceFields({ toString: 'x' }).rejected).toEqual([{ field: 'toString', value: '"x"' }]);
  });

  it('refuses fields that are not a plain object, as one rejected value', () => {
    for (const [raw, value] of [
      [null, 'null'],
      [undefined, 'undefined'],
      [[{ isHoneypot: false }], 'object'],
      ['isHoneypot', '"isHoneypot"'],
      [5, '5'],
    ] as const) {
      expect(sanitizeEvidenceFields(raw)).toEqual({ fields: {}, rejected: [{ field: '(fields)', value }] });
    }
  });

  it('describes a rejected value without echoing it whole', () => {
    const describe = (value: unknown) => sanitizeEvidenceFields({ isHoneypot: value }).rejected[0]?.value;
    expect(describe('x'.repeat(100))).toBe(JSON.stringify('x'.repeat(40)));
    expect(describe(12n)).toBe('12n');
    expect(describe(1.5)).toBe('1.5');
    expect(describe(null)).toBe('null');
    expect(describe({ secret: 'k' })).toBe('object');
    expect(describe(() => 1)).toBe('function');
    expect(describe(Symbol('s'))).toBe('symbol');
  });
});
