import { RpcError } from '../errors/RpcError.js';
import type { Hex } from '../gateway/types.js';
import type { RpcSender } from '../multicall/aggregate3.js';
import { rpcCall } from './rpcCall.js';

/**
 * The hash of block `block` as the node sees it now (`eth_getBlockByNumber`, without transactions), lower-case; `null`
 * only when the node answered that it has no such block (above its head). A node that errs, times out or answers a
 * malformed block throws an {@link RpcError}.
 *
 * @example
 * ```ts
 * const hash = await fetchBlockHash({ provider, chainId: 1, block: 19_000_000 });
 * ```
 */
export async function fetchBlockHash({
  provider,
  chainId,
  block,
  timeoutMs,
}: {
  readonly provider: RpcSender;
  readonly chainId: number;
  readonly block: number;
  readonly timeoutMs?: number | undefined;
}): Promise<Hex | null> {
  const method = 'eth_getBlockByNumber';
  const answer = (await rpcCall({
    chainId,
    method,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    run: () => provider.send(method, [`0x${block.toString(16)}`, false]),
  })) as { hash?: unknown } | null;
  if (answer === null) return null;
  if (typeof answer?.hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(answer.hash)) {
    throw new RpcError('RPC_ERROR', { chainId, method, details: `malformed block ${block}` });
  }
  return answer.hash.toLowerCase() as Hex;
}
