import type { GatewayReceipt } from '../gatewayTypes.js';
import { isCancelTransaction } from '../isCancelTransaction.js';
import { UNSETTLED_STATUSES } from '../store/storeInput.js';
import type { ExecutionRecord, ExecutionRecordPatch } from '../types.js';
import { feeBudgetOf } from './feeBudgetOf.js';
import type { GatewayContext } from './GatewayContext.js';
import { moveExecution } from './moveExecution.js';

/** Parameters of {@link settleStep}. */
export interface SettleStepParameters {
  readonly id: string;
  readonly receipt: GatewayReceipt;
  /** Turns the receipt into the record's `result` (wins over the gateway's `describeResult`). */
  readonly describeResult?: ((receipt: GatewayReceipt) => Record<string, unknown>) | undefined;
}

/**
 * Settles an execution from its mined receipt, as ONE idempotent step that a later pass can finish: the governor
 * commit — the value plus the fee actually paid on success, the fee only on a revert or when the operator's cancel
 * was mined — then the record (compare-and-set while it is unsettled: `confirmed`, `reverted` or `cancelled`) and a
 * `settled` event. A commit that finds the reservation already settled (an earlier pass committed it and stopped
 * before the record) still finishes the record. The commit is exact: every transaction signed fits in the fee budget
 * held, so the fee paid never exceeds what was reserved (no clamp to hide an overpay; only records reserved before
 * the budget was kept are capped at their reservation, as they always were).
 *
 * @example
 * ```ts
 * const settled = await settleStep(ctx, { id: record.id, receipt });
 * ```
 */
export async function settleStep(
  ctx: GatewayContext,
  { id, receipt, describeResult }: SettleStepParameters,
): Promise<ExecutionRecord> {
  const record = (await ctx.store.get(id)) as ExecutionRecord;
  if (!UNSETTLED_STATUSES.includes(record.status)) return record;
  const feeWei = receipt.gasUsed * receipt.effectiveGasPrice;
  const mined = record.transactions.find(
    (t) => t.hash.toLowerCase() === receipt.transactionHash.toLowerCase(),
  );
  const cancelled = mined !== undefined && isCancelTransaction(record, mined);
  const held = record.valueWei ?? 0n;
  const budget = feeBudgetOf(ctx.settings, record);
  const value = held > budget ? held - budget : 0n;
  const spent = receipt.status === 1 && !cancelled ? value + feeWei : feeWei;
  if (record.reservationId !== null) {
    const commit = record.feeReservedWei === null && spent > held ? held : spent;
    await ctx.governor.commit({ id: record.reservationId, value: commit }).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== 'RESERVATION_ALREADY_SETTLED') throw error;
    });
  }
  const describe =
    describeResult ??
    (ctx.describeResult
      ? (r: GatewayReceipt) => ctx.describeResult?.({ record, receipt: r }) ?? {}
      : undefined);
  const patch: ExecutionRecordPatch = {
    status: cancelled ? 'cancelled' : receipt.status === 1 ? 'confirmed' : 'reverted',
    code: cancelled ? 'CANCELLED' : receipt.status === 1 ? null : 'TX_REVERTED',
    reason: cancelled
      ? `cancelled by ${record.cancelRequestedBy ?? 'the operator'}: the action did not happen; the cancel's fee was spent`
      : receipt.status === 1
        ? null
        : 'the transaction was mined and reverted; the fee was spent',
    minedHash: receipt.transactionHash,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash ?? null,
    feeWei,
    ...(receipt.status === 1 && !cancelled && describe ? { result: describe(receipt) } : {}),
  };
  const settled = await moveExecution(ctx, record, UNSETTLED_STATUSES, patch);
  // Null: another writer settled it meanwhile (from the same chain); its record stands.
  if (!settled) return (await ctx.store.get(id)) ?? record;
  ctx.emit({ type: 'settled', executionId: id, status: settled.status, feeWei });
  return settled;
}
