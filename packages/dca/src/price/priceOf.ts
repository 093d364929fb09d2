import type { DcaPrice } from '../types.js';
import { reduced } from './ratio.js';

/** Parameters of {@link priceOf}. */
export interface PriceOfParameters {
  /** Base units of token in. */
  readonly amountIn: bigint;
  /** Base units of token out. */
  readonly amountOut: bigint;
}

/**
 * The exact price of a trade, token in per token out in base units, reduced — or null when either side is not
 * positive (nothing was bought, the price is undefined).
 *
 * @example
 * ```ts
 * priceOf({ amountIn: 100_000_000n, amountOut: 50_000_000_000_000_000n }); // { numerator: 1n, denominator: 500000000n }
 * ```
 */
export function priceOf({ amountIn, amountOut }: PriceOfParameters): DcaPrice | null {
  if (amountIn <= 0n || amountOut <= 0n) return null;
  return reduced(amountIn, amountOut);
}
