import type { FeeQuote } from '../types.js';

/**
 * The most a fee quote pays per gas: `maxFeePerGas` (EIP-1559) or `gasPrice` (legacy).
 *
 * @example
 * ```ts
 * maxFeeOf({ kind: 'legacy', gasPrice: 7n }); // 7n
 * ```
 */
export function maxFeeOf(fees: FeeQuote): bigint {
  return fees.kind === 'eip1559' ? fees.maxFeePerGas : fees.gasPrice;
}
