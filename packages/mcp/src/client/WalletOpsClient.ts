import { ApiRequestError } from '../errors/ApiRequestError.js';

/** Parameters of {@link WalletOpsClient}. */
export interface WalletOpsClientParameters {
  /** Base URL of the API server, e.g. `http://127.0.0.1:8000` (`WALLET_OPS_URL`). */
  readonly url: string;
  /** The trading key (`WALLET_OPS_API_KEY`), sent as `X-API-Key` — always a header, never in a URL. */
  readonly apiKey: string;
  /** Time-out of one request in milliseconds (default 120 000: an execute waits for its receipt). */
  readonly timeoutMs?: number;
  /** The `fetch` to use (default the global one). */
  readonly fetch?: typeof fetch;
}

/** One request to the API server. */
export interface WalletOpsRequest {
  readonly method?: 'GET' | 'POST' | 'DELETE';
  /** Path below the base URL, starting with `/`. */
  readonly path: string;
  /** Query parameters; `undefined` values are left out. */
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>>;
  /** JSON body of a POST. */
  readonly body?: unknown;
  /** Sent as `Idempotency-Key`. */
  readonly idempotencyKey?: string;
  /** Overrides the client's time-out. */
  readonly timeoutMs?: number;
  /** Aborts the request (a cancelled tool call). */
  readonly signal?: AbortSignal;
}

/** A successful answer (2xx) with its JSON body. */
export interface WalletOpsResponse {
  readonly status: number;
  readonly body: unknown;
}

/**
 * A small HTTP client of the wallet-operations API server: JSON in and out, the trading key in a header, a time-out
 * on every request, and every failure translated once into an {@link ApiRequestError} carrying the server's stable
 * `code` (or `API_TIMEOUT` / `API_UNREACHABLE` / `API_BAD_RESPONSE`).
 *
 * @example
 * ```ts
 * const client = new WalletOpsClient({ url: 'http://127.0.0.1:8000', apiKey: process.env.WALLET_OPS_API_KEY ?? '' });
 * const { body } = await client.request({ path: '/governor/status' });
 * ```
 */
export class WalletOpsClient {
  readonly url: string;
  readonly #apiKey: string;
  readonly #timeoutMs: number;
  readonly #fetch: typeof fetch;

  constructor(parameters: WalletOpsClientParameters) {
    this.url = parameters.url.replace(/\/+$/, '');
    this.#apiKey = parameters.apiKey;
    this.#timeoutMs = parameters.timeoutMs ?? 120_000;
    this.#fetch = parameters.fetch ?? fetch;
  }

  /** The URL of `path` with `query`, below the base URL. */
  urlOf(path: string, query: WalletOpsRequest['query'] = {}): string {
    const url = new URL(`${this.url}${path}`);
    for (const [name, value] of Object.entries(query)) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    return url.toString();
  }

  /** The headers every request carries (the trading key). */
  headers(): Record<string, string> {
    return { 'X-API-Key': this.#apiKey, accept: 'application/json' };
  }

  /** Sends one request; resolves with a 2xx answer, rejects with an {@link ApiRequestError} otherwise. */
  async request(request: WalletOpsRequest): Promise<WalletOpsResponse> {
    const headers: Record<string, string> = this.headers();
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey !== undefined) headers['Idempotency-Key'] = request.idempotencyKey;
    const timeoutMs = request.timeoutMs ?? this.#timeoutMs;
    let response: Response;
    try {
      response = await this.#fetch(this.urlOf(request.path, request.query), {
        method: request.method ?? 'GET',
        headers,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: request.signal
          ? AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut =
        error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new ApiRequestError({
        status: 0,
        code: timedOut ? 'API_TIMEOUT' : 'API_UNREACHABLE',
        title: timedOut
          ? `The API server did not answer within ${timeoutMs} ms`
          : 'The API server could not be reached',
        cause: error,
      });
    }
    const text = await response.text();
    let body: unknown = null;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch (error) {
        throw new ApiRequestError({
          status: response.status,
          code: 'API_BAD_RESPONSE',
          title: `The API server answered ${response.status} with a body that is not JSON`,
          cause: error,
        });
      }
    }
    if (response.ok) return { status: response.status, body };
    const problem = isRecord(body) ? body : {};
    throw new ApiRequestError({
      status: response.status,
      code: typeof problem.code === 'string' ? problem.code : 'API_BAD_RESPONSE',
      title: typeof problem.title === 'string' ? problem.title : `The API server answered ${response.status}`,
      detail: typeof problem.detail === 'string' ? problem.detail : undefined,
      problem,
    });
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
