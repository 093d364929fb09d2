import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link RpcError}. */
export type RpcErrorCode = 'RPC_TIMEOUT' | 'RPC_UNAVAILABLE' | 'RPC_ERROR';

/**
 * A JSON-RPC call that timed out (`RPC_TIMEOUT`), could not reach the node (`RPC_UNAVAILABLE`) or was answered
 * with an error or a malformed result (`RPC_ERROR`). The RPC URL is never part of the message: it may carry
 * credentials.
 *
 * @example
 * ```ts
 * throw new RpcError('RPC_TIMEOUT', { chainId: 1, method: 'eth_getBalance', details: 'after 8000 ms' });
 * ```
 */
export class RpcError extends BaseError<RpcErrorCode> {
  override name = 'RpcError';
  readonly chainId: number;
  readonly method: string;
  constructor(
    code: RpcErrorCode,
    { chainId, method, ...rest }: { chainId: number; method: string } & BaseErrorParameters,
  ) {
    const what = {
      RPC_TIMEOUT: 'timed out',
      RPC_UNAVAILABLE: 'could not reach the node',
      RPC_ERROR: 'failed',
    }[code];
    super(code, `RPC ${method} on chain ${chainId} ${what}`, rest);
    this.chainId = chainId;
    this.method = method;
  }
}
