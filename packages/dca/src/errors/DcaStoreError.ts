import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link DcaStoreError}. */
export type DcaStoreErrorCode =
  /** `insertOrder` of an id that is already stored (nothing was written). */
  | 'DCA_ORDER_EXISTS'
  /** A write for an order id that is not stored. */
  | 'DCA_ORDER_NOT_FOUND'
  /**
   * Compare-and-set failed: the order is no longer in the `(status, version)` the write expected — another
   * command or instance changed it first. Re-read and decide again. Nothing was written (409 at the HTTP edge).
   */
  | 'DCA_VERSION_CONFLICT'
  /** A fill with this `(order id, slot)` already exists: that slot is taken, exactly once. Nothing was written. */
  | 'DCA_FILL_EXISTS'
  /** Compare-and-set of a fill failed: it is unknown or no longer in the status the write expected. Nothing written. */
  | 'DCA_FILL_CONFLICT'
  /** A malformed argument: a record field, a limit outside 1–100, a foreign cursor. Nothing was written. */
  | 'DCA_STORE_INPUT_INVALID'
  /**
   * Infrastructure: the database failed or is busy, a row is corrupt, the schema is newer than this package, or the
   * shared handle is inside a transaction the store did not open. Nothing was written.
   */
  | 'DCA_STORE_FAILURE';

/**
 * A DCA store refused or failed an operation. Every write is all-or-nothing: when this is thrown, nothing of the
 * write is stored. The driver's error is kept as `cause`.
 *
 * @example
 * ```ts
 * try {
 *   await store.commit({ order: next, expected: { status: 'active', version: 3 } });
 * } catch (error) {
 *   if ((error as DcaStoreError).code === 'DCA_VERSION_CONFLICT') { // re-read and retry
 *   }
 * }
 * ```
 */
export class DcaStoreError extends BaseError<DcaStoreErrorCode> {
  override name = 'DcaStoreError';
  constructor(code: DcaStoreErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
