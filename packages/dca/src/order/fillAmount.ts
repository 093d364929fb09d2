/**
 * The amount of the order's next fill, base units of token in: `amountPerFill`, cut to what `maxTotalIn` leaves
 * (the last fill is cut, not skipped). 0 once `maxTotalIn` is spent.
 *
 * @example
 * ```ts
 * fillAmount({ amountPerFill: 100n, maxTotalIn: 250n, totals: { spent: 200n } }); // 50n
 * ```
 */
export function fillAmount(order: {
  readonly amountPerFill: bigint;
  readonly maxTotalIn: bigint | null;
  readonly totals: { readonly spent: bigint };
}): bigint {
  if (order.maxTotalIn === null) return order.amountPerFill;
  const left = order.maxTotalIn - order.totals.spent;
  // Stryker disable next-line EqualityOperator: equivalent — at exactly 0 left, both branches return 0n
  if (left <= 0n) return 0n;
  // Stryker disable EqualityOperator: equivalent — when they are equal, both branches return the same amount
  // biome-ignore lint/complexity/useMathMinMax: bigints (Math.min takes numbers only)
  return left < order.amountPerFill ? left : order.amountPerFill;
  // Stryker restore EqualityOperator
}
