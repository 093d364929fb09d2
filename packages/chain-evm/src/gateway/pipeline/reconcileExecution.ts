import { isCancelTransaction } from '../isCancelTransaction.js';
import type { ExecutionRecord } from '../types.js';
import { broadcastStep } from './broadcastStep.js';
import { findNonceTaker } from './findNonceTaker.js';
import { findReceipt } from './findReceipt.js';
import type { GatewayContext } from './GatewayContext.js';
import { isCancelDue } from './isCancelDue.js';
import { killSwitchStep } from './killSwitchStep.js';
import { readChainNumber } from './readChainNumber.js';
import { sendCancel } from './sendCancel.js';
import { settleStep } from './settleStep.js';
import { writeExecution } from './writeExecution.js';

/**
 * Finishes ONE unsettled execution that no one is running, from a record just read (every change is a
 * compare-and-set on that read; a lost one throws and the record waits for the next pass):
 * - `preparing` (nothing was signed: signing records the transaction before any broadcast) → `failed`
 *   `INTERRUPTED`, the record first, then its reservation released — once its last write is at least
 *   `settings.interruptPreparingAfterMs` old (another process sharing the store may still be preparing it);
 * - a hash of it mined (strict lookups: a node that errs decides nothing) → settled ({@link settleStep});
 * - its nonce used and no receipt of ours → `NONCE_CONSUMED` (reservation released) only when that is seen again at
 *   least `nonceConsumedAfterBlocks` blocks after it was first seen (kept on the record): one lagging node must not
 *   release a mined transaction's reservation; the transaction that took the nonce is named (`result.nonceTakenBy`,
 *   and in the reason) when the node can find it ({@link findNonceTaker});
 * - otherwise: an operator's cancel requested and not sent yet is sent; what was signed is handed to the node again
 *   (a crash may have come before the broadcast) — except, after a kill, anything but an operator's cancel.
 * Returns the record when it changed, else `null`.
 *
 * @example
 * ```ts
 * const changed = await reconcileExecution(ctx, await store.get(id));
 * ```
 */
export async function reconcileExecution(
  ctx: GatewayContext,
  read: ExecutionRecord,
): Promise<ExecutionRecord | null> {
  let record = read;
  if (record.status === 'preparing') {
    if (ctx.clock() - record.updatedAt < ctx.settings.interruptPreparingAfterMs) return null;
    const failed = await writeExecution(ctx, record, {
      patch: {
        status: 'failed',
        code: 'INTERRUPTED',
        reason: 'interrupted before signing; nothing was sent',
      },
    });
    if (record.reservationId !== null)
      await ctx.governor.release({ id: record.reservationId }).catch(() => undefined);
    return failed;
  }
  const provider = await ctx.provider(record.chainId);
  const receipt = await findReceipt(ctx, { provider, record });
  if (receipt) return settleStep(ctx, { id: record.id, receipt });
  const last = record.transactions.at(-1);
  if (!last) return null;
  const chainId = record.chainId;
  const used = await readChainNumber(ctx, { provider, chainId, what: 'nonce', address: ctx.address });
  if (used > last.nonce) {
    // Our nonce is used, and the node answered for every hash of ours that it is not mined — unless one was mined
    // in between: look once more.
    const late = await findReceipt(ctx, { provider, record });
    if (late) return settleStep(ctx, { id: record.id, receipt: late });
    const block = await readChainNumber(ctx, { provider, chainId, what: 'block' });
    const since = record.nonceGoneSinceBlock;
    if (since === null || block < since)
      return writeExecution(ctx, record, { patch: { nonceGoneSinceBlock: block } });
    if (block - since < ctx.settings.nonceConsumedAfterBlocks) return null;
    // Name the transaction that took it, when the node can say (never a condition; one of ours → settle next pass).
    const taker = await findNonceTaker(ctx, {
      provider,
      chainId,
      address: ctx.address,
      nonce: last.nonce,
      head: block,
    });
    if (taker && record.transactions.some((t) => t.hash.toLowerCase() === taker.toLowerCase())) return null;
    const failed = await writeExecution(ctx, record, {
      patch: {
        status: 'failed',
        code: 'NONCE_CONSUMED',
        reason: `the nonce was used by another transaction${taker ? ` (${taker})` : ''} (no receipt of ours from block ${since} to ${block})`,
        ...(taker ? { result: { ...(record.result ?? {}), nonceTakenBy: taker } } : {}),
      },
    });
    if (record.reservationId !== null)
      await ctx.governor.release({ id: record.reservationId }).catch(() => undefined);
    ctx.emit({ type: 'settled', executionId: record.id, status: 'failed', feeWei: null });
    return failed;
  }
  if (record.nonceGoneSinceBlock !== null) {
    // The nonce is free again (the node that said otherwise was ahead of the one answering now): start over.
    record = await writeExecution(ctx, record, { patch: { nonceGoneSinceBlock: null } });
  }
  if (isCancelDue(record)) return sendCancel(ctx, record);
  const killed = (await killSwitchStep(ctx, 'signing')) !== null;
  for (const tx of record.transactions) {
    if (killed && !isCancelTransaction(record, tx)) continue;
    await broadcastStep(ctx, { provider, chainId, raw: tx.raw }).catch(() => undefined);
  }
  if (record.status === 'signed' && !killed)
    return writeExecution(ctx, record, { patch: { status: 'pending' } });
  return null;
}
