// How the fixture answers: a status, headers and a body, or a dropped connection. LI.FI's error shapes live here.
import type { LifiFixtureFailure } from './types.js';

/** One answer of the fixture server. */
export interface FixtureAnswer {
  status: number;
  headers: Record<string, string>;
  /** A JSON value (serialised), or a raw string body when `raw` is set. */
  body: unknown;
  raw?: boolean;
  hangUp?: boolean;
  delayMs?: number;
}

/** LI.FI's numeric API error codes (lifinance/types src/errors.ts). */
export const LIFI_CODES = {
  default: 1000,
  failedToBuildTransaction: 1001,
  noQuote: 1002,
  notFound: 1003,
  notProcessable: 1004,
  rateLimit: 1005,
  server: 1006,
  slippage: 1007,
  thirdParty: 1008,
  timeout: 1009,
  unauthorized: 1010,
  validation: 1011,
  rpcFailure: 1012,
  malformedSchema: 1013,
} as const;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): FixtureAnswer {
  return { status, headers, body };
}

/** 400 ValidationError, LI.FI's shape. */
export function badRequest(message: string, code: number = LIFI_CODES.validation): FixtureAnswer {
  return json(400, { message, code });
}

/** 404 "no quote" with `errors.filteredOut` and `errors.failed`, LI.FI's `QuoteNotFound` shape. */
export function noQuote(parameters: {
  toolErrorCode: string;
  message?: string | undefined;
  fromChainId: number;
  toChainId: number;
}): FixtureAnswer {
  const path = `${parameters.fromChainId}:devnetbridge-${parameters.toChainId}`;
  return json(404, {
    message: parameters.message ?? 'Unable to find a quote for the requested transfer.',
    code: LIFI_CODES.noQuote,
    errors: {
      filteredOut: [],
      failed: [
        {
          overallPath: path,
          subpaths: {
            [path]: [
              {
                errorType: 'NO_QUOTE',
                code: parameters.toolErrorCode,
                action: { fromChainId: parameters.fromChainId, toChainId: parameters.toChainId },
                tool: 'devnetbridge',
                message: toolMessage(parameters.toolErrorCode),
              },
            ],
          },
        },
      ],
    },
  });
}

function toolMessage(code: string): string {
  switch (code) {
    case 'AMOUNT_TOO_LOW':
      return 'The amount is too low to be bridged.';
    case 'INSUFFICIENT_LIQUIDITY':
      return 'The bridge does not have enough liquidity for this transfer.';
    case 'NO_POSSIBLE_ROUTE':
      return 'No route between these chains and tokens.';
    default:
      return `The tool could not quote this transfer (${code}).`;
  }
}

/** Headers LI.FI sends with every answer once rate limits apply. */
export function rateLimitHeaders(
  limit: number,
  remaining: number,
  resetSeconds: number,
): Record<string, string> {
  return {
    'ratelimit-limit': String(limit),
    'ratelimit-remaining': String(Math.max(0, remaining)),
    'ratelimit-reset': String(Math.max(0, Math.ceil(resetSeconds))),
  };
}

/** The answer of a scripted failure; `slow` answers `normal` late. */
export function failureAnswer(
  failure: LifiFixtureFailure,
  context: { fromChainId: number; toChainId: number; normal: () => FixtureAnswer },
): FixtureAnswer {
  switch (failure.kind) {
    case 'bad-request':
      return badRequest(
        failure.message ?? 'Invalid request parameters.',
        failure.code ?? LIFI_CODES.validation,
      );
    case 'no-quote':
      return noQuote({
        toolErrorCode: failure.toolErrorCode ?? 'INSUFFICIENT_LIQUIDITY',
        message: failure.message,
        fromChainId: context.fromChainId,
        toChainId: context.toChainId,
      });
    case 'rate-limit': {
      const limit = failure.limit ?? 75;
      return json(
        429,
        { message: 'Too many requests, please try again later.', code: LIFI_CODES.rateLimit },
        failure.retryAfterSeconds === undefined
          ? rateLimitHeaders(limit, 0, failure.resetSeconds ?? 60)
          : { 'retry-after': String(failure.retryAfterSeconds) },
      );
    }
    case 'server-error':
      if ((failure.status ?? 500) === 500) {
        return json(500, { message: 'Internal server error.', code: LIFI_CODES.server });
      }
      return {
        status: failure.status ?? 502,
        headers: { 'content-type': 'text/html' },
        body: `<html><body><h1>${failure.status} ${failure.status === 503 ? 'Service Unavailable' : 'Bad Gateway'}</h1></body></html>`,
        raw: true,
      };
    case 'unauthorized':
      return json(401, { message: 'Invalid API key.', code: LIFI_CODES.unauthorized });
    case 'slow':
      return { ...context.normal(), delayMs: failure.delayMs };
    case 'malformed-json':
      return { status: 200, headers: {}, body: '{"id": "truncated', raw: true };
    case 'malformed-shape':
      return json(200, failure.body ?? { unexpected: true });
    case 'hang-up':
      return { status: 0, headers: {}, body: null, hangUp: true };
  }
}
