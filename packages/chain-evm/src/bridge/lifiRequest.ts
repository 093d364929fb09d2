// One GET to LI.FI with a time-out, its rate-limit headers honoured, and every failure translated once into a
// BridgeProviderError. Returns the parsed JSON of a 2xx answer; the caller checks its shape.
import { BridgeProviderError, type BridgeProviderErrorCode } from './BridgeProviderError.js';
import { parseRateLimitHeaders } from './parseRateLimitHeaders.js';
import type { LifiRateLimit, LifiToolError } from './types.js';

/** The subset of `fetch` the client needs (inject one to go through a proxy). */
export type LifiFetch = (
  input: string,
  init: { method: 'GET'; headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

/** The client's transport settings. */
export interface LifiTransport {
  readonly baseUrl: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
  readonly fetch: LifiFetch;
  readonly now: () => number;
}

/** What the client remembers between calls: the last rate-limit headers and when it may call again. */
export interface LifiRateLimitState {
  last: LifiRateLimit | null;
  /** Epoch ms before which no request is sent (a 429, or `remaining: 0` with a reset announced). */
  blockedUntil: number | null;
}

/** Without a reset header, how long a 429 holds the client back. */
const DEFAULT_BACKOFF_MS = 60_000;
/** LI.FI's longest window is 2 h: a reset further away is a misread header, not a reason to stop for years. */
const MAX_HOLD_MS = 2 * 60 * 60 * 1000;

/** `ratelimit-reset` is seconds until the reset; a value that can only be a Unix time is read as one. */
function resetMs(resetSeconds: number, now: number): number {
  const ms = resetSeconds > 1_000_000_000 ? resetSeconds * 1000 - now : resetSeconds * 1000;
  return Math.min(Math.max(0, ms), MAX_HOLD_MS);
}

export async function lifiRequest(
  transport: LifiTransport,
  state: LifiRateLimitState,
  path: string,
  query: Record<string, string | undefined>,
): Promise<unknown> {
  const now = transport.now();
  if (state.blockedUntil !== null && state.blockedUntil > now) {
    throw new BridgeProviderError(
      'BRIDGE_PROVIDER_RATE_LIMITED',
      'LI.FI rate limit: waiting for the window to reset',
      {
        retryAfterMs: state.blockedUntil - now,
        rateLimit: state.last ?? undefined,
        details: `not sent: ${path}`,
      },
    );
  }
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const url = `${transport.baseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (transport.apiKey !== undefined) headers['x-lifi-api-key'] = transport.apiKey;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), transport.timeoutMs);
  let status: number;
  let text: string;
  let responseHeaders: { get(name: string): string | null };
  try {
    const response = await transport.fetch(url, { method: 'GET', headers, signal: controller.signal });
    status = response.status;
    responseHeaders = response.headers;
    text = await response.text();
  } catch (error) {
    if (controller.signal.aborted) {
      throw new BridgeProviderError(
        'BRIDGE_PROVIDER_TIMEOUT',
        `LI.FI did not answer within ${transport.timeoutMs} ms`,
        {
          details: path,
          cause: error,
        },
      );
    }
    throw new BridgeProviderError('BRIDGE_PROVIDER_UNAVAILABLE', 'LI.FI could not be reached', {
      details: `${path}: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
  }

  const rateLimit = parseRateLimitHeaders(responseHeaders);
  const after = transport.now();
  if (rateLimit) {
    state.last = rateLimit;
    // The window is spent: hold back until it resets rather than spend a request on a certain 429.
    if (rateLimit.remaining === 0 && rateLimit.resetSeconds !== null && rateLimit.resetSeconds > 0) {
      state.blockedUntil = after + resetMs(rateLimit.resetSeconds, after);
    }
  }
  if (status >= 200 && status < 300) {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      throw new BridgeProviderError(
        'BRIDGE_PROVIDER_BAD_RESPONSE',
        'LI.FI answered with a body that is not JSON',
        {
          status,
          details: `${path}: ${text.slice(0, 120)}`,
          cause: error,
        },
      );
    }
  }

  const body = tryJson(text);
  const lifiCode = typeof body?.['code'] === 'number' ? body['code'] : undefined;
  const message = typeof body?.['message'] === 'string' ? body['message'].slice(0, 300) : text.slice(0, 120);
  const retryAfterMs = retryAfter(responseHeaders, rateLimit, after);
  const common = {
    status,
    lifiCode,
    rateLimit: rateLimit ?? undefined,
    details: `${path}: HTTP ${status}${lifiCode === undefined ? '' : ` code ${lifiCode}`}: ${message}`,
  };
  if (status === 429 || lifiCode === 1005) {
    const wait = retryAfterMs ?? DEFAULT_BACKOFF_MS;
    state.blockedUntil = after + wait;
    throw new BridgeProviderError('BRIDGE_PROVIDER_RATE_LIMITED', 'LI.FI rate limit reached', {
      ...common,
      retryAfterMs: wait,
    });
  }
  if (lifiCode === 1002 || (status === 404 && body?.['errors'] !== undefined)) {
    const { toolErrors, filteredOut } = noQuoteErrors(body?.['errors']);
    throw new BridgeProviderError('BRIDGE_NO_QUOTE', 'LI.FI found no route for this transfer', {
      ...common,
      toolErrors,
      filteredOut,
    });
  }
  throw new BridgeProviderError(classify(status, lifiCode), `LI.FI refused the request (HTTP ${status})`, {
    ...common,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

function classify(status: number, lifiCode: number | undefined): BridgeProviderErrorCode {
  if (lifiCode === 1010 || status === 401 || status === 403) return 'BRIDGE_PROVIDER_UNAUTHORIZED';
  if (lifiCode === 1009 || status === 408 || status === 504) return 'BRIDGE_PROVIDER_TIMEOUT';
  if (lifiCode === 1006 || lifiCode === 1008 || lifiCode === 1012 || status >= 500) {
    return 'BRIDGE_PROVIDER_UNAVAILABLE';
  }
  if (status === 404) return 'BRIDGE_PROVIDER_NOT_FOUND';
  return 'BRIDGE_PROVIDER_REJECTED';
}

function tryJson(text: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** `ratelimit-reset` (seconds), else `Retry-After` (seconds or an HTTP date). */
function retryAfter(
  headers: { get(name: string): string | null },
  rateLimit: LifiRateLimit | null,
  now: number,
): number | undefined {
  if (rateLimit?.resetSeconds !== null && rateLimit?.resetSeconds !== undefined) {
    return resetMs(rateLimit.resetSeconds, now);
  }
  const text = headers.get('retry-after')?.trim();
  if (!text) return undefined;
  if (/^\d{1,10}$/.test(text)) return Math.min(Number(text) * 1000, MAX_HOLD_MS);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.min(Math.max(0, date - now), MAX_HOLD_MS);
}

/** `errors.failed[].subpaths[path][]` flattened, and `errors.filteredOut[]`, each entry checked before it is kept. */
function noQuoteErrors(errors: unknown): {
  toolErrors: LifiToolError[];
  filteredOut: { overallPath: string; reason: string }[];
} {
  const toolErrors: LifiToolError[] = [];
  const filteredOut: { overallPath: string; reason: string }[] = [];
  if (typeof errors !== 'object' || errors === null) return { toolErrors, filteredOut };
  const { failed, filteredOut: filtered } = errors as { failed?: unknown; filteredOut?: unknown };
  for (const entry of Array.isArray(failed) ? failed : []) {
    const subpaths = (entry as { subpaths?: unknown } | null)?.subpaths;
    if (typeof subpaths !== 'object' || subpaths === null) continue;
    for (const list of Object.values(subpaths)) {
      for (const e of Array.isArray(list) ? list : []) {
        const error = e as Record<string, unknown> | null;
        if (typeof error?.['code'] !== 'string') continue;
        toolErrors.push({
          errorType: typeof error['errorType'] === 'string' ? error['errorType'] : 'NO_QUOTE',
          code: error['code'],
          tool: typeof error['tool'] === 'string' ? error['tool'] : 'unknown',
          message: typeof error['message'] === 'string' ? error['message'].slice(0, 300) : '',
        });
      }
    }
  }
  for (const entry of Array.isArray(filtered) ? filtered : []) {
    const e = entry as Record<string, unknown> | null;
    if (typeof e?.['overallPath'] === 'string' && typeof e['reason'] === 'string') {
      filteredOut.push({ overallPath: e['overallPath'], reason: e['reason'].slice(0, 300) });
    }
  }
  return { toolErrors, filteredOut };
}
