import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';

/** Codes of {@link ApprovalError}; stable, part of the public API. */
export type ApprovalErrorCode =
  /**
   * `eth_getLogs` kept failing: the node refused even a one-block range, answered garbage, or said the method is not
   * available. No partial list is ever returned in its place.
   */
  | 'LOG_SCAN_FAILED'
  /** A parameter outside its range (block numbers, chunk sizes, batch size, an amount that is not a uint256). */
  | 'INVALID_PARAMETER'
  /** The chain has no Multicall3 configured: allowances cannot be read in batches. */
  | 'APPROVALS_NOT_CONFIGURED';

/**
 * An approval scan, risk assessment or revoke could not be carried out. Discriminate on `code`.
 *
 * @example
 * ```ts
 * throw new ApprovalError('LOG_SCAN_FAILED', 'The node refused eth_getLogs for a single block', { details: 'block 123' });
 * ```
 */
export class ApprovalError extends BaseError<ApprovalErrorCode> {
  override name = 'ApprovalError';
  constructor(code: ApprovalErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
