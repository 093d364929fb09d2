import type { RpcSender } from '../../multicall/aggregate3.js';
import { sendRawTransaction } from '../nonces/sendRawTransaction.js';
import type { Hex } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * Hands a signed transaction to the node (`eth_sendRawTransaction`, with the RPC time-out). A node that already
 * has it (a re-broadcast, or a first send that did arrive) is success, and so is `nonce too low` for a transaction
 * the node knows by its own hash (another instance broadcast the same stored bytes first and they were mined); any
 * other failure throws for the caller to classify (refused → nothing reached the node; anything else → it may have).
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
  await sendRawTransaction({
    provider: async () => provider,
    chainId,
    raw,
    timeoutMs: ctx.settings.rpcTimeoutMs,
  });
}
