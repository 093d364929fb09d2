import type { ExecutionRecord, ExecutionRecordPatch } from '../types.js';
import {
  EXECUTION_STATUSES,
  hex,
  invalid,
  nonNegativeInteger,
  nullableBigint,
  nullableJsonObject,
  nullableNonNegativeInteger,
  nullableText,
  oneOf,
} from './storeInput.js';

const CHECKS: { readonly [K in keyof Required<ExecutionRecordPatch>]: (value: unknown) => unknown } = {
  status: (value) => oneOf(value, EXECUTION_STATUSES, 'status'),
  code: (value) => nullableText(value, 'code'),
  reason: (value) => nullableText(value, 'reason', 4096),
  valueWei: (value) => nullableBigint(value, 'valueWei'),
  reservationId: (value) => nullableText(value, 'reservationId'),
  nonce: (value) => nullableNonNegativeInteger(value, 'nonce'),
  minedHash: (value) => (value === null ? null : hex(value, 'minedHash', 32)),
  blockNumber: (value) => nullableNonNegativeInteger(value, 'blockNumber'),
  blockHash: (value) => (value === null ? null : hex(value, 'blockHash', 32)),
  feeWei: (value) => nullableBigint(value, 'feeWei'),
  result: (value) => nullableJsonObject(value, 'result'),
  feeReservedWei: (value) => nullableBigint(value, 'feeReservedWei'),
  nonceGoneSinceBlock: (value) => nullableNonNegativeInteger(value, 'nonceGoneSinceBlock'),
  cancelRequestedAt: (value) => nullableNonNegativeInteger(value, 'cancelRequestedAt'),
  cancelRequestedBy: (value) => nullableText(value, 'cancelRequestedBy'),
};

/**
 * Returns `record` with `patch` applied, `updatedAt = at` and `version + 1`. A key outside {@link ExecutionRecordPatch} (an
 * attempt to rewrite `id`, `transactions`…) or a malformed value throws `STORE_INPUT_INVALID`; an `undefined`
 * value leaves the field unchanged.
 *
 * @example
 * ```ts
 * const next = applyExecutionPatch({ record, patch: { status: 'pending' }, at: Date.now() });
 * ```
 */
export function applyExecutionPatch({
  record,
  patch,
  at,
}: {
  record: ExecutionRecord;
  patch: unknown;
  at: unknown;
}): ExecutionRecord {
  const updatedAt = nonNegativeInteger(at, 'update time');
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) throw invalid('patch');
  const next: Record<string, unknown> = { ...record, updatedAt, version: record.version + 1 };
  for (const [key, value] of Object.entries(patch)) {
    if (!Object.hasOwn(CHECKS, key))
      throw invalid('patch', `field ${JSON.stringify(key.slice(0, 40))} cannot be patched`);
    if (value === undefined) continue;
    next[key] = CHECKS[key as keyof typeof CHECKS](value);
  }
  return next as unknown as ExecutionRecord;
}
