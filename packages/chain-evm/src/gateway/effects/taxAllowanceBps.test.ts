import { describe, expect, it } from 'vitest';
import { taxAllowanceBps } from './taxAllowanceBps.js';

describe('taxAllowanceBps', () => {
  it('the highest buy tax acquired or sell tax spent, in whole basis points rounded up', () => {
    expect(taxAllowanceBps({ acquired: [{ buyTax: 5, sellTax: 50 }], spent: [] })).toBe(500);
    expect(taxAllowanceBps({ acquired: [], spent: [{ buyTax: 90, sellTax: 3 }] })).toBe(300);
    expect(
      taxAllowanceBps({
        acquired: [
          { buyTax: 2, sellTax: 0 },
          { buyTax: 7.5, sellTax: 0 },
        ],
        spent: [{ buyTax: 0, sellTax: 4 }],
      }),
    ).toBe(750);
    expect(taxAllowanceBps({ acquired: [{ buyTax: 0.001, sellTax: null }], spent: [] })).toBe(1);
  });

  it('no tax, an unknown one, or nonsense adds nothing; a tax above 100% adds at most 10000', () => {
    expect(taxAllowanceBps({ acquired: [], spent: [] })).toBe(0);
    expect(
      taxAllowanceBps({
        acquired: [
          { buyTax: null, sellTax: 9 },
          { buyTax: -5, sellTax: null },
          { buyTax: Number.NaN, sellTax: null },
          { buyTax: Number.POSITIVE_INFINITY, sellTax: null },
          { buyTax: 0, sellTax: null },
        ],
        spent: [{ buyTax: 9, sellTax: null }],
      }),
    ).toBe(0);
    expect(taxAllowanceBps({ acquired: [{ buyTax: 250, sellTax: 0 }], spent: [] })).toBe(10_000);
  });
});
