import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';

/** Codes of {@link YieldError}; stable, part of the public API. */
export type YieldErrorCode =
  /** The chain has no Multicall3 configured: vaults cannot be read in one request. */
  | 'YIELD_NOT_CONFIGURED'
  /** A parameter is malformed (a negative amount, a tolerance outside 0–10,000 bps, an empty vault list…). */
  | 'INVALID_YIELD_PARAMETER';

/**
 * A yield read or computation was refused. Discriminate on `code`.
 *
 * @example
 * ```ts
 * throw new YieldError('INVALID_YIELD_PARAMETER', 'toleranceBps must be an integer from 0 to 10000');
 * ```
 */
export class YieldError extends BaseError<YieldErrorCode> {
  override name = 'YieldError';
  constructor(code: YieldErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
