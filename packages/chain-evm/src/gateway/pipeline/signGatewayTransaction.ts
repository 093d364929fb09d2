import { Transaction } from 'ethers';
import type { BroadcastTransaction, Hex } from '../types.js';
import type { GatewayContext, UnsignedGatewayTransaction } from './GatewayContext.js';
import { maxFeeOf } from './maxFeeOf.js';

/**
 * Signs one transaction with the wallet and describes it as the execution record keeps it (hash, raw, nonce, gas
 * limit, fees, signing time). The raw transaction is public once broadcast; it is kept so a crash before the
 * broadcast can be recovered.
 *
 * @example
 * ```ts
 * const tx = await signGatewayTransaction(ctx, { chainId, nonce, to, data, value, gasLimit, fees });
 * ```
 */
export async function signGatewayTransaction(
  ctx: GatewayContext,
  unsigned: UnsignedGatewayTransaction,
): Promise<BroadcastTransaction> {
  const raw = await ctx.signTransaction(unsigned);
  const { fees } = unsigned;
  return {
    hash: Transaction.from(raw).hash as Hex,
    raw,
    nonce: unsigned.nonce,
    gasLimit: unsigned.gasLimit,
    maxFeePerGas: maxFeeOf(fees),
    maxPriorityFeePerGas: fees.kind === 'eip1559' ? fees.maxPriorityFeePerGas : null,
    signedAt: ctx.clock(),
  };
}
