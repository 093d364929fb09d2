import { isCancelTransaction } from '../isCancelTransaction.js';
import type { ExecutionRecord } from '../types.js';

/**
 * Whether an operator asked for a cancel of `record` that no cancel signed since answers (the CLI writes the request;
 * the running gateway sends it).
 *
 * @example
 * ```ts
 * if (isCancelDue(record)) await sendCancel(ctx, record);
 * ```
 */
export function isCancelDue(record: ExecutionRecord): boolean {
  const asked = record.cancelRequestedAt;
  return (
    asked !== null &&
    (record.status === 'signed' || record.status === 'pending') &&
    !record.transactions.some((t) => t.signedAt >= asked && isCancelTransaction(record, t))
  );
}
