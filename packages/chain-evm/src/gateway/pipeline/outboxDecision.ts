import type { NonceOutboxRow } from '../nonces/NonceStore.js';
import type { OutboxDecision } from '../nonces/recoverNonceOutbox.js';
import type { GatewayContext } from './GatewayContext.js';

/** How long an outbox row whose execution does not record it yet may be its signer's, still at work (ms). */
export const OUTBOX_GRACE_MS = 120_000;

/**
 * What the outbox recovery does with a row of this wallet, from the execution it belongs to as recorded now: the
 * execution records that nonce and is `signed`/`pending` → broadcast the stored bytes again (not after a kill: only
 * an operator's cancel goes out then, and the reconciler sends it); it failed or was blocked → fill the nonce (its
 * transaction will never be sent); not recorded yet (`preparing`, or no record) → fill only once the row is older
 * than {@link OUTBOX_GRACE_MS} (its signer died between the allocation and the record), else wait.
 *
 * @example
 * ```ts
 * const decision = await outboxDecision(ctx, row, { killed: false });
 * ```
 */
export async function outboxDecision(
  ctx: GatewayContext,
  row: NonceOutboxRow,
  { killed }: { readonly killed: boolean },
): Promise<OutboxDecision> {
  const record = row.executionId === null ? null : await ctx.store.get(row.executionId);
  const stale = ctx.clock() - row.createdAt > OUTBOX_GRACE_MS;
  if (record === null || record.status === 'preparing') return stale ? 'fill' : 'wait';
  if (record.status === 'failed' || record.status === 'blocked') return 'fill';
  if (record.status === 'signed' || record.status === 'pending') {
    if (record.nonce !== row.nonce) return stale ? 'fill' : 'wait';
    return killed ? 'wait' : 'broadcast';
  }
  // Mined (confirmed, reverted, cancelled): the chain's count moves past it.
  return 'wait';
}
