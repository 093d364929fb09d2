/** Codes of {@link YieldProviderError}; stable (they appear in problem details and the README). */
export type YieldProviderErrorCode =
  /** The provider did not answer (headers and whole body) within the time-out. */
  | 'YIELD_PROVIDER_TIMEOUT'
  /** HTTP 429. */
  | 'YIELD_PROVIDER_RATE_LIMITED'
  /** Any other non-2xx answer. */
  | 'YIELD_PROVIDER_HTTP_ERROR'
  /** Connection refused, reset, DNS. */
  | 'YIELD_PROVIDER_UNREACHABLE'
  /** Not JSON, not the documented shape, an empty pool list, or a body over the size bound. */
  | 'YIELD_PROVIDER_BAD_RESPONSE';

/**
 * A yields provider (DefiLlama) call failed. Translated once at the client's boundary, keeping `cause`. Messages and
 * details never contain the request URL (it may carry an API key).
 *
 * @example
 * ```ts
 * throw new YieldProviderError('YIELD_PROVIDER_RATE_LIMITED', 'HTTP 429', { status: 429 });
 * ```
 */
export class YieldProviderError extends Error {
  override name = 'YieldProviderError';
  readonly code: YieldProviderErrorCode;
  readonly shortMessage: string;
  readonly status: number | null;
  readonly retryAfterMs: number | null;

  constructor(
    code: YieldProviderErrorCode,
    shortMessage: string,
    options: { status?: number; retryAfterMs?: number | null; cause?: unknown } = {},
  ) {
    super(`defillama: ${shortMessage}`, { cause: options.cause });
    this.code = code;
    this.shortMessage = shortMessage;
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }
}
