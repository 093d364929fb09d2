import { ProviderError } from '../errors/ProviderError.js';

/** The subset of `fetch` the provider clients need (injectable for tests and proxies). */
export type FetchLike = (
  input: string,
  init: { method: string; headers: Record<string, string>; signal: AbortSignal },
) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}>;

export type RequestJsonParameters = {
  provider: string;
  url: string;
  headers?: Record<string, string>;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  fetch: FetchLike;
  signal?: AbortSignal;
  /** Extra body-level check: return true to retry the request (e.g. GoPlus rate-limit code in a 200). */
  shouldRetryBody?: (body: unknown) => boolean;
  sleep?: (ms: number) => Promise<void>;
};

const MAX_BACKOFF_MS = 5_000;

function defaultSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || status >= 500;
}

/**
 * GET a JSON document with a per-attempt time-out and retry with exponential backoff on 429, 5xx and network
 * errors (honouring a numeric `Retry-After`, capped at 5 s). Time-outs are not retried: they already cost a
 * full time-out on the trade path. Nor is a `Retry-After` longer than the per-attempt time-out: waiting it out would
 * cost more than a time-out, so the call fails at once with `PROVIDER_RATE_LIMITED`. Every failure is translated once
 * into a `ProviderError`.
 */
export async function requestJson(parameters: RequestJsonParameters): Promise<unknown> {
  const { provider, url, timeoutMs, retries, retryDelayMs, fetch } = parameters;
  let lastError: ProviderError | undefined;
  for (let attempt = 0; attempt <= retries; attempt++) {
    if (parameters.signal?.aborted) break;
    let retryAfterMs: number | undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onOuterAbort = () => controller.abort();
    parameters.signal?.addEventListener('abort', onOuterAbort);
    try {
      const response = await fetch(url, {
        method: 'GET',
        headers: { accept: 'application/json', ...(parameters.headers ?? {}) },
        signal: controller.signal,
      });
      const text = await response.text();
      if (!response.ok) {
        const code = response.status === 429 ? 'PROVIDER_RATE_LIMITED' : 'PROVIDER_HTTP_ERROR';
        lastError = new ProviderError({
          code,
          provider,
          status: response.status,
          shortMessage: `HTTP ${response.status}`,
          details: text.slice(0, 200),
        });
        if (!isRetryableStatus(response.status)) throw lastError;
        const retryAfter = Number(response.headers.get('retry-after'));
        if (Number.isFinite(retryAfter) && retryAfter >= 0) retryAfterMs = retryAfter * 1000;
      } else {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch (cause) {
          throw new ProviderError({
            code: 'PROVIDER_BAD_RESPONSE',
            provider,
            status: response.status,
            shortMessage: 'response is not valid JSON',
            details: text.slice(0, 200),
            cause,
          });
        }
        if (parameters.shouldRetryBody?.(body) && attempt < retries) {
          lastError = new ProviderError({
            code: 'PROVIDER_RATE_LIMITED',
            provider,
            shortMessage: 'rate limited',
          });
        } else {
          return body;
        }
      }
    } catch (error) {
      if (error instanceof ProviderError) {
        if (error !== lastError) throw error;
      } else if (controller.signal.aborted) {
        throw new ProviderError({
          code: 'PROVIDER_TIMEOUT',
          provider,
          shortMessage: parameters.signal?.aborted
            ? 'aborted by the report deadline'
            : `timed out after ${timeoutMs} ms`,
          cause: error,
        });
      } else {
        lastError = new ProviderError({
          code: 'PROVIDER_NETWORK_ERROR',
          provider,
          shortMessage: 'network error',
          details: error instanceof Error ? error.message : String(error),
          cause: error,
        });
      }
    } finally {
      clearTimeout(timer);
      parameters.signal?.removeEventListener('abort', onOuterAbort);
    }
    // The provider asks for a longer wait than one attempt may take: give up now rather than hold the caller.
    if (retryAfterMs !== undefined && retryAfterMs > timeoutMs) break;
    if (attempt < retries) {
      const backoff = Math.min(retryAfterMs ?? retryDelayMs * 2 ** attempt, MAX_BACKOFF_MS);
      await (parameters.sleep ?? ((ms) => defaultSleep(ms, parameters.signal)))(backoff);
    }
  }
  throw (
    lastError ??
    new ProviderError({ code: 'PROVIDER_TIMEOUT', provider, shortMessage: 'aborted by the report deadline' })
  );
}
