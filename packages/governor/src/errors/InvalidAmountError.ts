import { BaseError } from './BaseError.js';

/**
 * Thrown by {@link parseEther}/{@link formatEther} and by `commit` for an amount that is not an exact,
 * non-negative value with at most 18 decimals. Code `AMOUNT_INVALID`.
 *
 * @example
 * ```ts
 * try {
 *   parseEther('-1');
 * } catch (error) {
 *   // error.code === 'AMOUNT_INVALID'
 * }
 * ```
 */
export class InvalidAmountError extends BaseError {
  override name = 'InvalidAmountError';
  constructor({ shortMessage, details }: { shortMessage: string; details?: string }) {
    super({ code: 'AMOUNT_INVALID', shortMessage, ...(details === undefined ? {} : { details }) });
  }
}
