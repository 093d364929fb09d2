import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Address } from '../../chains/chains.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * One number the reconciler decides on, read strictly (a node that errs or times out throws): the head block
 * (`eth_blockNumber`) or the wallet's mined transaction count (`eth_getTransactionCount(…, 'latest')`).
 *
 * @example
 * ```ts
 * const head = await readChainNumber(ctx, { provider, chainId, what: 'block' });
 * const used = await readChainNumber(ctx, { provider, chainId, what: 'nonce', address });
 * ```
 */
export async function readChainNumber(
  ctx: GatewayContext,
  p: { readonly provider: RpcSender; readonly chainId: number } & (
    | { readonly what: 'block' }
    | { readonly what: 'nonce'; readonly address: Address }
  ),
): Promise<number> {
  const method = p.what === 'block' ? 'eth_blockNumber' : 'eth_getTransactionCount';
  const params = p.what === 'block' ? [] : [p.address, 'latest'];
  const raw = await rpcCall({
    chainId: p.chainId,
    method,
    timeoutMs: ctx.settings.rpcTimeoutMs,
    run: () => p.provider.send(method, params),
  });
  return Number(BigInt(raw as string));
}
