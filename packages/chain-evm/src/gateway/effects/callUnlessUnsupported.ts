import { RpcError } from '../../errors/RpcError.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';

/** Texts nodes answer for a method they do not offer (geth/anvil -32601, proxies and hosted RPCs' own words). */
const UNSUPPORTED =
  /-32601|method not found|method .*(?:not (?:supported|available|found|allowed|exist)|does not exist|is not available)|unsupported method|unknown method|not whitelisted/i;

/**
 * One JSON-RPC call with a time-out: its result, or `unsupported` when the node says it does not offer the method.
 * Every other failure throws a typed `RpcError` (time-out, unreachable node, an error answer).
 *
 * @example
 * ```ts
 * const answer = await callUnlessUnsupported({ provider, chainId, method: 'eth_simulateV1', params, timeoutMs });
 * if (answer.kind === 'unsupported') return tryTheNextMethod();
 * ```
 */
export async function callUnlessUnsupported({
  provider,
  chainId,
  method,
  params,
  timeoutMs,
}: {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly method: string;
  readonly params: unknown[];
  readonly timeoutMs: number;
}): Promise<{ readonly kind: 'answer'; readonly result: unknown } | { readonly kind: 'unsupported' }> {
  try {
    const result = await rpcCall({ chainId, method, run: () => provider.send(method, params), timeoutMs });
    return { kind: 'answer', result };
  } catch (error) {
    if (
      error instanceof RpcError &&
      error.code === 'RPC_ERROR' &&
      UNSUPPORTED.test(String((error.cause as Error | undefined)?.message ?? ''))
    ) {
      return { kind: 'unsupported' };
    }
    throw error;
  }
}
