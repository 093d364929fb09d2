import { BaseError } from './BaseError.js';

/** Machine-readable reason of an {@link RpcError}. */
export type RpcErrorReason = 'timeout' | 'http' | 'transport' | 'malformed' | 'rpc';

/**
 * A JSON-RPC request to the devnet failed: time-out, transport failure, HTTP status, malformed body,
 * or a JSON-RPC error object (then `rpcCode` is set).
 *
 * @example
 * ```ts
 * import { createRpcClient } from '@org/devnet';
 * const rpc = createRpcClient({ url: 'http://127.0.0.1:8545', timeoutMs: 1_000 });
 * await rpc.request('eth_chainId', []).catch((e) => console.error(e.code, e.reason)); // 'DEVNET_RPC_ERROR'
 * ```
 */
export class RpcError extends BaseError<'DEVNET_RPC_ERROR'> {
  override name = 'RpcError';
  /** JSON-RPC method that failed. */
  readonly method: string;
  /** Why it failed. */
  readonly reason: RpcErrorReason;
  /** JSON-RPC error code when `reason === 'rpc'`. */
  readonly rpcCode: number | undefined;

  constructor(parameters: {
    method: string;
    reason: RpcErrorReason;
    message: string;
    rpcCode?: number | undefined;
    details?: string | undefined;
    cause?: unknown;
  }) {
    super(
      'DEVNET_RPC_ERROR',
      `RPC ${parameters.method} failed (${parameters.reason}): ${parameters.message}`,
      {
        details: parameters.details,
        cause: parameters.cause,
      },
    );
    this.method = parameters.method;
    this.reason = parameters.reason;
    this.rpcCode = parameters.rpcCode;
  }
}
