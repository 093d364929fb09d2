import type { ExecutionStatus, ListExecutionsParameters } from '../types.js';
import type { ExecutionCursorPosition } from './executionCursor.js';
import { EXECUTION_STATUSES, invalid, oneOf } from './storeInput.js';

/** {@link ListExecutionsParameters} once validated. */
export interface CheckedListParameters {
  readonly limit: number;
  readonly status: ExecutionStatus | null;
  readonly after: ExecutionCursorPosition | null;
}

/** Largest page. */
export const MAX_PAGE = 100;

/**
 * Validates list parameters: `limit` an integer 1–100, `status` a known status, `cursor` one this package made.
 * Throws `STORE_INPUT_INVALID`.
 *
 * @example
 * ```ts
 * const { limit, status, after } = checkListParameters({ limit: 20 });
 * ```
 */
export function checkListParameters(parameters: ListExecutionsParameters): CheckedListParameters {
  if (typeof parameters !== 'object' || parameters === null) throw invalid('list parameters');
  const { limit, status, cursor } = parameters;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE) {
    throw invalid('limit', `expected an integer from 1 to ${MAX_PAGE}`);
  }
  return {
    limit,
    status: status === undefined ? null : oneOf(status, EXECUTION_STATUSES, 'status filter'),
    after: cursor === undefined ? null : decode(cursor),
  };
}

function decode(cursor: unknown): ExecutionCursorPosition {
  if (typeof cursor !== 'string' || cursor.length > 1024 || !/^[A-Za-z0-9_-]+$/.test(cursor)) {
    throw invalid('cursor', 'not a cursor returned by list');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid('cursor', 'not a cursor returned by list');
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    parsed[0] !== 'e1' ||
    !Number.isSafeInteger(parsed[1]) ||
    typeof parsed[2] !== 'string'
  ) {
    throw invalid('cursor', 'not a cursor returned by list');
  }
  return { createdAt: parsed[1] as number, id: parsed[2] as string };
}
