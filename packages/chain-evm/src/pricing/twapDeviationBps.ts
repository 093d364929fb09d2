import { sqrtRatioAtTick } from './sqrtRatioAtTick.js';

const BPS = 10_000n;

/** Parameters of {@link twapDeviationBps}. */
export interface TwapDeviationBpsParameters {
  /** The pool's spot, `slot0().sqrtPriceX96`. */
  readonly sqrtPriceX96: bigint;
  /** The arithmetic mean tick over the window (`observe`), rounded towards −∞ as Uniswap's OracleLibrary does. */
  readonly twapTick: number;
}

/**
 * How far the spot price is from the time-weighted price, in basis points of the latter: `|spot − twap| / twap`,
 * rounded UP (a borderline pool is judged on the larger figure). Prices compared as `sqrtPrice²` (exact bigint);
 * the mean tick is an integer, so the TWAP itself is known to within one tick (0.01%).
 *
 * @example
 * ```ts
 * twapDeviationBps({ sqrtPriceX96: slot0.sqrtPriceX96, twapTick: -200_000 }); // 0n when the spot sits on that tick
 * ```
 */
export function twapDeviationBps({ sqrtPriceX96, twapTick }: TwapDeviationBpsParameters): bigint {
  const twapSqrt = sqrtRatioAtTick(twapTick);
  const spot = sqrtPriceX96 * sqrtPriceX96;
  const twap = twapSqrt * twapSqrt;
  // Stryker disable next-line EqualityOperator: equivalent — when spot equals twap both branches give 0
  const diff = spot > twap ? spot - twap : twap - spot;
  return (diff * BPS + twap - 1n) / twap;
}
