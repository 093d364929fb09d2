import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link CancelError}. */
export type CancelErrorCode =
  /** No execution with this id. */
  | 'EXECUTION_NOT_FOUND'
  /** Only a `signed` or `pending` execution has a nonce to clear; this one is settled, refused or not signed yet. */
  | 'EXECUTION_NOT_CANCELLABLE'
  /** A cancel must pay more than every transaction of the execution, and that is above the fee ceiling. */
  | 'CANCEL_ABOVE_FEE_CEILING'
  /** The cancel's fee does not fit in what the governor holds for the execution's fees (nothing was signed). */
  | 'CANCEL_FEE_NOT_RESERVED'
  /** The node refused the cancel (e.g. the execution's own transaction was just mined). */
  | 'CANCEL_NOT_SENT';

/**
 * An operator's cancel that could not be sent. Nothing was signed unless the code is `CANCEL_NOT_SENT` (signed and
 * refused by the node: the reconciler settles whichever transaction took the nonce).
 *
 * @example
 * ```ts
 * try { await gateway.cancel({ id, by: 'operator-key' }); }
 * catch (error) { if ((error as CancelError).code === 'EXECUTION_NOT_CANCELLABLE') { … } }
 * ```
 */
export class CancelError extends BaseError<CancelErrorCode> {
  override name = 'CancelError';
  constructor(code: CancelErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
