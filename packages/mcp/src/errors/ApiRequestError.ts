import { BaseError } from './BaseError.js';

/** Codes of {@link ApiRequestError} raised by this package itself (the API server's own codes pass through). */
export type ApiRequestErrorLocalCode =
  /** The API server did not answer within the time-out. */
  | 'API_TIMEOUT'
  /** The API server could not be reached (connection refused, DNS, reset). */
  | 'API_UNREACHABLE'
  /** The API server answered something that is not JSON or not a problem document. */
  | 'API_BAD_RESPONSE';

/** Parameters of {@link ApiRequestError}. */
export interface ApiRequestErrorParameters {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The problem's `code` (`PER_TX_LIMIT_EXCEEDED`, `TOKEN_UNSAFE`…) or a local one. */
  readonly code: string;
  /** The problem's `title`. */
  readonly title: string;
  /** The problem's `detail`, when it has one. */
  readonly detail?: string | undefined;
  /** The whole problem document (extra members such as `executionId`, `fields`). */
  readonly problem?: Readonly<Record<string, unknown>> | undefined;
  readonly cause?: unknown;
}

/**
 * A request to the wallet-operations API server that did not succeed: the server's problem document
 * (`application/problem+json`) with its stable `code`, or a local code when no usable answer arrived. For a
 * fund-moving request, `API_TIMEOUT` and `API_UNREACHABLE` mean the outcome is unknown: retry with the same
 * idempotency key, which never executes twice.
 *
 * @example
 * ```ts
 * const error = new ApiRequestError({ status: 403, code: 'TOKEN_UNSAFE', title: 'The execution was blocked' });
 * error.code; // 'TOKEN_UNSAFE'
 * ```
 */
export class ApiRequestError extends BaseError<string> {
  override name = 'ApiRequestError';
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The problem's `detail`. */
  readonly detail: string | undefined;
  /** The whole problem document. */
  readonly problem: Readonly<Record<string, unknown>>;

  constructor(parameters: ApiRequestErrorParameters) {
    super(parameters.code, parameters.title, {
      ...(parameters.detail === undefined ? {} : { details: parameters.detail }),
      cause: parameters.cause,
    });
    this.status = parameters.status;
    this.detail = parameters.detail;
    this.problem = parameters.problem ?? {};
  }
}
