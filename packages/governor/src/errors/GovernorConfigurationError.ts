import { BaseError } from './BaseError.js';

/**
 * Thrown at construction when the governor is misconfigured, e.g. `requireConfirm: true` without a `confirmFn`
 * (the spec's `ValueError`), a negative limit, or an unknown window kind. Code `GOVERNOR_CONFIGURATION_INVALID`.
 *
 * @example
 * ```ts
 * try {
 *   new Governor({ requireConfirm: true });
 * } catch (error) {
 *   // error.code === 'GOVERNOR_CONFIGURATION_INVALID'
 * }
 * ```
 */
export class GovernorConfigurationError extends BaseError {
  override name = 'GovernorConfigurationError';
  constructor({ shortMessage, details, cause }: { shortMessage: string; details?: string; cause?: unknown }) {
    super({
      code: 'GOVERNOR_CONFIGURATION_INVALID',
      shortMessage,
      ...(details === undefined ? {} : { details }),
      ...(cause === undefined ? {} : { cause }),
    });
  }
}
