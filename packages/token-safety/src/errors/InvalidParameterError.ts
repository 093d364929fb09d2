import { BaseError } from './BaseError.js';

/** Parameters of {@link InvalidParameterError}. */
export type InvalidParameterErrorParameters = { parameter: string; reason: string };

/**
 * A configuration or call parameter is invalid (bad base URL, negative time-out…). Code `INVALID_PARAMETER`.
 *
 * @example
 * ```ts
 * throw new InvalidParameterError({ parameter: 'timeoutMs', reason: 'must be a positive integer' });
 * ```
 */
export class InvalidParameterError extends BaseError {
  override name = 'InvalidParameterError';
  constructor({ parameter, reason }: InvalidParameterErrorParameters) {
    super({ code: 'INVALID_PARAMETER', shortMessage: `Invalid parameter ${parameter}: ${reason}` });
  }
}
