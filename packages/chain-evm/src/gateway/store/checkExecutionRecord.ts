import type { Address } from '../../chains/chains.js';
import type { ExecutionIntentSummary, ExecutionRecord } from '../types.js';
import { checkBroadcastTransaction } from './checkBroadcastTransaction.js';
import {
  EXECUTION_ACTIONS,
  EXECUTION_STATUSES,
  hex,
  invalid,
  jsonObject,
  nonNegativeInteger,
  nullableBigint,
  nullableJsonObject,
  nullableNonNegativeInteger,
  nullableText,
  oneOf,
  text,
} from './storeInput.js';

/**
 * Validates a whole {@link ExecutionRecord} and returns a detached copy as it reads back from any store (JSON
 * fields normalised through JSON, transactions copied). Throws `STORE_INPUT_INVALID`; the record is not kept.
 *
 * @example
 * ```ts
 * const stored = checkExecutionRecord(record);
 * ```
 */
export function checkExecutionRecord(record: unknown): ExecutionRecord {
  if (typeof record !== 'object' || record === null) throw invalid('execution record');
  const r = record as Record<keyof ExecutionRecord, unknown>;
  if (!Array.isArray(r.transactions)) throw invalid('transactions', 'expected an array');
  const minedHash = r.minedHash === null ? null : hex(r.minedHash, 'minedHash', 32);
  return {
    id: executionId(r.id),
    version: nonNegativeInteger(r.version, 'version'),
    createdAt: nonNegativeInteger(r.createdAt, 'createdAt'),
    updatedAt: nonNegativeInteger(r.updatedAt, 'updatedAt'),
    chainId: positiveChainId(r.chainId),
    action: oneOf(r.action, EXECUTION_ACTIONS, 'action'),
    from: hex(r.from, 'from address', 20) as Address,
    to: hex(r.to, 'to address', 20) as Address,
    intent: jsonObject(r.intent, 'intent summary') as unknown as ExecutionIntentSummary,
    status: oneOf(r.status, EXECUTION_STATUSES, 'status'),
    code: nullableText(r.code, 'code'),
    reason: nullableText(r.reason, 'reason', 4096),
    valueWei: nullableBigint(r.valueWei, 'valueWei'),
    feeReservedWei: nullableBigint(r.feeReservedWei, 'feeReservedWei'),
    reservationId: nullableText(r.reservationId, 'reservationId'),
    nonce: nullableNonNegativeInteger(r.nonce, 'nonce'),
    transactions: r.transactions.map(checkBroadcastTransaction),
    minedHash,
    blockNumber: nullableNonNegativeInteger(r.blockNumber, 'blockNumber'),
    // Absent on a record built before the field existed: not known.
    blockHash: r.blockHash === null || r.blockHash === undefined ? null : hex(r.blockHash, 'blockHash', 32),
    feeWei: nullableBigint(r.feeWei, 'feeWei'),
    idempotencyKey: nullableText(r.idempotencyKey, 'idempotencyKey'),
    result: nullableJsonObject(r.result, 'result'),
    nonceGoneSinceBlock: nullableNonNegativeInteger(r.nonceGoneSinceBlock, 'nonceGoneSinceBlock'),
    cancelRequestedAt: nullableNonNegativeInteger(r.cancelRequestedAt, 'cancelRequestedAt'),
    cancelRequestedBy: nullableText(r.cancelRequestedBy, 'cancelRequestedBy'),
  };
}

/** Printable ASCII, so every store orders ids alike (JS code units and SQLite bytes agree on ASCII). */
function executionId(value: unknown): string {
  const id = text(value, 'execution id', 200);
  if (!/^[\x21-\x7e]+$/.test(id)) throw invalid('execution id', 'expected printable ASCII without spaces');
  return id;
}

function positiveChainId(value: unknown): number {
  const chainId = nonNegativeInteger(value, 'chainId');
  if (chainId === 0) throw invalid('chainId', 'expected a positive integer');
  return chainId;
}
