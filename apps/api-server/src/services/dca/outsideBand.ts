import { type DcaOrder, type DcaPrice, priceOf } from '@org/dca';

/** a/b compared with c/d (positive fractions), exactly. */
const compare = (a: DcaPrice, b: DcaPrice) => {
  const left = a.numerator * b.denominator;
  const right = b.numerator * a.denominator;
  return left < right ? -1 : left > right ? 1 : 0;
};

/**
 * Why a quote of `amountIn → amountOut` is outside the order's price band (token in per token out), or null when it
 * is inside (or the order has none). The scheduler checks the band on the quote of each fill; this is the same rule
 * for a fill the executor had to quote again (after a crash).
 *
 * @example
 * ```ts
 * outsideBand({ order, amountIn: 25_000_000n, amountOut: 10n ** 16n }); // null, or 'the price … is above maxPrice …'
 * ```
 */
export function outsideBand({
  order,
  amountIn,
  amountOut,
}: {
  order: Pick<DcaOrder, 'minPrice' | 'maxPrice'>;
  amountIn: bigint;
  amountOut: bigint;
}): string | null {
  const price = priceOf({ amountIn, amountOut });
  if (price === null) return 'the quote returns nothing';
  const text = (p: DcaPrice) => `${p.numerator}/${p.denominator}`;
  if (order.minPrice !== null && compare(price, order.minPrice) < 0) {
    return `the quoted price ${text(price)} is below minPrice ${text(order.minPrice)} (token in per token out, base units)`;
  }
  if (order.maxPrice !== null && compare(price, order.maxPrice) > 0) {
    return `the quoted price ${text(price)} is above maxPrice ${text(order.maxPrice)} (token in per token out, base units)`;
  }
  return null;
}
