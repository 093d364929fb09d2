import { PricingError } from './PricingError.js';

const BPS = 10_000n;
/** `TickMath.MIN_SQRT_RATIO` and `MAX_SQRT_RATIO`: a swap's price limit must lie strictly between them. */
const MIN_SQRT_RATIO = 4_295_128_739n;
const MAX_SQRT_RATIO = 1_461_446_703_485_210_103_287_273_052_203_988_822_378_723_970_342n;

/** Parameters of {@link bandSqrtPriceLimit}. */
export interface BandSqrtPriceLimitParameters {
  /** The pool's `slot0().sqrtPriceX96`. */
  readonly sqrtPriceX96: bigint;
  /** How far the price of the token SOLD may fall, in basis points (1..9,999). */
  readonly bandBps: number;
  /** `true` when token0 is sold (the price token1/token0 falls), `false` when token1 is sold (it rises). */
  readonly zeroForOne: boolean;
}

/**
 * The `sqrtPriceLimitX96` at which a sale into a Uniswap V3 pool has moved the price of the token sold down by
 * `bandBps`: `√P × √(1 − band)` when token0 is sold, `√P ÷ √(1 − band)` when token1 is sold (its price in token0 is
 * 1/P). Rounded TOWARDS the spot, so the band measured is never wider than asked (the depth never overstated).
 * `null` when no such limit exists strictly between the spot and the pool's bounds (a price at the edge of what a
 * pool can hold): such a pool has no measurable depth. Throws `INVALID_PRICING_PARAMETER` for a band outside
 * 1..9,999.
 *
 * @example
 * ```ts
 * const limit = bandSqrtPriceLimit({ sqrtPriceX96, bandBps: 500, zeroForOne: true }); // ≈ 0.9747 × sqrtPriceX96
 * ```
 */
export function bandSqrtPriceLimit({
  sqrtPriceX96,
  bandBps,
  zeroForOne,
}: BandSqrtPriceLimitParameters): bigint | null {
  if (!Number.isInteger(bandBps) || bandBps < 1 || bandBps > 9_999) {
    throw new PricingError(
      'INVALID_PRICING_PARAMETER',
      'The depth band must be an integer from 1 to 9,999 bps',
      {
        details: String(bandBps),
      },
    );
  }
  const band = BigInt(bandBps);
  const square = sqrtPriceX96 * sqrtPriceX96;
  if (zeroForOne) {
    // ⌈√(P × (1 − b))⌉: at or above the exact limit, i.e. towards the spot.
    const limit = sqrtCeil((square * (BPS - band) + BPS - 1n) / BPS);
    // Stryker disable next-line EqualityOperator: `>=` differs only for a limit exactly AT the bound, which the pool refuses itself ('SPL'): the quote fails, depth 0 either way
    return limit > MIN_SQRT_RATIO && limit < sqrtPriceX96 ? limit : null;
  }
  // ⌊√(P ÷ (1 − b))⌋: at or below the exact limit, i.e. towards the spot.
  const limit = sqrtFloor((square * BPS) / (BPS - band));
  // Stryker disable next-line EqualityOperator: `<=` differs only for a limit exactly AT the bound, which the pool refuses itself ('SPL'): the quote fails, depth 0 either way
  return limit < MAX_SQRT_RATIO && limit > sqrtPriceX96 ? limit : null;
}

/** ⌊√n⌋ for n ≥ 0 (Newton's method on bigint). */
function sqrtFloor(n: bigint): bigint {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent — Newton's step returns 1 for 1 and 0 is never asked (a limit of 0 is refused below either way)
  if (n < 2n) return n;
  // Stryker disable next-line ArithmeticOperator: equivalent — any start at or above √n converges to the same root, only in more steps
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** ⌈√n⌉ for n ≥ 0. */
function sqrtCeil(n: bigint): bigint {
  const root = sqrtFloor(n);
  return root * root === n ? root : root + 1n;
}
