import { BaseError, type BaseErrorParameters } from './BaseError.js';

/** Codes of {@link RpcError}. */
export type RpcErrorCode = 'RPC_TIMEOUT' | 'RPC_UNAVAILABLE' | 'RPC_ERROR' | 'RPC_CHAIN_MISMATCH';

/**
 * A JSON-RPC call that timed out (`RPC_TIMEOUT`), could not reach the node (`RPC_UNAVAILABLE`) or was answered
 * with an error or a malformed result (`RPC_ERROR`), or a node that serves another chain than the one it was
 * configured for (`RPC_CHAIN_MISMATCH`). The RPC URL is never part of the message: it may carry
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
      RPC_CHAIN_MISMATCH: 'reached a node that serves another chain',
    }[code];
    super(code, `RPC ${method} on chain ${chainId} ${what}`, rest);
    this.chainId = chainId;
    this.method = method;
  }
}
