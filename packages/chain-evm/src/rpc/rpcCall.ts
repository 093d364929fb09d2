import { RpcError, type RpcErrorCode } from '../errors/RpcError.js';

/** Parameters of {@link rpcCall}. */
export interface RpcCallParameters<T> {
  chainId: number;
  /** JSON-RPC method name, for the error message. */
  method: string;
  /** The call to run. */
  run: () => Promise<T>;
  /** Hard deadline in ms (default 10,000), on top of the transport's own time-out. */
  timeoutMs?: number;
}

/**
 * Runs one RPC call under a hard deadline and translates any failure into a typed {@link RpcError}
 * (`RPC_TIMEOUT`, `RPC_UNAVAILABLE`, `RPC_ERROR`) that keeps the original as `cause`. This is the one boundary
 * where ethers' errors become ours.
 *
 * @example
 * ```ts
 * const wei = await rpcCall({ chainId: 1, method: 'eth_getBalance', run: () => provider.getBalance(addr) });
 * ```
 */
export async function rpcCall<T>({
  chainId,
  method,
  run,
  timeoutMs = 10_000,
}: RpcCallParameters<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new RpcError('RPC_TIMEOUT', { chainId, method, details: `no answer within ${timeoutMs} ms` })),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([run(), deadline]);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    // The foreign error is NOT kept as is: ethers puts the request URL (which may carry an API key in its path or
    // user-info) into its message and `info.requestUrl`, and loggers serialise `cause` chains. Keep a redacted copy.
    throw new RpcError(classify(error), { chainId, method, cause: redactedCause(error) });
  } finally {
    clearTimeout(timer);
  }
}

function classify(error: unknown): RpcErrorCode {
  const text = describe(error);
  if (/TIMEOUT|timeout|timed out/.test(text)) return 'RPC_TIMEOUT';
  if (
    /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|socket hang up|fetch failed/i.test(
      text,
    )
  ) {
    return 'RPC_UNAVAILABLE';
  }
  // ethers wraps transport failures as SERVER_ERROR / NETWORK_ERROR with the cause nested.
  if (/SERVER_ERROR|NETWORK_ERROR/.test(text)) return 'RPC_UNAVAILABLE';
  return 'RPC_ERROR';
}

/** Any absolute URL (scheme://…) in a message: RPC URLs may carry credentials. */
const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>\\]+/gi;

/** A plain `Error` with the foreign error's code and its message chain, every URL replaced by `[redacted-url]`. */
function redactedCause(error: unknown): Error {
  const redacted = new Error(
    describe(error).replace(URL_PATTERN, '[redacted-url]').replace(/\s+/g, ' ').trim().slice(0, 500),
  );
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' || typeof code === 'number') Object.assign(redacted, { code });
  return redacted;
}

function describe(error: unknown, depth = 0): string {
  if (error === undefined || error === null) return '';
  if (depth > 4 || typeof error !== 'object') return String(error);
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; error?: unknown };
  return [
    String(e.code ?? ''),
    String(e.message ?? ''),
    describe(e.cause, depth + 1),
    describe(e.error, depth + 1),
  ].join(' ');
}
