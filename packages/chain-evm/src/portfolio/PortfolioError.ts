import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';

/** Codes of {@link PortfolioError}; stable, part of the public API. */
export type PortfolioErrorCode =
  /** The chain has no Multicall3 configured: balances cannot be read in batches. */
  | 'PORTFOLIO_NOT_CONFIGURED'
  /** A parameter is malformed (batch size, token entry). */
  | 'INVALID_PORTFOLIO_PARAMETER';

/**
 * A portfolio could not be read. Discriminate on `code`.
 *
 * @example
 * ```ts
 * throw new PortfolioError('PORTFOLIO_NOT_CONFIGURED', 'No Multicall3 on chain 56');
 * ```
 */
export class PortfolioError extends BaseError<PortfolioErrorCode> {
  override name = 'PortfolioError';
  constructor(code: PortfolioErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
