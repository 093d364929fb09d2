import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';

/** Codes of {@link PricingError}; stable, part of the public API. */
export type PricingErrorCode =
  /** A pricing rule out of range: depth band, TWAP window or deviation bound, liquidity floor. */
  'INVALID_PRICING_PARAMETER';

/**
 * A pricing rule was malformed (pricing itself never throws for a token it cannot price: that value is `null`).
 *
 * @example
 * ```ts
 * throw new PricingError('INVALID_PRICING_PARAMETER', 'depthBandBps must be an integer from 1 to 9,999');
 * ```
 */
export class PricingError extends BaseError<PricingErrorCode> {
  override name = 'PricingError';
  constructor(code: PricingErrorCode, shortMessage: string, parameters: BaseErrorParameters = {}) {
    super(code, shortMessage, parameters);
  }
}
