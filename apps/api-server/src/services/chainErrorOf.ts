import type { ChainErrorDto } from '../dto/gas.js';
import { problemFromError } from '../http/problemFromError.js';

/**
 * The problem one chain of a multi-chain answer failed with (status, stable code, title): exactly what a
 * single-chain request would have answered. Never a stack trace or a secret.
 *
 * @example
 * ```ts
 * chainErrorOf(new RpcError('RPC_UNAVAILABLE', { chainId: 1, method: 'eth_feeHistory' })); // { status: 503, code: 'RPC_UNAVAILABLE', … }
 * ```
 */
export function chainErrorOf(error: unknown): ChainErrorDto {
  const problem = problemFromError(error);
  return { status: problem.status, code: problem.code, title: problem.title };
}
