import type { ExecuteReturnType } from '../gatewayTypes.js';
import type { ExecutionRecord } from '../types.js';
import type { GatewayContext } from './GatewayContext.js';
import { moveExecution } from './moveExecution.js';

/**
 * What follows a broadcast: the record moved `signed` → `pending`, the `broadcast` event, then `follow` (the receipt
 * and the settlement). The signed bytes were handed to the node, so the transaction may be on chain whatever fails
 * from here on: a store or ledger that cannot record it (a full disk, a read-only database) never turns the answer
 * into "nothing happened". The execution is returned as last recorded (`signed` or `pending`, its hash known, its
 * reservation still counting) and the reconciler finishes it once the store writes again — never a second signature.
 *
 * @example
 * ```ts
 * return afterBroadcast(ctx, signed.record, signed.sent, (pending) => followAndSettle(pending));
 * ```
 */
export async function afterBroadcast(
  ctx: GatewayContext,
  signed: ExecutionRecord,
  sent: { readonly hash: `0x${string}`; readonly nonce: number },
  follow: (pending: ExecutionRecord) => Promise<ExecuteReturnType>,
): Promise<ExecuteReturnType> {
  let pending = signed;
  try {
    pending = (await moveExecution(ctx, signed, ['signed'], { status: 'pending' })) ?? signed;
  } catch {
    // Left `signed`: the reconciler re-sends the same bytes (a no-op once mined) and moves it on.
  }
  ctx.emit({ type: 'broadcast', executionId: signed.id, hash: sent.hash, nonce: sent.nonce });
  try {
    return await follow(pending);
  } catch {
    const latest = await ctx.store.get(signed.id).catch(() => null);
    return { record: latest ?? pending, receipt: null };
  }
}
