import { BaseError } from './BaseError.js';

/** Stable codes of {@link ProviderError}. */
export type ProviderErrorCode =
  /** The call did not answer within its time-out. */
  | 'PROVIDER_TIMEOUT'
  /** Connection refused/reset, DNS failure… */
  | 'PROVIDER_NETWORK_ERROR'
  /** HTTP 429 after all retries. */
  | 'PROVIDER_RATE_LIMITED'
  /** Any other non-2xx HTTP status after retries. */
  | 'PROVIDER_HTTP_ERROR'
  /** The body is not JSON or not in the provider's documented shape. */
  | 'PROVIDER_BAD_RESPONSE'
  /** The body carries a provider-level error code (e.g. GoPlus `code` ≠ 1) despite HTTP 200. */
  | 'PROVIDER_ERROR_CODE'
  /** The provider answered but knows nothing about this token. */
  | 'PROVIDER_NO_DATA'
  /** The provider does not cover this chain. */
  | 'PROVIDER_UNSUPPORTED_CHAIN';

/** Parameters of {@link ProviderError}. */
export type ProviderErrorParameters = {
  code: ProviderErrorCode;
  provider: string;
  shortMessage: string;
  details?: string;
  status?: number;
  cause?: unknown;
};

/**
 * A data source failed. The report service never lets it escape: it lands in `sources[].error`,
 * `tax.error` and `warnings`, and the report is not safe.
 *
 * @example
 * ```ts
 * throw new ProviderError({ code: 'PROVIDER_TIMEOUT', provider: 'goplus', shortMessage: 'timed out after 5000 ms' });
 * ```
 */
export class ProviderError extends BaseError {
  override name = 'ProviderError';
  declare readonly code: ProviderErrorCode;
  readonly provider: string;
  readonly status: number | undefined;

  constructor(parameters: ProviderErrorParameters) {
    super({
      code: parameters.code,
      shortMessage: `${parameters.provider}: ${parameters.shortMessage}`,
      ...(parameters.details === undefined ? {} : { details: parameters.details }),
      ...(parameters.cause === undefined ? {} : { cause: parameters.cause }),
    });
    this.provider = parameters.provider;
    this.status = parameters.status;
  }
}
