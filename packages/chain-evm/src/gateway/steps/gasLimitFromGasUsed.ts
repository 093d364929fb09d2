import { GAS_MARGIN_BPS } from './simulateTransaction.js';

/**
 * The gas limit to sign with, from the gas the simulation used: × 5/4 for what refunds took off the gross (EIP-3529
 * caps a refund at a fifth of the gas used), then the usual {@link GAS_MARGIN_BPS} for state that moves before
 * inclusion and the 63/64 rule of nested calls.
 *
 * @example
 * ```ts
 * gasLimitFromGasUsed(100_000n); // 156_250n
 * ```
 */
export function gasLimitFromGasUsed(gasUsed: bigint): bigint {
  const gross = (gasUsed * 5n + 3n) / 4n;
  return (gross * (10_000n + GAS_MARGIN_BPS) + 9_999n) / 10_000n;
}
