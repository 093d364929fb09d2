import { Transaction } from 'ethers';
import type { BroadcastTransaction, ExecutionRecord } from './types.js';

/**
 * Whether `transaction` is an operator's same-nonce cancel of `record`: a 0-value call with no data to the wallet
 * itself (what no action's policy ever allows, so it cannot be mistaken for the action). Decoded from the signed raw
 * transaction, not from anything stored beside it.
 *
 * @example
 * ```ts
 * const cancelled = record.transactions.some((t) => isCancelTransaction(record, t));
 * ```
 */
export function isCancelTransaction(record: ExecutionRecord, transaction: BroadcastTransaction): boolean {
  const tx = Transaction.from(transaction.raw);
  return (
    tx.to !== null &&
    tx.to.toLowerCase() === record.from.toLowerCase() &&
    tx.value === 0n &&
    (tx.data === '0x' || tx.data === '')
  );
}
