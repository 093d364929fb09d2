/** Parameters of {@link freshMinimum}. */
export interface FreshMinimumParameters {
  /** The fill's minimum, computed by the scheduler from the quote its checks were made on (maybe long ago). */
  readonly given: bigint;
  /** The minimum of a fresh quote (its output less the order's slippage), when the fill was quoted again. */
  readonly fresh: bigint | null;
}

/**
 * The least output a fill's swap accepts: the scheduler's minimum, raised to a fresh quote's when the fill is
 * executed again on a new route (after a restart, or past the quote's reuse window) — an old minimum on a fresh
 * route would leave the difference to a sandwich.
 *
 * @example
 * ```ts
 * freshMinimum({ given: 900n, fresh: 990n }); // 990n
 * ```
 */
export function freshMinimum({ given, fresh }: FreshMinimumParameters): bigint {
  return fresh !== null && fresh > given ? fresh : given;
}
