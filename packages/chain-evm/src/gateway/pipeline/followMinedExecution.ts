import { isCancelTransaction } from '../isCancelTransaction.js';
import type { ExecutionRecord } from '../types.js';
import { broadcastStep } from './broadcastStep.js';
import type { GatewayContext } from './GatewayContext.js';
import { killSwitchStep } from './killSwitchStep.js';
import { writeExecution } from './writeExecution.js';

/** Settled statuses whose transaction was mined (and can be reorganized away). */
const MINED_STATUSES = ['confirmed', 'reverted', 'cancelled'] as const;

/**
 * Follows ONE recently mined execution after it settled (from a record just read; `head` is the chain's head from
 * the same node), when its stored block hash no longer matches the chain's block at that number (or it has none, a
 * record settled before hashes were stored): its mined hash is looked up again, strictly. Still mined in the same
 * block → the stored block hash is brought up to date (nothing else). Mined in another block (a reorg that re-included
 * it) → the record's block and hash are corrected. Not mined any more (its block was reorganized away) → the record
 * goes back to `pending` (`REORGED`, compare-and-set on what was read) and the same signed bytes are handed to the
 * node again — the nonce is still ours — except, after a kill, anything but an operator's cancel; the reconciler then
 * follows it like any pending execution and settles it once more. The governor is not charged twice: its reservation
 * was committed once, and committing it again is refused and tolerated by {@link settleStep}. A node whose head is
 * below the record's block decides nothing (a lagging node). Returns the record when it changed, else `null`; a node
 * that errs throws.
 *
 * @example
 * ```ts
 * const changed = await followMinedExecution(ctx, record, head);
 * ```
 */
export async function followMinedExecution(
  ctx: GatewayContext,
  record: ExecutionRecord,
  head: number,
): Promise<ExecutionRecord | null> {
  if (!(MINED_STATUSES as readonly string[]).includes(record.status)) return null;
  if (record.minedHash === null || record.blockNumber === null || head < record.blockNumber) return null;
  const provider = await ctx.provider(record.chainId);
  const receipt = await ctx.steps.fetchReceipt({ provider, chainId: record.chainId, hash: record.minedHash });
  if (receipt !== null) {
    const blockHash = receipt.blockHash ?? null;
    if (
      receipt.blockNumber === record.blockNumber &&
      (blockHash === null || blockHash.toLowerCase() === record.blockHash?.toLowerCase())
    ) {
      return null;
    }
    return writeExecution(ctx, record, { patch: { blockNumber: receipt.blockNumber, blockHash } });
  }
  const back = await writeExecution(ctx, record, {
    patch: {
      status: 'pending',
      code: 'REORGED',
      reason: `block ${record.blockNumber}, where its transaction was mined, was reorganized away: following it again`,
      minedHash: null,
      blockNumber: null,
      blockHash: null,
    },
  });
  ctx.emit({
    type: 'reorged',
    executionId: record.id,
    blockNumber: record.blockNumber,
    blockHash: record.blockHash,
    hash: record.minedHash,
  });
  const killed = (await killSwitchStep(ctx, 'signing')) !== null;
  for (const tx of record.transactions) {
    if (killed && !isCancelTransaction(record, tx)) continue;
    await broadcastStep(ctx, { provider, chainId: record.chainId, raw: tx.raw }).catch(() => undefined);
  }
  return back;
}
