import { YieldProviderError } from './YieldProviderError.js';

/** Parameters of {@link fetchBoundedJson}. */
export interface FetchBoundedJsonParameters {
  readonly url: string;
  /** Deadline for the whole exchange: headers AND body (a slow body times out too). */
  readonly timeoutMs: number;
  /** Largest body accepted, bytes; more → `YIELD_PROVIDER_BAD_RESPONSE` (the read stops there). */
  readonly maxBytes: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * GET a JSON document with one deadline over the whole response and a bound on its size, read as a stream so a huge
 * body is cut off at `maxBytes` instead of filling memory. Every failure is a {@link YieldProviderError}: time-out,
 * 429 (with `Retry-After`), other HTTP errors, unreachable, too large, not JSON. No retries here: the pool cache
 * decides when to ask again.
 *
 * @example
 * ```ts
 * const body = await fetchBoundedJson({ url: 'https://yields.llama.fi/pools', timeoutMs: 30_000, maxBytes: 64 << 20 });
 * ```
 */
export async function fetchBoundedJson({
  url,
  timeoutMs,
  maxBytes,
  headers = {},
}: FetchBoundedJsonParameters): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'GET',
        headers: { accept: 'application/json', ...headers },
        signal: controller.signal,
        redirect: 'error',
      });
    } catch (cause) {
      if (controller.signal.aborted) {
        throw new YieldProviderError('YIELD_PROVIDER_TIMEOUT', `no answer within ${timeoutMs} ms`, { cause });
      }
      throw new YieldProviderError('YIELD_PROVIDER_UNREACHABLE', 'the provider could not be reached', {
        cause,
      });
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      if (response.status === 429) {
        const seconds = Number(response.headers.get('retry-after'));
        throw new YieldProviderError('YIELD_PROVIDER_RATE_LIMITED', 'HTTP 429 (rate limited)', {
          status: 429,
          retryAfterMs: Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null,
        });
      }
      throw new YieldProviderError('YIELD_PROVIDER_HTTP_ERROR', `HTTP ${response.status}`, {
        status: response.status,
      });
    }
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw new YieldProviderError(
        'YIELD_PROVIDER_BAD_RESPONSE',
        `body of ${declared} bytes, over ${maxBytes}`,
      );
    }
    const text = await readText(response, maxBytes, controller.signal, timeoutMs);
    try {
      return JSON.parse(text);
    } catch (cause) {
      throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', 'the body is not valid JSON', { cause });
    }
  } finally {
    clearTimeout(timer);
  }
}

async function readText(response: Response, maxBytes: number, signal: AbortSignal, timeoutMs: number) {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder('utf-8');
  const parts: string[] = [];
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw new YieldProviderError('YIELD_PROVIDER_BAD_RESPONSE', `body over ${maxBytes} bytes`);
      }
      parts.push(decoder.decode(value, { stream: true }));
    }
  } catch (cause) {
    if (cause instanceof YieldProviderError) throw cause;
    if (signal.aborted) {
      throw new YieldProviderError(
        'YIELD_PROVIDER_TIMEOUT',
        `the body did not arrive within ${timeoutMs} ms`,
        {
          cause,
        },
      );
    }
    throw new YieldProviderError('YIELD_PROVIDER_UNREACHABLE', 'the connection failed mid-body', { cause });
  }
  parts.push(decoder.decode());
  return parts.join('');
}
