import type { RpcSender } from '../../multicall/aggregate3.js';
import { rpcCall } from '../../rpc/rpcCall.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * Hands a signed transaction to the node (`eth_sendRawTransaction`, with the RPC time-out). A node that already
 * has it (a re-broadcast, or a first send that did arrive) is success; any other failure throws for the caller to
 * classify (refused → nothing reached the node; anything else → it may have).
 *
 * @example
 * ```ts
 * await broadcastStep(ctx, { provider, chainId, raw: tx.raw });
 * ```
 */
export async function broadcastStep(
  ctx: GatewayContext,
  { provider, chainId, raw }: { readonly provider: RpcSender; readonly chainId: number; readonly raw: Hex },
): Promise<void> {
  try {
    await rpcCall({
      chainId,
      method: 'eth_sendRawTransaction',
      timeoutMs: ctx.settings.rpcTimeoutMs,
      run: () => provider.send('eth_sendRawTransaction', [raw]),
    });
  } catch (error) {
    const e = error as { message?: unknown; cause?: { message?: unknown } } | null;
    const text = `${String(e?.message ?? '')} ${String(e?.cause?.message ?? '')}`;
    if (/already known|known transaction|already imported/i.test(text)) return;
    throw error;
  }
}
