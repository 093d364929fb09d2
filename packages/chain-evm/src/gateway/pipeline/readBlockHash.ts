import { RpcError } from '../../errors/RpcError.js';
import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * The hash of block `block` as the node sees it now (`eth_getBlockByNumber`, without transactions), read strictly: a
 * node that errs or times out throws; `null` only when the node answered that it has no such block (above its head).
 * Lower-case, as the gateway stores hashes.
 *
 * @example
 * ```ts
 * const hash = await readBlockHash(ctx, { provider, chainId: 1, block: 19_000_000 });
 * ```
 */
export async function readBlockHash(
  ctx: GatewayContext,
  p: { readonly provider: RpcSender; readonly chainId: number; readonly block: number },
): Promise<Hex | null> {
  const method = 'eth_getBlockByNumber';
  const answer = (await rpcCall({
    chainId: p.chainId,
    method,
    timeoutMs: ctx.settings.rpcTimeoutMs,
    run: () => p.provider.send(method, [`0x${p.block.toString(16)}`, false]),
  })) as { hash?: unknown } | null;
  if (answer === null) return null;
  if (typeof answer?.hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(answer.hash)) {
    throw new RpcError('RPC_ERROR', { chainId: p.chainId, method, details: `malformed block ${p.block}` });
  }
  return answer.hash.toLowerCase() as Hex;
}
