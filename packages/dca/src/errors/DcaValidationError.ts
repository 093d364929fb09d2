import { BaseError } from './BaseError.js';

/**
 * An order (or a parameter of this package) is malformed: a negative amount, an interval under 60 s, a slippage
 * above the maximum, a price band upside down… Code `DCA_VALIDATION_FAILED` (422 at the HTTP edge); `field` names
 * the offending input. Nothing was stored.
 *
 * @example
 * ```ts
 * try {
 *   parseInterval(30);
 * } catch (error) {
 *   // (error as DcaValidationError).code === 'DCA_VALIDATION_FAILED', .field === 'interval'
 * }
 * ```
 */
export class DcaValidationError extends BaseError<'DCA_VALIDATION_FAILED'> {
  override name = 'DcaValidationError';
  /** The input field that failed (`amountPerFill`, `interval`, `minPrice`…). */
  readonly field: string;

  constructor({ field, message }: { field: string; message: string }) {
    super('DCA_VALIDATION_FAILED', `Invalid ${field}: ${message}.`);
    this.field = field;
  }
}
