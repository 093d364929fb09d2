import { BaseError } from './BaseError.js';

/**
 * A caller passed a parameter that fails validation (wrong type, out of range, malformed address).
 *
 * @example
 * ```ts
 * import { startDevnet } from '@org/devnet';
 * await startDevnet({ timeoutMs: -1 }).catch((e) => e.code); // 'DEVNET_INVALID_PARAMETER'
 * ```
 */
export class InvalidParameterError extends BaseError<'DEVNET_INVALID_PARAMETER'> {
  override name = 'InvalidParameterError';
  /** Name of the offending parameter. */
  readonly parameter: string;

  constructor(parameter: string, reason: string) {
    super('DEVNET_INVALID_PARAMETER', `Invalid parameter "${parameter}": ${reason}`);
    this.parameter = parameter;
  }
}
