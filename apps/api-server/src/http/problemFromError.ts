import { ValidateError } from '@tsoa/runtime';
import { ApiProblem } from './ApiProblem.js';

/**
 * Library error codes → HTTP status. Library errors carry a stable `code`; anything not listed here is a bug or
 * an unexpected failure and becomes a generic 500 with no detail.
 */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  UNSUPPORTED_CHAIN: 422,
  CHAIN_NOT_CONFIGURED: 422,
  INVALID_ADDRESS: 422,
  INVALID_PRIVATE_KEY: 422,
  INVALID_PARAMETER: 422,
  RPC_TIMEOUT: 503,
  RPC_UNAVAILABLE: 503,
  RPC_ERROR: 502,
  RPC_CHAIN_MISMATCH: 502,
  LEDGER_FAILURE: 503,
  STORE_FAILURE: 503,
  SWAP_TOKEN_UNKNOWN: 422,
  SWAP_TOKEN_AMBIGUOUS: 422,
  SWAP_SAME_TOKEN: 422,
  INVALID_AMOUNT: 422,
  INVALID_SLIPPAGE: 422,
  INVALID_SWAP_PARAMETER: 422,
  SWAP_NOT_CONFIGURED: 422,
  NO_ROUTE: 422,
  CONFIRMATION_NOT_FOUND: 404,
  CONFIRMATION_NOT_PENDING: 409,
  CONFIRMATION_EXPIRED: 409,
  CONFIRMATION_VALUE_REQUIRED: 422,
  CONFIRMATION_NOT_CONFIGURED: 503,
  LOG_SCAN_FAILED: 502,
  APPROVALS_NOT_CONFIGURED: 422,
  PORTFOLIO_NOT_CONFIGURED: 422,
  INVALID_PORTFOLIO_PARAMETER: 422,
  YIELD_NOT_CONFIGURED: 422,
  INVALID_YIELD_PARAMETER: 422,
};

/** The code of a store's refusal of a malformed input (`StoreError` of `@org/chain-evm`, and the other stores). */
export const STORE_INPUT_INVALID = 'STORE_INPUT_INVALID';

/**
 * Turns anything thrown while serving a request into the problem the client sees.
 *
 * @example
 * ```ts
 * app.use((error, req, res, _next) => sendProblem(req, res, problemFromError(error)));
 * ```
 */
export function problemFromError(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  if (error instanceof ValidateError) {
    const fields: Record<string, string> = {};
    for (const [field, info] of Object.entries(error.fields)) fields[field] = info.message;
    return new ApiProblem(422, 'VALIDATION_FAILED', 'Request validation failed', undefined, { fields });
  }
  // Express's router could not percent-decode a path parameter (`/executions/%E0%A4%A`, a lone surrogate's bytes).
  if (error instanceof URIError && (error as { status?: unknown }).status === 400)
    return new ApiProblem(400, 'MALFORMED_URL', 'A path segment is not valid percent-encoded UTF-8');
  const e = error as {
    type?: unknown;
    status?: unknown;
    code?: unknown;
    shortMessage?: unknown;
    details?: unknown;
  } | null;
  if (e && typeof e === 'object') {
    // body-parser errors (express.json)
    if (e.type === 'entity.parse.failed')
      return new ApiProblem(400, 'MALFORMED_JSON', 'Request body is not valid JSON');
    if (e.type === 'entity.too.large')
      return new ApiProblem(413, 'PAYLOAD_TOO_LARGE', 'Request body is too large');
    if (e.type === 'charset.unsupported' || e.type === 'encoding.unsupported') {
      return new ApiProblem(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported body encoding');
    }
    if (e.type === 'request.aborted')
      return new ApiProblem(400, 'REQUEST_ABORTED', 'The client aborted the request');
    if (e.type === 'request.size.invalid') {
      return new ApiProblem(400, 'MALFORMED_BODY', 'Request body does not match its Content-Length');
    }
    // A corrupt gzip/deflate/br body: zlib's error, passed on by the body parser with status 400.
    if (e.status === 400 && typeof e.code === 'string' && /^(Z_|ERR__)/.test(e.code)) {
      return new ApiProblem(400, 'MALFORMED_BODY', 'Request body could not be decompressed');
    }
    // A store refusing an input the edge let through (a cursor that no list returned…): the client's input, never a
    // 500. The store's own words (`Invalid cursor.`, what it expected) say which; the log says it escaped the edge.
    if (e.code === STORE_INPUT_INVALID) {
      const title = typeof e.shortMessage === 'string' ? e.shortMessage : 'Invalid parameter';
      const detail = typeof e.details === 'string' ? e.details : undefined;
      return new ApiProblem(422, 'INVALID_PARAMETER', title, detail);
    }
    if (typeof e.code === 'string' && e.code in STATUS_BY_CODE) {
      const status = STATUS_BY_CODE[e.code] ?? 500;
      const title = typeof e.shortMessage === 'string' ? e.shortMessage : e.code;
      return new ApiProblem(status, e.code, title);
    }
  }
  return new ApiProblem(500, 'INTERNAL_ERROR', 'Internal server error');
}
