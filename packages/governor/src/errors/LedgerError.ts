import { BaseError } from './BaseError.js';

/**
 * Infrastructure failure of a ledger (database busy past its timeout, disk error, corrupt row...). The
 * original error is kept as `cause`. Code `LEDGER_FAILURE`. Nothing was reserved when `reserve` throws it.
 *
 * @example
 * ```ts
 * try {
 *   await governor.reserve({ action: 'swap', value: 1n });
 * } catch (error) {
 *   // error.code === 'LEDGER_FAILURE' → treat as blocked
 * }
 * ```
 */
export class LedgerError extends BaseError {
  override name = 'LedgerError';
  constructor({ shortMessage, details, cause }: { shortMessage: string; details?: string; cause?: unknown }) {
    super({
      code: 'LEDGER_FAILURE',
      shortMessage,
      ...(details === undefined ? {} : { details }),
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
