import { MIN_REPLACEMENT_BUMP_BPS } from './steps/bumpFees.js';

/** Parameters of {@link worstCaseFeeWei}. */
export interface WorstCaseFeeWeiParameters {
  /** The gas limit signed (estimate + `GAS_MARGIN_BPS`). */
  readonly gasLimit: bigint;
  /** `maxFeePerGas` of the first transaction (`gasPrice` on legacy chains). */
  readonly maxFeePerGas: bigint;
  /** Highest fee per gas the gateway ever signs. */
  readonly feeCeilingWei: bigint;
  /** Replacements the gateway may send (each +12.5%, rounded up). */
  readonly maxReplacements: number;
}

/**
 * The most gas an execution can cost, as the execution gateway reserves it with the spend governor: the gas limit ×
 * the max fee after every allowed replacement (+{@link MIN_REPLACEMENT_BUMP_BPS} bps each, rounded up), never above
 * the fee ceiling. The gateway charges `value + worstCaseFeeWei(…)`; `/gas/estimate` shows the same figure. Pure.
 *
 * @example
 * ```ts
 * worstCaseFeeWei({ gasLimit: 26_250n, maxFeePerGas: 10n ** 9n, feeCeilingWei: 500n * 10n ** 9n, maxReplacements: 3 });
 * // 26_250n × 1_423_828_125n
 * ```
 */
export function worstCaseFeeWei({
  gasLimit,
  maxFeePerGas,
  feeCeilingWei,
  maxReplacements,
}: WorstCaseFeeWeiParameters): bigint {
  let fee = maxFeePerGas;
  for (let i = 0; i < maxReplacements; i++) {
    fee = (fee * (10_000n + MIN_REPLACEMENT_BUMP_BPS) + 9_999n) / 10_000n;
  }
  // Stryker disable next-line EqualityOperator: equivalent — when fee equals the ceiling both branches give the same product
  return gasLimit * (fee < feeCeilingWei ? fee : feeCeilingWei);
}
