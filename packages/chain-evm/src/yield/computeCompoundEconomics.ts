import { YieldError } from './YieldError.js';

/** Seconds in a (365-day) year. */
export const YEAR_SECONDS = 31_536_000n;
/** Rates are parts per billion per year: 10^9 = 100%. */
export const RATE_SCALE = 1_000_000_000n;
/** Default `YIELD_COMPOUND_MIN_GAIN_FACTOR`: the gain must be at least 3 × the worst-case gas. */
export const DEFAULT_COMPOUND_MIN_GAIN_FACTOR_BPS = 30_000n;

/** Parameters of {@link computeCompoundEconomics}. All amounts in one unit (e.g. ETH-equivalent wei). */
export interface ComputeCompoundEconomicsParameters {
  /** Value of what would be deposited now (the idle underlying). */
  readonly amount: bigint;
  /** Value of the whole position after the deposit (for the best compounding interval); ≥ `amount`. */
  readonly position: bigint;
  /** The yield rate, parts per billion per year (5% = 50,000,000). */
  readonly ratePpb: bigint;
  /** The horizon the gain is counted over, seconds (> 0). */
  readonly horizonSeconds: bigint;
  /** Worst-case gas of the whole compound (approval included), same unit as `amount`. */
  readonly gasCost: bigint;
  /** The gain must reach `gasCost × factor`; factor in bps (default 30,000 = 3×). */
  readonly minGainFactorBps?: bigint;
}

/** Result of {@link computeCompoundEconomics}; every figure exact (bigint), rounded against compounding. */
export interface ComputeCompoundEconomicsReturnType {
  /** `amount × rate × horizon / year`, rounded down (simple interest: under-counts, never over-counts). */
  readonly expectedGain: bigint;
  /** `gasCost × factor`, rounded up. */
  readonly requiredGain: bigint;
  /** Whether `expectedGain ≥ requiredGain` (and there is a gain at all). */
  readonly pays: boolean;
  /** The shortest horizon over which the gain would reach `requiredGain`, seconds (rounded up); `null` at rate 0. */
  readonly paysAfterSeconds: bigint | null;
  /**
   * The best interval between compounds for a wallet that pays its own gas, `τ* ≈ √(2G / (P·r²))` (growth per year
   * ≈ r − G/(Pτ) − r²τ/2), in seconds, integer square root; `null` at rate 0 or an empty position.
   */
  readonly optimalIntervalSeconds: bigint | null;
}

/**
 * Whether compounding now pays (pure, exact integer maths — no floats on amounts): the expected gain of depositing
 * `amount` over `horizonSeconds` at `ratePpb` against the worst-case gas times a factor (Yearn's `profitFactor`
 * rule), the horizon after which it would pay, and the best compounding interval τ*. Rates come in as parts per
 * billion (convert a percentage at the edge).
 *
 * @example
 * ```ts
 * const e = computeCompoundEconomics({ amount: 10n ** 18n, position: 10n ** 19n, ratePpb: 50_000_000n, horizonSeconds: 2_592_000n, gasCost: 10n ** 15n });
 * e.pays; e.paysAfterSeconds; e.optimalIntervalSeconds;
 * ```
 */
export function computeCompoundEconomics({
  amount,
  position,
  ratePpb,
  horizonSeconds,
  gasCost,
  minGainFactorBps = DEFAULT_COMPOUND_MIN_GAIN_FACTOR_BPS,
}: ComputeCompoundEconomicsParameters): ComputeCompoundEconomicsReturnType {
  if (amount < 0n || position < amount || ratePpb < 0n || gasCost < 0n || minGainFactorBps < 0n) {
    throw new YieldError(
      'INVALID_YIELD_PARAMETER',
      'amount, rate, gas and factor must not be negative, and the position must include the amount',
    );
  }
  if (horizonSeconds <= 0n)
    throw new YieldError('INVALID_YIELD_PARAMETER', 'horizonSeconds must be positive');
  const perYear = RATE_SCALE * YEAR_SECONDS;
  const expectedGain = (amount * ratePpb * horizonSeconds) / perYear;
  const requiredGain = ceilDiv(gasCost * minGainFactorBps, 10_000n);
  const growth = amount * ratePpb;
  const paysAfterSeconds = growth === 0n ? null : ceilDiv(requiredGain * perYear, growth);
  // τ (years) = √(2G / (P r²)), r = ratePpb / 1e9  ⇒  τ (s) = √(2G · 1e18 · year² / (P · ratePpb²)).
  const optimalIntervalSeconds =
    ratePpb === 0n || position === 0n
      ? null
      : isqrt(
          (2n * gasCost * RATE_SCALE * RATE_SCALE * YEAR_SECONDS * YEAR_SECONDS) /
            (position * ratePpb * ratePpb),
        );
  return {
    expectedGain,
    requiredGain,
    pays: expectedGain > 0n && expectedGain >= requiredGain,
    paysAfterSeconds,
    optimalIntervalSeconds,
  };
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** Integer square root (floor), Newton's method. */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}
