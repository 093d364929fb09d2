import type { ExecutionRecord, ExpectedExecutionState } from '../types.js';
import { EXECUTION_STATUSES, invalid, nonNegativeInteger, oneOf } from './storeInput.js';

/**
 * Validates the `expected` state of a compare-and-set write (`STORE_INPUT_INVALID` when malformed) and returns it.
 *
 * @example
 * ```ts
 * const expected = checkExpectedState({ status: 'pending', version: 3 });
 * ```
 */
export function checkExpectedState(expected: unknown): ExpectedExecutionState {
  if (typeof expected !== 'object' || expected === null) throw invalid('expected state');
  const e = expected as Record<string, unknown>;
  return {
    status: oneOf(e.status, EXECUTION_STATUSES, 'expected status'),
    version: nonNegativeInteger(e.version, 'expected version'),
  };
}

/**
 * Whether `record` is still exactly in the state a writer read it in (status and version): the compare of every
 * compare-and-set write of both stores.
 *
 * @example
 * ```ts
 * if (!isInExpectedState(record, expected)) return null; // moved: nothing written
 * ```
 */
export function isInExpectedState(record: ExecutionRecord, expected: ExpectedExecutionState): boolean {
  return record.status === expected.status && record.version === expected.version;
}
