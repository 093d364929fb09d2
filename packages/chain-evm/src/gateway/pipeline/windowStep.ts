import type { Refusal } from '../checkPolicy.js';
import type { SenderWindowSlot } from '../SenderWindow.js';
import type { GatewayContext } from './GatewayContext.js';

/**
 * A slot of the in-flight window (at most `maxPendingPerSender` unmined transactions of the wallet on the chain):
 * waits its turn up to `senderWindowWaitMs`, then refuses `SENDER_WINDOW_FULL` — never a signed transaction the node
 * would drop. Give the slot back once the transaction is recorded (the store counts it from then on) or nothing was
 * signed.
 *
 * @example
 * ```ts
 * const window = await windowStep(ctx, { chainId });
 * if ('refusal' in window) return blockExecution(ctx, record, window.refusal, { reservationId });
 * ```
 */
export async function windowStep(
  ctx: GatewayContext,
  { chainId }: { readonly chainId: number },
): Promise<{ readonly slot: SenderWindowSlot } | { readonly refusal: Refusal }> {
  const slot = await ctx.window.acquire({ chainId, sender: ctx.address });
  if (slot !== null) return { slot };
  const { maxPendingPerSender, senderWindowWaitMs } = ctx.settings;
  return {
    refusal: {
      code: 'SENDER_WINDOW_FULL',
      reason: `${maxPendingPerSender} transactions of this wallet are unmined on chain ${chainId}: no slot freed within ${senderWindowWaitMs} ms; nothing was signed`,
    },
  };
}
