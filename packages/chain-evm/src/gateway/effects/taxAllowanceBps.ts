/** One token's known transfer taxes, in percent (`null` when unknown), as the token-safety reports give them. */
export interface TokenTaxes {
  readonly buyTax: number | null;
  readonly sellTax: number | null;
}

/** The most a tax can add to the loss allowance: a token taking everything is no longer a swap. */
const MAX_TAX_BPS = 10_000;

const bpsOf = (percent: number | null): number =>
  typeof percent === 'number' && Number.isFinite(percent) && percent > 0
    ? Math.min(MAX_TAX_BPS, Math.ceil(percent * 100))
    : 0;

/**
 * Pure: what the tokens' own taxes take from a swap, in basis points — the highest known buy tax of a token acquired
 * and sell tax of a token spent (whole basis points, rounded up; unknown or negative counts 0: an unknown tax adds no
 * allowance). Added to the value-loss allowance: a loss the token itself takes is the token's nature (the safety
 * gate bounds it), not a route off its price.
 *
 * @example
 * ```ts
 * taxAllowanceBps({ acquired: [{ buyTax: 5, sellTax: 5 }], spent: [] }); // 500
 * ```
 */
export function taxAllowanceBps({
  acquired,
  spent,
}: {
  readonly acquired: readonly TokenTaxes[];
  readonly spent: readonly TokenTaxes[];
}): number {
  return Math.max(0, ...acquired.map((t) => bpsOf(t.buyTax)), ...spent.map((t) => bpsOf(t.sellTax)));
}
