import { DcaValidationError } from '../errors/DcaValidationError.js';

/** Default largest share of a fill's value its worst-case fee may take, basis points (5 %). */
export const DEFAULT_MAX_FEE_SHARE_BPS = 500;

/** Parameters of {@link checkFillWorthGas}. */
export interface CheckFillWorthGasParameters {
  /** What the fill is worth, ETH-equivalent wei. */
  readonly valueWei: bigint;
  /** Its worst-case network fee, wei. */
  readonly worstCaseFeeWei: bigint;
  /** Largest fee share allowed, basis points (default {@link DEFAULT_MAX_FEE_SHARE_BPS}). */
  readonly maxFeeShareBps?: number;
}

/** What {@link checkFillWorthGas} returns. */
export interface CheckFillWorthGasReturnType {
  /** False when the fee takes more than the allowed share: the fill is skipped (`DCA_FEE_TOO_HIGH`). */
  readonly worthIt: boolean;
  /** The fee as a share of the value, basis points, rounded up (null when the value is 0). */
  readonly shareBps: number | null;
}

/**
 * Pure: is a fill worth its gas? It is when `worstCaseFeeWei × 10 000 ≤ maxFeeShareBps × valueWei` (exact bigint
 * arithmetic). The scheduler skips a fill that is not; an HTTP layer refuses to create an order whose regular fill
 * is not (at today's gas every fill would be skipped) — quote `fillAmount(order)` and check it here.
 *
 * @example
 * ```ts
 * checkFillWorthGas({ valueWei: 10n ** 16n, worstCaseFeeWei: 10n ** 15n }); // { worthIt: false, shareBps: 1000 }
 * ```
 */
export function checkFillWorthGas({
  valueWei,
  worstCaseFeeWei,
  maxFeeShareBps = DEFAULT_MAX_FEE_SHARE_BPS,
}: CheckFillWorthGasParameters): CheckFillWorthGasReturnType {
  if (!Number.isInteger(maxFeeShareBps) || maxFeeShareBps < 0 || maxFeeShareBps > 10_000) {
    throw new DcaValidationError({ field: 'maxFeeShareBps', message: 'expected an integer from 0 to 10000' });
  }
  if (typeof valueWei !== 'bigint' || valueWei < 0n) {
    throw new DcaValidationError({ field: 'valueWei', message: 'expected a non-negative bigint' });
  }
  if (typeof worstCaseFeeWei !== 'bigint' || worstCaseFeeWei < 0n) {
    throw new DcaValidationError({ field: 'worstCaseFeeWei', message: 'expected a non-negative bigint' });
  }
  const shareBps = valueWei === 0n ? null : Number((worstCaseFeeWei * 10_000n + valueWei - 1n) / valueWei);
  return {
    worthIt: worstCaseFeeWei * 10_000n <= BigInt(maxFeeShareBps) * valueWei && valueWei > 0n,
    shareBps,
  };
}
