import type { BroadcastTransaction, FeeQuote } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { signGatewayTransaction } from './signGatewayTransaction.js';

/** Gas of a plain transfer. */
const TRANSFER_GAS = 21_000n;

/**
 * Signs a 0-value transfer of the wallet to itself at `nonce` (no call data, 21 000 gas, the given fees): what fills
 * a nonce whose own transaction will never be mined, so the wallet's sequence keeps no hole.
 *
 * @example
 * ```ts
 * const filler = await signSelfTransfer(ctx, { chainId, nonce, fees });
 * ```
 */
export function signSelfTransfer(
  ctx: GatewayContext,
  { chainId, nonce, fees }: { readonly chainId: number; readonly nonce: number; readonly fees: FeeQuote },
): Promise<BroadcastTransaction> {
  return signGatewayTransaction(ctx, {
    chainId,
    nonce,
    to: ctx.address,
    data: '0x',
    value: 0n,
    gasLimit: TRANSFER_GAS,
    fees,
  });
}
