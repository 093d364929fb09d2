import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link StoreError}. */
export type StoreErrorCode =
  /** `update`/`addTransaction` of an execution id that is not in the store. */
  | 'EXECUTION_NOT_FOUND'
  /** `insert` of an id that is already in the store (nothing was written). */
  | 'EXECUTION_EXISTS'
  /** `addTransaction` on an execution whose status is final (`blocked`, `confirmed`, `reverted`, `failed`). */
  | 'EXECUTION_SETTLED'
  /** `complete`/`abandon` of an idempotency key that is not in progress (unknown, or already done). */
  | 'IDEMPOTENCY_KEY_NOT_IN_PROGRESS'
  /** A malformed argument: a record field, a patch, a limit outside 1–100, a foreign cursor, a non-JSON result. */
  | 'STORE_INPUT_INVALID'
  /**
   * Infrastructure: the database failed or is busy, a row is corrupt, the schema is newer than this package, or
   * the shared handle is inside a transaction the store did not open. Nothing was written.
   */
  | 'STORE_FAILURE';

/**
 * An execution or idempotency store refused or failed an operation. The foreign error (better-sqlite3…) is kept as
 * `cause`; messages never contain raw transactions or secrets.
 *
 * @example
 * ```ts
 * try {
 *   await store.update('unknown', { status: 'failed' }, Date.now());
 * } catch (error) {
 *   if ((error as StoreError).code === 'EXECUTION_NOT_FOUND') { … }
 * }
 * ```
 */
export class StoreError extends BaseError<StoreErrorCode> {
  override name = 'StoreError';
  constructor(code: StoreErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
