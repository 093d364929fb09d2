import type { YieldProviderErrorCode } from './YieldProviderError.js';

/**
 * The pool list cannot be served: no list, or the cached one is older than the stale bound. Answered 503
 * `YIELD_DATA_UNAVAILABLE` (with the provider's failure code).
 *
 * @example
 * ```ts
 * throw new YieldDataUnavailableError('YIELD_PROVIDER_RATE_LIMITED', null);
 * ```
 */
export class YieldDataUnavailableError extends Error {
  override name = 'YieldDataUnavailableError';
  readonly code = 'YIELD_DATA_UNAVAILABLE';
  readonly providerCode: YieldProviderErrorCode | null;
  readonly cachedAgeMs: number | null;
  constructor(providerCode: YieldProviderErrorCode | null, cachedAgeMs: number | null, cause?: unknown) {
    super(
      cachedAgeMs === null
        ? 'DefiLlama pools are unavailable and none are cached'
        : `DefiLlama pools are unavailable and the cached list is too old (${Math.round(cachedAgeMs / 1000)} s)`,
      { cause },
    );
    this.providerCode = providerCode;
    this.cachedAgeMs = cachedAgeMs;
  }
}
