import { PricingError } from './PricingError.js';

const BPS = 10_000n;

/** Parameters of {@link depthWithinBand}. */
export interface DepthWithinBandParameters {
  /**
   * Reserve of the measured token: a V2 pair's reserve, or a V3 pool's virtual reserve at the current price
   * (`v3VirtualReserves`: the in-range liquidity as if it were spread over every price).
   */
  readonly reserve: bigint;
  /** How far the price of the other token may fall, in basis points (1..9,999). */
  readonly bandBps: number;
}

/**
 * The measured token a constant-product reserve pays out while the price of the other token falls by `bandBps`:
 * `reserve × (1 − √(1 − band))` — with `x·y = k`, the measured side scales with the square root of the price.
 * Rounded DOWN (the square root is rounded up), so the depth is never overstated by the arithmetic. For a V2 pair
 * it is exact; for a V3 pool fed the virtual reserve it is exact while no position boundary lies inside the band.
 *
 * @example
 * ```ts
 * depthWithinBand({ reserve: 1_000n * 10n ** 18n, bandBps: 500 }); // ≈ 25.3 × 10^18 (2.53% of the reserve)
 * ```
 */
export function depthWithinBand({ reserve, bandBps }: DepthWithinBandParameters): bigint {
  if (!Number.isInteger(bandBps) || bandBps < 1 || bandBps > 9_999) {
    throw new PricingError(
      'INVALID_PRICING_PARAMETER',
      'The depth band must be an integer from 1 to 9,999 bps',
      {
        details: String(bandBps),
      },
    );
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent — for reserve ≤ 0 the square root below is ≥ reserve, so the last line returns 0n too
  if (reserve <= 0n) return 0n;
  // reserve × √(1 − b) = √(reserve² × (BPS − b) / BPS), rounded up at both steps.
  const square = reserve * reserve * (BPS - BigInt(bandBps));
  const remaining = sqrtCeil((square + BPS - 1n) / BPS);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent — remaining ≤ reserve always (√ of less than reserve², rounded up), so both branches give 0n when they meet
  return remaining >= reserve ? 0n : reserve - remaining;
}

/** ⌈√n⌉ for n ≥ 0 (Newton's method on bigint). */
function sqrtCeil(n: bigint): bigint {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent — n ≥ 1 here (reserve > 0), and Newton's step returns 1 for 1 and 2 for 2 alike
  if (n < 2n) return n;
  // Stryker disable next-line ArithmeticOperator: equivalent — any start at or above √n converges to the same root, only in more steps
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) break;
    x = y;
  }
  return x * x === n ? x : x + 1n;
}
