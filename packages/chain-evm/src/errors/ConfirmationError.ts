import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link ConfirmationError}. */
export type ConfirmationErrorCode =
  /** No held action with this id. */
  | 'CONFIRMATION_NOT_FOUND'
  /** It was already decided (approved, denied, expired) or is running. */
  | 'CONFIRMATION_NOT_PENDING'
  /** Its time ran out before the decision; it is now denied as expired. */
  | 'CONFIRMATION_EXPIRED'
  /** Its value was unknown when held: the approval must say how much (ETH-equivalent) the governor may charge. */
  | 'CONFIRMATION_VALUE_REQUIRED'
  /** The gateway holds nothing: no confirmation store is configured. */
  | 'CONFIRMATION_NOT_CONFIGURED';

/**
 * A decision on a held action that cannot be taken. Nothing was changed.
 *
 * @example
 * ```ts
 * try { await gateway.approve({ id, by: 'cli' }); }
 * catch (error) { if ((error as ConfirmationError).code === 'CONFIRMATION_NOT_PENDING') { … } }
 * ```
 */
export class ConfirmationError extends BaseError<ConfirmationErrorCode> {
  override name = 'ConfirmationError';
  constructor(code: ConfirmationErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
