import type { BroadcastTransaction } from '../types.js';
import { hex, invalid, nonNegativeBigint, nonNegativeInteger, nullableBigint } from './storeInput.js';

/**
 * Validates a {@link BroadcastTransaction} and returns a copy holding exactly its fields (what a store persists).
 * Throws `STORE_INPUT_INVALID`.
 *
 * @example
 * ```ts
 * const copy = checkBroadcastTransaction(transaction);
 * ```
 */
export function checkBroadcastTransaction(transaction: unknown): BroadcastTransaction {
  if (typeof transaction !== 'object' || transaction === null) throw invalid('transaction');
  const t = transaction as Record<keyof BroadcastTransaction, unknown>;
  return {
    hash: hex(t.hash, 'transaction hash', 32),
    raw: hex(t.raw, 'raw transaction'),
    nonce: nonNegativeInteger(t.nonce, 'transaction nonce'),
    gasLimit: nonNegativeBigint(t.gasLimit, 'gas limit'),
    maxFeePerGas: nonNegativeBigint(t.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: nullableBigint(t.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    signedAt: nonNegativeInteger(t.signedAt, 'signedAt'),
  };
}
