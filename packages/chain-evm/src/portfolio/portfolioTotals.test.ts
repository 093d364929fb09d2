import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { portfolioTotals } from './portfolioTotals.js';
import type { PortfolioHolding } from './types.js';

const holding = (
  address: `0x${string}` | null,
  valueWei: bigint | null,
  valueUsdE18: bigint | null,
): PortfolioHolding => ({
  asset: { kind: address === null ? 'native' : 'erc20', address, symbol: null, name: null, decimals: 18 },
  balance: 1n,
  priceWei: valueWei,
  valueWei,
  priceUsdE18: valueUsdE18,
  valueUsdE18,
  source: null,
  unpricedReason: valueWei === null ? 'no pool' : null,
});

describe('portfolioTotals', () => {
  it('sums priced holdings only and lists the unpriced ones (never counted as 0)', () => {
    const totals = portfolioTotals({
      holdings: [holding(null, 5n, 15n), holding('0x01', null, null), holding('0x02', 7n, 21n)],
      usd: true,
    });
    expect(totals).toEqual({
      valueWei: 12n,
      valueUsdE18: 36n,
      holdings: 3,
      priced: 2,
      unpriced: 1,
      unpricedAssets: ['0x01'],
    });
    expect(portfolioTotals({ holdings: [holding(null, 5n, null)], usd: false }).valueUsdE18).toBeNull();
  });

  it('property: priced + unpriced = holdings; the sum equals the sum of the non-null values', () => {
    const value = fc.option(fc.bigInt({ min: 0n, max: 10n ** 24n }), { nil: null });
    fc.assert(
      fc.property(fc.array(value, { maxLength: 40 }), (values) => {
        const holdings = values.map((v, i) =>
          holding(`0x${i.toString(16).padStart(40, '0')}`, v, v === null ? null : 3n * v),
        );
        const t = portfolioTotals({ holdings, usd: true });
        expect(t.priced + t.unpriced).toBe(holdings.length);
        expect(t.unpriced).toBe(values.filter((v) => v === null).length);
        const sum = values.reduce<bigint>((s, v) => s + (v ?? 0n), 0n);
        expect(t.valueWei).toBe(sum);
        expect(t.valueUsdE18).toBe(3n * sum);
      }),
    );
  });
});
