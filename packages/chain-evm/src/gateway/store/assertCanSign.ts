import { StoreError } from '../../errors/StoreError.js';
import type { BroadcastTransaction, ExecutionRecord } from '../types.js';
import { FINAL_STATUSES } from './storeInput.js';

/**
 * Refuses to record a signature for a settled execution or the same transaction twice (both are bugs upstream;
 * refusing before the broadcast keeps them off the chain). Throws `EXECUTION_SETTLED` or `STORE_INPUT_INVALID`.
 *
 * @example
 * ```ts
 * assertCanSign(record, transaction);
 * ```
 */
export function assertCanSign(record: ExecutionRecord, transaction: BroadcastTransaction): void {
  if (FINAL_STATUSES.includes(record.status)) {
    throw new StoreError(
      'EXECUTION_SETTLED',
      `Execution ${record.id} is ${record.status}: no transaction can be added.`,
    );
  }
  if (record.transactions.some((t) => t.hash.toLowerCase() === transaction.hash.toLowerCase())) {
    throw new StoreError('STORE_INPUT_INVALID', `Invalid transaction.`, {
      details: `${transaction.hash} is already recorded for execution ${record.id}`,
    });
  }
}
