import { InvalidParameterError } from './errors/InvalidParameterError.js';
import { RpcError } from './errors/RpcError.js';

/** Parameters of {@link createRpcClient}. */
export interface CreateRpcClientParameters {
  /** JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  url: string;
  /** Per-request time-out in milliseconds (default 30 000). */
  timeoutMs?: number | undefined;
}

/** A minimal JSON-RPC client with a time-out and typed errors on every call. */
export interface RpcClient {
  /** Endpoint this client talks to. */
  readonly url: string;
  /** Sends one JSON-RPC request and returns its `result`; throws {@link RpcError}. */
  request<T = unknown>(
    method: string,
    params?: readonly unknown[],
    options?: { timeoutMs?: number },
  ): Promise<T>;
}

/** Return type of {@link createRpcClient}. */
export type CreateRpcClientReturnType = RpcClient;

/**
 * Creates a tiny fetch-based JSON-RPC client (no batching, no caching — both slow a local node down).
 *
 * @example
 * ```ts
 * import { createRpcClient } from '@org/devnet';
 * const rpc = createRpcClient({ url: devnet.rpcUrl });
 * const chainId = await rpc.request<string>('eth_chainId');
 * ```
 */
export function createRpcClient(parameters: CreateRpcClientParameters): CreateRpcClientReturnType {
  const { url } = parameters;
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
    throw new InvalidParameterError('url', 'must be an http(s) URL');
  }
  const defaultTimeout = parameters.timeoutMs ?? 30_000;
  if (!Number.isFinite(defaultTimeout) || defaultTimeout <= 0) {
    throw new InvalidParameterError('timeoutMs', 'must be a positive number');
  }
  let nextId = 1;

  async function request<T>(
    method: string,
    params: readonly unknown[] = [],
    options: { timeoutMs?: number } = {},
  ): Promise<T> {
    const timeoutMs = options.timeoutMs ?? defaultTimeout;
    const id = nextId++;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = isTimeout(error);
      throw new RpcError({
        method,
        reason: timedOut ? 'timeout' : 'transport',
        message: timedOut ? `no answer within ${timeoutMs} ms` : 'request failed',
        cause: error,
      });
    }
    let text: string;
    try {
      // The same signal bounds the body: a node that sends headers and then stalls is a time-out too.
      text = await response.text();
    } catch (error) {
      const timedOut = isTimeout(error);
      throw new RpcError({
        method,
        reason: timedOut ? 'timeout' : 'transport',
        message: timedOut ? `body not received within ${timeoutMs} ms` : 'reading the body failed',
        cause: error,
      });
    }
    if (!response.ok) {
      throw new RpcError({
        method,
        reason: 'http',
        message: `HTTP ${response.status}`,
        details: text.slice(0, 500),
      });
    }
    let body: { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    try {
      body = JSON.parse(text) as typeof body;
    } catch (error) {
      throw new RpcError({ method, reason: 'malformed', message: 'body is not JSON', cause: error });
    }
    if (body.error) {
      throw new RpcError({
        method,
        reason: 'rpc',
        message: typeof body.error.message === 'string' ? body.error.message : 'JSON-RPC error',
        rpcCode: typeof body.error.code === 'number' ? body.error.code : undefined,
        details: body.error.data === undefined ? undefined : JSON.stringify(body.error.data).slice(0, 1000),
      });
    }
    if (!('result' in body)) {
      throw new RpcError({ method, reason: 'malformed', message: 'response has neither result nor error' });
    }
    return body.result as T;
  }

  return { url, request };
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
