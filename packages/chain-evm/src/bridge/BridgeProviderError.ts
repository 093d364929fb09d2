import { BaseError, type BaseErrorParameters } from '../errors/BaseError.js';
import type { LifiRateLimit, LifiToolError } from './types.js';

/** Codes of {@link BridgeProviderError}; stable, part of the public API. */
export type BridgeProviderErrorCode =
  /** A parameter of ours was refused before any request was sent (chain id, address, amount, slippage…). */
  | 'BRIDGE_INVALID_PARAMETER'
  /** No answer within the time-out (or LI.FI said 1009 TimeoutError). */
  | 'BRIDGE_PROVIDER_TIMEOUT'
  /** Network failure, 5xx, or LI.FI's 1006 ServerError / 1008 ThirdPartyError / 1012 RpcFailure. */
  | 'BRIDGE_PROVIDER_UNAVAILABLE'
  /** 429 (code 1005), or the client holding back until the window LI.FI announced resets: see `retryAfterMs`. */
  | 'BRIDGE_PROVIDER_RATE_LIMITED'
  /** 401/403 or code 1010: the API key is wrong. */
  | 'BRIDGE_PROVIDER_UNAUTHORIZED'
  /** LI.FI refused the request (400: 1011 ValidationError, 1000, 1001, 1004, 1007, 1013…); see `lifiCode`. */
  | 'BRIDGE_PROVIDER_REJECTED'
  /** 404 / 1002 NoQuoteError: no route; `toolErrors` and `filteredOut` say why, tool by tool. */
  | 'BRIDGE_NO_QUOTE'
  /** 404 for anything but a quote (1003 NotFoundError). */
  | 'BRIDGE_PROVIDER_NOT_FOUND'
  /** The answer is not JSON or not in LI.FI's documented shape: never trusted. */
  | 'BRIDGE_PROVIDER_BAD_RESPONSE';

/** Parameters of {@link BridgeProviderError}. */
export interface BridgeProviderErrorParameters extends BaseErrorParameters {
  /** HTTP status, when an answer came. */
  readonly status?: number | undefined;
  /** LI.FI's numeric error code from the body (1000–1013), when it sent one. */
  readonly lifiCode?: number | undefined;
  /** Milliseconds after which a new request may succeed (rate limits, `Retry-After`). */
  readonly retryAfterMs?: number | undefined;
  /** The rate-limit headers of the answer. */
  readonly rateLimit?: LifiRateLimit | undefined;
  /** For `BRIDGE_NO_QUOTE`: every tool error of `errors.failed`. */
  readonly toolErrors?: readonly LifiToolError[] | undefined;
  /** For `BRIDGE_NO_QUOTE`: the routes LI.FI filtered out (`errors.filteredOut`), with their reasons. */
  readonly filteredOut?: readonly { readonly overallPath: string; readonly reason: string }[] | undefined;
}

/** LI.FI's numeric API error codes and their names (lifinance/types `src/errors.ts`). */
export const LIFI_ERROR_CODES: Readonly<Record<number, string>> = Object.freeze({
  1000: 'DefaultError',
  1001: 'FailedToBuildTransactionError',
  1002: 'NoQuoteError',
  1003: 'NotFoundError',
  1004: 'NotProcessableError',
  1005: 'RateLimitError',
  1006: 'ServerError',
  1007: 'SlippageError',
  1008: 'ThirdPartyError',
  1009: 'TimeoutError',
  1010: 'UnauthorizedError',
  1011: 'ValidationError',
  1012: 'RpcFailure',
  1013: 'MalformedSchema',
});

/**
 * A bridge provider (LI.FI) call that failed or was refused, translated once at the HTTP boundary. Discriminate on
 * `code`; `lifiCode` keeps LI.FI's own numeric code, `retryAfterMs` says when to try again. The API key is never in
 * the message.
 *
 * @example
 * ```ts
 * try { await lifi.getQuote(request); } catch (e) {
 *   if ((e as BridgeProviderError).code === 'BRIDGE_PROVIDER_RATE_LIMITED') retryIn((e as BridgeProviderError).retryAfterMs);
 * }
 * ```
 */
export class BridgeProviderError extends BaseError<BridgeProviderErrorCode> {
  override name = 'BridgeProviderError';
  readonly status: number | undefined;
  readonly lifiCode: number | undefined;
  /** LI.FI's name of `lifiCode` (`ValidationError`…), when known. */
  readonly lifiCodeName: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly rateLimit: LifiRateLimit | undefined;
  readonly toolErrors: readonly LifiToolError[];
  readonly filteredOut: readonly { readonly overallPath: string; readonly reason: string }[];

  constructor(
    code: BridgeProviderErrorCode,
    shortMessage: string,
    parameters: BridgeProviderErrorParameters = {},
  ) {
    const { status, lifiCode, retryAfterMs, rateLimit, toolErrors, filteredOut, ...rest } = parameters;
    super(code, shortMessage, rest);
    this.status = status;
    this.lifiCode = lifiCode;
    this.lifiCodeName = lifiCode === undefined ? undefined : LIFI_ERROR_CODES[lifiCode];
    this.retryAfterMs = retryAfterMs;
    this.rateLimit = rateLimit;
    this.toolErrors = toolErrors ?? [];
    this.filteredOut = filteredOut ?? [];
  }
}
